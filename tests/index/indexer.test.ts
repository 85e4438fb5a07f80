import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { problems } from "../../db/schema";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;
let sha: string;

const baseFacts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Wire the importer",
  slug: "wire-the-importer",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-20T10:15:00Z"),
  status: "in-progress",
  tasks: [
    { text: "parse the header", done: true },
    { text: "map the columns", done: false },
  ],
  keyFiles: ["src/app.ts"],
  decision: "Stream the file instead of loading it whole",
  gotcha: "Excel exports use CRLF",
  ...over,
});

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "importer");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  sha = commitAll(repo, "feat: start");
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });
const problemMessages = () => space.db().select().from(problems).all().map((p) => `${p.filePath.split("/").pop()}: ${p.message}`);

describe("indexing a root", () => {
  it("indexes HTML and frontmatter checkpoints with title, status, branch, headSha and savedAt", async () => {
    const html = baseFacts({ headSha: sha });
    writeFiles(repo, {
      [family.htmlCheckpointPath(html)]: family.htmlCheckpoint(html),
      ".claude/checkpoints/older.md": family.frontmatterCheckpoint(baseFacts({ title: "Older notes", status: "completed", branch: "feature/csv" })),
    });
    const summary = await index();
    expect(summary.repositories).toBe(1);
    expect(summary.documents.new).toBe(2);
    const records = listRecords(space.db());
    const byTitle = Object.fromEntries(records.map((r) => [r.title, r]));
    expect(byTitle["Wire the importer"]).toMatchObject({
      repo,
      format: "html",
      status: "in-progress",
      branch: "main",
      headSha: sha,
      savedAt: "2026-11-20T10:15:00.000Z",
      source: "worktree",
      tasks: { done: 1, total: 2 },
    });
    expect(byTitle["Older notes"]).toMatchObject({ format: "frontmatter-md", status: "completed", branch: "feature/csv", headSha: null });
  });

  it("re-parses nothing on a second run with nothing changed, and notices edits and removals", async () => {
    const f = baseFacts({ headSha: sha });
    const path = join(repo, family.htmlCheckpointPath(f));
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    await index();
    const second = await index();
    expect(second.parsed).toBe(0);
    expect(second.documents).toMatchObject({ new: 0, changed: 0, removed: 0, unchanged: 1 });

    writeFileSync(path, family.htmlCheckpoint({ ...f, title: "Wire the importer, take two" }));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const third = await index();
    expect(third.documents.changed).toBe(1);
    expect(listRecords(space.db())[0].title).toBe("Wire the importer, take two");

    const { rmSync } = await import("node:fs");
    rmSync(path);
    const fourth = await index();
    expect(fourth.documents.removed).toBe(1);
    expect(listRecords(space.db())).toHaveLength(0);
  });

  it("keeps ids stable across re-indexes", async () => {
    const f = baseFacts({ headSha: sha });
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    await index();
    const first = listRecords(space.db())[0].id;
    const path = join(repo, family.htmlCheckpointPath(f));
    writeFileSync(path, family.htmlCheckpoint({ ...f, status: "completed" }));
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    await index();
    expect(listRecords(space.db())[0]).toMatchObject({ id: first, status: "completed" });
  });

  it("reads CRLF, a BOM and unicode titles", async () => {
    const crlf = family.frontmatterCheckpoint(baseFacts({ title: "Überarbeitung des Imports 🚀" })).replace(/\n/g, "\r\n");
    writeFiles(repo, {
      ".claude/checkpoints/crlf.md": `\uFEFF${crlf}`,
      ".claude/checkpoints/20261121-090000-japanese.html": family.htmlCheckpoint(baseFacts({ title: "インポートの修正", headSha: sha })),
    });
    await index();
    const titles = listRecords(space.db()).map((r) => r.title).sort();
    expect(titles).toEqual(["Überarbeitung des Imports 🚀", "インポートの修正"].sort());
    const crlfRecord = listRecords(space.db()).find((r) => r.format === "frontmatter-md")!;
    expect(crlfRecord.status).toBe("in-progress");
    expect(crlfRecord.tasks).toEqual({ done: 1, total: 2 });
  });

  it("turns bad files into specific problems without crashing", async () => {
    writeFiles(repo, {
      ".claude/checkpoints/broken.md": "---\ntitle: [unclosed\nstatus: in-progress\n---\n\n# Checkpoint: Broken\n",
      ".claude/checkpoints/empty.md": "",
      ".claude/checkpoints/20261120-101500-binary.html": Buffer.from([0x3c, 0x68, 0x00, 0x01, 0x02, 0x00, 0xff]),
      ".claude/checkpoints/huge.md": `---\nstatus: in-progress\n---\n${"x".repeat(5 * 1024 * 1024)}`,
    });
    const summary = await index();
    expect(summary.problems).toBeGreaterThanOrEqual(4);
    const messages = problemMessages();
    expect(messages.some((m) => m.startsWith("broken.md:") && /not valid YAML/i.test(m))).toBe(true);
    expect(messages).toContain("empty.md: file is empty");
    expect(messages.some((m) => m.startsWith("20261120-101500-binary.html:") && /binary/.test(m))).toBe(true);
    expect(messages.some((m) => m.startsWith("huge.md:") && /5\.0 MB, over the 2 MB limit/.test(m))).toBe(true);
    // the broken file is still shown with what could be read
    expect(listRecords(space.db()).find((r) => r.path.endsWith("broken.md"))?.problems.join(" ")).toMatch(/YAML/);
  });

  it("never reads a symlink's target outside the root", async () => {
    const outside = join(space.dir, "outside");
    mkdirSync(outside, { recursive: true });
    const secretTarget = join(outside, "secret.md");
    writeFileSync(secretTarget, family.frontmatterCheckpoint(baseFacts({ title: "Should never be indexed" })));
    mkdirSync(join(repo, ".claude", "checkpoints"), { recursive: true });
    symlinkSync(secretTarget, join(repo, ".claude", "checkpoints", "link.md"));
    symlinkSync(outside, join(repo, ".claude", "checkpoints-linked-dir"));
    await index();
    expect(listRecords(space.db()).map((r) => r.title)).not.toContain("Should never be indexed");
    expect(problemMessages()).toContain("link.md: symlink points outside the root; not read");
  });
});

describe("discovering repositories", () => {
  it("finds nested repositories and linked worktrees, and skips node_modules", async () => {
    const nested = join(repo, "packages", "inner");
    initRepo(nested);
    writeFiles(nested, { ".claude/checkpoints/inner.md": family.frontmatterCheckpoint(baseFacts({ title: "Inner" })) });
    commitAll(nested, "feat: inner");
    const hidden = join(root, "node_modules", "dep");
    initRepo(hidden);
    writeFiles(hidden, { ".claude/checkpoints/dep.md": family.frontmatterCheckpoint(baseFacts({ title: "Dependency" })) });
    const { git } = await import("../../scripts/fixtures/git");
    git(repo, ["worktree", "add", "-q", "-b", "side", join(root, "importer-side")]);
    writeFiles(join(root, "importer-side"), { ".claude/checkpoints/side.md": family.frontmatterCheckpoint(baseFacts({ title: "Side work" })) });
    const summary = await index();
    expect(summary.repositories).toBe(3);
    const titles = listRecords(space.db()).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(["Inner", "Side work"]));
    expect(titles).not.toContain("Dependency");
  });
});
