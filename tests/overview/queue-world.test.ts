/**
 * The morning answer in a staged, realistic world: months-old real-looking files committed by the user
 * (shapes from ../shared/corpus, read at test time), a folder README, two fresh saves of the user's own
 * (a handoff and a `.claude/last-session.md` with open next steps) and two fresh handoffs committed by a
 * teammate. Fresh work comes first, the teammate's handoffs are the only reviews, and nothing untouched
 * for 30 days sits above fresh work.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue, type QueueItem } from "../../lib/queries/queue";
import * as family from "../../scripts/fixtures/families";
import { git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

const CORPUS = join(process.cwd(), "..", "shared", "corpus");
const hasCorpus = existsSync(join(CORPUS, "MANIFEST.tsv"));
if (!hasCorpus) console.warn(`queue-world: ${CORPUS} is absent; the staged world is skipped`);

const DAY = 86_400_000;
const NOW = new Date();
const ME = { GIT_AUTHOR_NAME: "Sam Solo", GIT_AUTHOR_EMAIL: "sam@example.invalid", GIT_COMMITTER_NAME: "Sam Solo", GIT_COMMITTER_EMAIL: "sam@example.invalid" };
const MATE = { GIT_AUTHOR_NAME: "Ana Teammate", GIT_AUTHOR_EMAIL: "ana@team.invalid", GIT_COMMITTER_NAME: "Ana Teammate", GIT_COMMITTER_EMAIL: "ana@team.invalid" };

let space: TempSpace;
let items: QueueItem[];
const root = () => join(space.dir, "code");

function commit(repo: string, message: string, when: Date, who: Record<string, string>) {
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "--allow-empty", "-m", message], { ...who, GIT_AUTHOR_DATE: when.toISOString(), GIT_COMMITTER_DATE: when.toISOString() });
}

const facts = (title: string, daysAgo: number, branch = "main"): family.SaveFacts => ({
  title,
  slug: title.toLowerCase().replace(/\W+/g, "-"),
  branch,
  headSha: "",
  savedAt: new Date(NOW.getTime() - daysAgo * DAY),
  status: "in-progress",
  tasks: [{ text: "wire the exporter", done: true }, { text: "write the failing test", done: false }],
  keyFiles: ["src/app.ts"],
  decision: "Stream the rows",
  gotcha: "CRLF line endings",
});

/** Corpus files of these families, as [path in its repository, text]. */
function corpusFiles(): [string, string][] {
  const rows = readFileSync(join(CORPUS, "MANIFEST.tsv"), "utf8").split("\n").slice(1).map((l) => l.split("\t"));
  const wanted = new Set(["handoff-md", "last-session", "session-state", "prompt-md", "other-checkpoint-md"]);
  return rows
    .filter((r) => r.length > 4 && wanted.has(r[4]) && existsSync(join(CORPUS, r[0])) && /\.md$/i.test(r[2]))
    .map((r): [string, string] => [r[2], readFileSync(join(CORPUS, r[0]), "utf8")]);
}

