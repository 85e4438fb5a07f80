import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments, searchFacets } from "../../lib/queries/search";
import { toSearchResponse } from "../../lib/search/response";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { commitAll, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;
let first: string;

const facts = (over: Partial<family.SaveFacts>): family.SaveFacts => ({
  title: "Plain title",
  slug: "plain-title",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-25T10:00:00Z"),
  status: "in-progress",
  tasks: [{ text: "do the thing", done: false }],
  keyFiles: ["src/app.ts"],
  decision: "Keep it simple",
  gotcha: "Nothing special",
  ...over,
});

const search = (q: string, options = {}) => searchDocuments(space.db(), q, options);
const titles = (q: string, options = {}) => search(q, options).hits.map((h) => h.title);

beforeAll(async () => {
  space = tempSpace("cairn-search-");
  world = buildWorld(join(space.dir, "world"), { repositories: 2, htmlCheckpoints: 3, start: new Date("2026-11-01T08:00:00Z") });
  first = world.repositories[0].path;
  const head = world.repositories[0].shas.at(-1)!;
  writeFiles(first, {
    // a title hit and a body hit for the same rare word
    ".claude/checkpoints/20261125-100000-zebra-importer.html": family.htmlCheckpoint(facts({ title: "Zebra importer", slug: "zebra-importer", headSha: head })),
    ".claude/checkpoints/20261125-110000-plain-notes.html": family.htmlCheckpoint(
      facts({ title: "Plain notes", slug: "plain-notes", headSha: head, gotcha: "Watch the zebra crossing near the office", savedAt: new Date("2026-11-25T11:00:00Z") }),
    ),
    // hostile text: must come back escaped, with only our marks
    ".claude/checkpoints/20261125-120000-hostile.html": family.htmlCheckpoint(
      facts({ title: "Hostile <b>title</b>", slug: "hostile", headSha: head, gotcha: 'Never paste <script>alert("pwned")</script> into notes', savedAt: new Date("2026-11-25T12:00:00Z") }),
    ),
    ".claude/checkpoints/unicode.md": family.frontmatterCheckpoint(facts({ title: "Überarbeitung des Imports 🚀", status: "completed", branch: "feature/umlaut" })),
    ".claude/checkpoints/20261125-130000-japanese.html": family.htmlCheckpoint(facts({ title: "インポートの修正", slug: "japanese", headSha: head, savedAt: new Date("2026-11-25T13:00:00Z") })),
  });
  commitAll(first, "docs: more checkpoints");
  writeFiles(world.home, { ".claude/checkpoints/20261120-101500.md": family.promptMd(facts({ title: "Unlinked wombat notes" }), "/nowhere/else") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
});
afterAll(() => space.cleanup());

describe("full-text search", () => {
  it("finds words anywhere, with prefixes, and counts every match", () => {
    const result = search("rate limiter");
    expect(result.total).toBeGreaterThan(0);
    expect(result.hits.every((h) => h.matchedBy === "text")).toBe(true);
    expect(search("webho").total).toBeGreaterThanOrEqual(search("webhooks").total);
    expect(search("webhooks").total).toBeGreaterThan(0);
    expect(search("exponentia").total).toBe(search('"exponential backoff"').total);
  });

  it("ranks a title hit above a body hit", () => {
    expect(titles("zebra")).toEqual(["Zebra importer", "Plain notes"]);
    expect(search("zebra").hits[0].rank!).toBeLessThan(search("zebra").hits[1].rank!);
  });

  it("matches phrases exactly, and leaves out excluded words", () => {
    expect(titles('"zebra crossing"')).toEqual(["Plain notes"]);
    expect(titles('"crossing zebra"')).toEqual([]);
    expect(titles("zebra -crossing")).toEqual(["Zebra importer"]);
    expect(titles("zebra OR インポート")).toEqual(expect.arrayContaining(["Zebra importer", "Plain notes", "インポートの修正"]));
  });

  it("folds case and diacritics and finds CJK titles", () => {
    expect(titles("uberarbeitung")).toEqual(["Überarbeitung des Imports 🚀"]);
    expect(titles("ÜBERARBEITUNG")).toEqual(["Überarbeitung des Imports 🚀"]);
    expect(titles("インポート")).toEqual(["インポートの修正"]);
  });

  it("builds snippets safely: the text escaped, only our marks", () => {
    const hit = toSearchResponse(search("pwned")).hits[0];
    expect(hit.title).toBe("Hostile <b>title</b>");
    expect(hit.snippetHtml).toContain("&lt;script&gt;alert(&quot;<mark>pwned</mark>&quot;)&lt;/script&gt;");
    expect(hit.snippetHtml.match(/<[^>]+>/g)).toEqual(["<mark>", "</mark>"]);
    expect(hit.titleHtml).toBe("Hostile &lt;b&gt;title&lt;/b&gt;");
    const titleHit = toSearchResponse(search("hostile")).hits[0];
    expect(titleHit.titleHtml).toBe("<mark>Hostile</mark> &lt;b&gt;title&lt;/b&gt;");
  });

  it("explains instead of failing on hostile queries", () => {
    for (const q of ['"', "(((", "AND OR NOT NEAR", "*", ":", "title:", "NEAR(a b)", "x".repeat(800), "🚀", "<script>"]) {
      const result = search(q);
      expect(Array.isArray(result.hits), q).toBe(true);
      expect(result.notes.join(" "), q).not.toMatch(/could not be run/);
    }
    expect(search("(((").notes.join(" ")).toMatch(/no letters or digits/);
    expect(search("").notes.join(" ")).toMatch(/type words/);
  });

  it("searches a word repeated 250 times once, and at most the first 32 words, saying so (issue 42)", () => {
    const repeated = search("rate* ".repeat(250));
    expect(repeated.hits.map((h) => h.id)).toEqual(search("rate*").hits.map((h) => h.id));
    expect(repeated.notes.join(" ")).toMatch(/repeated words were searched once/);
    const many = search(Array.from({ length: 60 }, (_, i) => `w${i}x`).join(" "));
    expect(many.notes.join(" ")).toMatch(/more than 32 words: only the first 32 were searched \(28 left out\)/);
  });

  it("pages through results without overlap", () => {
    const all = search("checkpoint OR rate OR webhook", { limit: 500 }).hits.map((h) => h.id);
    const page1 = search("checkpoint OR rate OR webhook", { limit: 5 }).hits.map((h) => h.id);
    const page2 = search("checkpoint OR rate OR webhook", { limit: 5, offset: 5 }).hits.map((h) => h.id);
    expect([...page1, ...page2]).toEqual(all.slice(0, 10));
  });
});

describe("filters", () => {
  const everyHit = (q: string, options: object, check: (h: ReturnType<typeof search>["hits"][number]) => boolean) => {
    const result = search(q, { limit: 500, ...options });
    expect(result.hits.length).toBeGreaterThan(0);
    expect(result.hits.every(check)).toBe(true);
    return result;
  };

  it("by repository: path, name, or global", () => {
    everyHit("rate", { repo: first }, (h) => h.repo === first);
    everyHit("rate", { repo: `${first}/` }, (h) => h.repo === first);
    everyHit("rate", { repo: "project-002" }, (h) => h.repoName === "project-002");
    everyHit("repo:project-001 rate", {}, (h) => h.repoName === "project-001");
    everyHit("wombat", { repo: "global" }, (h) => h.repo === null);
    expect(search("importer", { repo: "global" }).total).toBe(0);
    expect(titles("importer", { repo: "project-001" })).toContain("Global notes on the importer");
    expect(search("rate", { repo: "/no/such/repo" }).total).toBe(0);
  });

  it("by branch, status, family, kind", () => {
    everyHit("imports", { branch: "feature/umlaut" }, (h) => h.branch === "feature/umlaut");
    everyHit("rate", { status: "completed" }, (h) => h.status === "completed" || h.status === "superseded");
    everyHit("rate", { status: "in-progress" }, (h) => h.status === "in-progress" || h.status === "blocked");
    everyHit("project", { status: "none" }, (h) => h.status === null);
    everyHit("rate", { format: "handoff" }, (h) => h.format === "handoff");
    everyHit("family:handoff rate", {}, (h) => h.format === "handoff");
    everyHit("token", { kind: "research" }, (h) => h.kind === "research");
    const byStatus = search("rate", { limit: 500 }).total;
    expect(search("rate", { status: "completed" }).total + search("rate", { status: "in-progress" }).total + search("rate", { status: "none" }).total).toBe(byStatus);
  });

  it("by date range (inclusive days) and staleness", () => {
    everyHit("zebra", { from: "2026-11-25", to: "2026-11-25" }, (h) => h.savedAt!.startsWith("2026-11-25"));
    expect(search("zebra", { to: "2026-11-24" }).total).toBe(0);
    expect(search("zebra", { from: "2026-11-26" }).total).toBe(0);
    const levels = new Set(search("rate", { limit: 500 }).hits.map((h) => h.level));
    for (const level of levels) everyHit("rate", { level }, (h) => h.level === level);
  });

  it("lists by filters alone, newest first; explicit options win over typed ones", () => {
    const result = everyHit("", { kind: "research" }, (h) => h.kind === "research" && h.matchedBy === "filter");
    const dates = result.hits.map((h) => h.savedAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    everyHit("kind:journal", { kind: "research" }, (h) => h.kind === "research");
    expect(search("status:nonsense rate").notes.join(" ")).toMatch(/unknown status/);
  });

  it("offers only the values that exist", () => {
    const facets = searchFacets(space.db());
    expect(facets.repositories.map((r) => r.name)).toEqual(["project-001", "project-002"]);
    expect(facets.hasGlobal).toBe(true);
    expect(facets.branches).toContain("feature/umlaut");
    expect(facets.formats).toContain("html");
    expect(facets.kinds).toEqual(expect.arrayContaining(["checkpoint", "research"]));
  });
});

describe("trace", () => {
  it("file: lists every checkpoint that referenced or modified the file, newest first", () => {
    const result = search("file:src/app.ts", { limit: 500 });
    expect(result.total).toBe(result.hits.length);
    expect(result.total).toBeGreaterThan(10);
    expect(result.hits.every((h) => h.matchedBy === "file" && h.references!.some((r) => r.path === "src/app.ts"))).toBe(true);
    const dates = result.hits.map((h) => h.savedAt ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    expect(result.hits.some((h) => h.references!.some((r) => r.role === "modified"))).toBe(true);
    expect(toSearchResponse(result).hits[0].snippetHtml).toMatch(/<mark>src\/app\.ts<\/mark>/);
  });

  it("file: matches the end of a longer path, combines with words and filters, and finds nothing for unknown files", () => {
    expect(search("file:app.ts").total).toBe(search("file:src/app.ts").total);
    expect(search("file:./src/app.ts").total).toBe(search("file:src/app.ts").total);
    const narrowed = search("file:src/app.ts zebra", { limit: 500 });
    expect(narrowed.hits.map((h) => h.title)).toEqual(["Zebra importer", "Plain notes"]);
    expect(search("file:src/app.ts", { repo: first, limit: 500 }).hits.every((h) => h.repo === first)).toBe(true);
    expect(search("file:src/nope.ts").total).toBe(0);
    expect(search("file:pp.ts").total).toBe(0);
  });

  it("a commit sha finds the checkpoints saved at it (short or full), first", () => {
    const repo = world.repositories[0];
    const sha = repo.shas[0];
    for (const query of [sha, sha.slice(0, 7), sha.toUpperCase()]) {
      const result = search(query, { limit: 500 });
      const commits = result.hits.filter((h) => h.matchedBy === "commit");
      expect(commits.length, query).toBeGreaterThanOrEqual(3);
      expect(commits.every((h) => h.headSha === sha && h.repo === repo.path)).toBe(true);
      expect(result.hits.findIndex((h) => h.matchedBy !== "commit")).not.toBe(0);
    }
    expect(search(`${sha.slice(0, 7)} rate`).hits.filter((h) => h.matchedBy === "commit").every((h) => /rate/i.test(h.title ?? ""))).toBe(true);
    expect(search("0000000deadbeef").hits.filter((h) => h.matchedBy === "commit")).toEqual([]);
  });
});

describe("the response", () => {
  it("is the same from `cairn search --json` as from the API's code path", () => {
    const cli = execFileSync(process.execPath, ["bin/cairn.mjs", "search", "--json", "--db", space.dbPath, "--repo", first, "--status", "completed", "--group", "repo", "rate", "limiter"], {
      encoding: "utf8",
      env: { ...process.env, CAIRN_DB: space.dbPath },
    });
    const direct = toSearchResponse(search("rate limiter", { repo: first, status: "completed", limit: 20 }), "repo");
    // the command line adds one field (issue 38): whether meaning search is on; nothing is embedded here
    const { meaning, ...words } = JSON.parse(cli) as { meaning?: { line: string } };
    expect(words).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(meaning?.line).toMatch(/^Searching by words/);
    expect(direct.total).toBeGreaterThan(0);
  });

  it("groups by repository in the order of each repository's best hit", () => {
    const response = toSearchResponse(search("rate", { limit: 500 }), "repo");
    expect(response.groups!.map((g) => g.repoName)).toEqual([...new Set(response.hits.map((h) => h.repoName))]);
    expect(response.groups!.reduce((n, g) => n + g.hits.length, 0)).toBe(response.hits.length);
    expect(toSearchResponse(search("rate")).groups).toBeUndefined();
  });

  it("sees documents indexed after the first search", async () => {
    expect(search("quokka").total).toBe(0);
    writeFiles(first, { ".claude/checkpoints/20261126-090000-quokka.html": family.htmlCheckpoint(facts({ title: "Quokka census", slug: "quokka" })) });
    await indexRoots(space.db(), { roots: [world.root], home: world.home });
    expect(titles("quokka")).toEqual(["Quokka census"]);
  });
});