beforeAll(async () => {
  if (!hasCorpus) return;
  space = tempSpace();
  writeFileSync(join(space.dir, "config.json"), JSON.stringify({ identity: { emails: [ME.GIT_AUTHOR_EMAIL], names: [ME.GIT_AUTHOR_NAME] } }));
  // 18 old repositories of the user's own, one real-looking file each, committed 40 to 400 days ago
  const files = corpusFiles();
  expect(files.length).toBeGreaterThan(18);
  for (let i = 0; i < 18; i++) {
    const repo = join(root(), `old-${i}`);
    initRepo(repo);
    writeFiles(repo, { "src/app.ts": "export {};\n" });
    const when = new Date(NOW.getTime() - (40 + i * 20) * DAY);
    commit(repo, "feat: start", new Date(when.getTime() - DAY), ME);
    const [path, text] = files[(i * 5) % files.length];
    writeFiles(repo, { [path]: text });
    commit(repo, "docs: session notes", when, ME);
  }
  // a folder README the user committed yesterday, beside an old handoff
  const docs = join(root(), "old-0");
  writeFiles(docs, { "docs/handoffs/README.md": "# Handoffs\n\nEach handoff lives here, one file per session.\n\n## Next steps\n\n- [ ] write one\n" });
  commit(docs, "docs: handoffs folder", new Date(NOW.getTime() - DAY), ME);

  // the user's own fresh saves: a handoff (committed) and a session briefing with open next steps
  const mine = join(root(), "exporter");
  initRepo(mine);
  writeFiles(mine, { "src/app.ts": "export {};\n" });
  commit(mine, "feat: start", new Date(NOW.getTime() - 5 * DAY), ME);
  writeFiles(mine, { ".claude/handoffs/exporter.md": family.handoff(facts("Ship the exporter", 1), mine) });
  commit(mine, "chore(checkpoint): ship the exporter", new Date(NOW.getTime() - 1 * DAY), ME);
  const notes = join(root(), "notes-app");
  initRepo(notes);
  writeFiles(notes, { "src/app.ts": "export {};\n" });
  commit(notes, "feat: start", new Date(NOW.getTime() - 5 * DAY), ME);
  writeFiles(notes, { ".claude/last-session.md": family.lastSession(facts("Search the notes", 2), true) }); // never committed

  // two fresh handoffs a teammate committed
  for (const [name, title, days] of [["billing", "Retry failed invoices", 1], ["auth", "Rotate the session keys", 3]] as const) {
    const repo = join(root(), name);
    initRepo(repo);
    writeFiles(repo, { "src/app.ts": "export {};\n" });
    commit(repo, "feat: start", new Date(NOW.getTime() - 10 * DAY), ME);
    writeFiles(repo, { "HANDOFF.md": family.handoff(facts(title, days), repo) });
    commit(repo, `chore(checkpoint): ${title}`, new Date(NOW.getTime() - days * DAY), MATE);
  }
  await indexRoots(space.db(), { roots: [root()], home: join(space.dir, "home") });
  items = (await loadQueue(space.db(), { now: NOW })).items;
}, 120_000);
afterAll(() => space?.cleanup());

const fresh = (item: QueueItem) => Date.parse(item.touchedAt ?? item.savedAt ?? "") > NOW.getTime() - 14 * DAY;
const old = (item: QueueItem) => Date.parse(item.touchedAt ?? item.savedAt ?? "") < NOW.getTime() - 30 * DAY;

describe.skipIf(!hasCorpus)("the queue in a realistic world", () => {
  it("puts fresh work first: the teammate's handoffs to review, then the user's own saves to resume", () => {
    const top = items.slice(0, 4).map((i) => [i.title, i.action]);
    expect(top).toEqual([
      ["Retry failed invoices", "review"],
      ["Rotate the session keys", "review"],
      ["Ship the exporter", "resume"],
      // the session briefing names two files the repository does not have: fresh, but to look at first
      // titled by its work ("What we just did"), not "Last session — <date>" (issue 39)
      [expect.stringMatching(/^Search the notes/), expect.stringMatching(/^(resume|re-verify)$/)],
    ]);
    expect(items[0]?.reason).toMatch(/^Ana Teammate's handoff, saved yesterday, never reviewed\.$/);
  });

  it("asks no review of the user's own handoffs, however old", () => {
    const reviews = items.filter((i) => i.action === "review").map((i) => i.title);
    expect(reviews.sort()).toEqual(["Retry failed invoices", "Rotate the session keys"]);
    expect(items.find((i) => i.title === "Ship the exporter")?.verb).toBe("Resume");
  });

  it("keeps everything untouched for 30 days below fresh work, as archive?", () => {
    const lastFresh = Math.max(...items.filter(fresh).map((i) => i.rank));
    const dormant = items.filter(old);
    expect(dormant.length).toBeGreaterThan(5);
    for (const item of dormant) {
      expect(item.rank).toBeGreaterThan(lastFresh);
      expect(item.verb).toBe("Archive?");
      expect(item.reason).toMatch(/^Untouched for \d+ days/);
    }
  });

  it("never puts a folder README near the top", () => {
    const readme = items.find((i) => i.path === "docs/handoffs/README.md");
    if (readme) expect(readme.rank).toBe(items.length);
    expect(items.slice(0, 4).some((i) => /readme/i.test(i.path))).toBe(false);
  });
});

describe("the queue's rule table", () => {
  it("lists each rule once, with a group", async () => {
    const { QUEUE_RULES } = await import("../../lib/queries/queue-rules");
    expect(new Set(QUEUE_RULES.map((r) => r.id)).size).toBe(QUEUE_RULES.length);
    expect(readdirSync(join(process.cwd(), "lib", "queries")).includes("queue-rules.ts")).toBe(true);
  });
});
