/**
 * Issue 29: the BUILT server watches a repository, and one commit adds a backtracking `.cairnignore` rule with
 * the name it chokes on, checkpoint names linked to a file outside the repository (in the home folder, the
 * server's default root), tens of thousands of tracked Markdown files, and a 47 KB JSON checkpoint of 6,000
 * tasks (issue 29, part 2: 16-19 s to parse before). The server must keep answering
 * other pages while it re-indexes (before: no answer at all once the rule met the name; 18-22 s stalls with
 * 200,000 files), and nothing of the linked file may reach the index.
 *
 * Issue 42: the same commit adds a 76 KB checkpoint of lines built to make line patterns backtrack (it froze
 * every request of the server for 15-17 s), read in time while the other pages keep answering; then a checkpoint
 * the parse worker is made to hang on (CAIRN_TEST_PARSE_STALL) is skipped with a problem after the per-document
 * budget the watcher now prepares changed documents under.
 *
 * Then (issue 42 item 2) a commit of secrets written escaped (JSON, YAML, Task Master, character references,
 * Markdown escapes, tags, a Spec Kit companion): no page shows them whole and the database holds none.
 */
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { leaksIn } from "../security/support/db-bytes";
import { ESCAPED_FILES, escapedTokens } from "../security/support/escaped";
import { fake } from "../support/fake-secrets";
import { OUTSIDE_MARKER, linkOutOf, writeBacktrackingRule, writeManyMarkdown } from "../security/support/hostile-discovery";
import { ensureBuilt, runCli, startServer, type RunningServer } from "../security/support/server";
import { HOSTILE_LINES, hostileBlock, hostileDocument } from "../../scripts/fixtures/hostile-lines";

const run = promisify(execFile);
/** Enough to stall the server for seconds before (30,000: 2.3 s, all in one stretch), quick enough to commit. */
const MARKDOWN_FILES = 50_000;
/** The goal is 1 s; asserted with room for a loaded machine (the stall before was the whole sniff, or for ever). */
const SLOWEST_ANSWER_MS = 1_500;
/** 47 KB of JSON: 6,000 tasks. */
const SIX_THOUSAND_TASKS = JSON.stringify({ title: "Six thousand steps", status: "in progress", tasks: Array.from({ length: 6_000 }, (_, i) => `S${i}`) });
/** The probe's slow-pattern checkpoint: 76 KB of 128-space runs split by one letter (15-17 s of a frozen server before). */
const SLOW_PATTERNS = hostileDocument(hostileBlock(HOSTILE_LINES[0][1], 76 * 1024));
/** The parse worker hangs on this document (CAIRN_TEST_PARSE_STALL) and gives up after the budget. */
const STALLED = "stalled-save.md";
const BUDGET_MS = 2_000;
const HANDOFF = (title: string) => `# Handoff: ${title}\n\n- Created: 2026-05-01T10:00:00Z\n- Branch: main\n\n## Next Steps\n1. Ship it\n`;

let dir: string;
let home: string;
let repo: string;
let db: string;
let server: RunningServer;

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "cairn-hostile-commit-"));
  home = join(dir, "home");
  repo = join(home, "code", "shop");
  db = join(dir, "cairn.db");
  initRepo(repo);
  // tens of thousands of new objects would start git's automatic gc in the background, writing while the folder is removed
  git(repo, ["config", "gc.auto", "0"]);
  writeFiles(repo, { "src/app.ts": "export {};\n", "HANDOFF_start.md": HANDOFF("Before the commit") });
  commitAll(repo, "feat: start");
  const indexed = runCli(["index", "--root", home, "--home", home, "--db", db], { CAIRN_DB: db, CAIRN_HOME: home });
  if (indexed.status !== 0) throw new Error(`cairn index failed: ${indexed.stderr}`);
  server = await startServer({ db, home, env: { CAIRN_PARSE_BUDGET_MS: String(BUDGET_MS), CAIRN_TEST_PARSE_STALL: STALLED, CAIRN_PARSE_WORKER: undefined } });
}, 900_000);

afterAll(async () => {
  const started = Date.now();
  await server?.stop();
  const stopped = Date.now();
  if (dir) rmSync(dir, { recursive: true, force: true });
  // tens of thousands of files and their git objects: removing them alone can take a minute on a loaded machine
  console.log(`hostile commit: server stopped in ${stopped - started} ms, folder removed in ${Date.now() - stopped} ms`);
}, 300_000);

function query<T>(sql: string): T[] {
  const sqlite = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return sqlite.prepare(sql).all() as T[];
  } finally {
    sqlite.close();
  }
}
const titles = () => query<{ title: string | null }>("SELECT title FROM documents").map((r) => r.title ?? "");
const problemsAbout = (name: string) =>
  query<{ file: string; message: string }>("SELECT file_path AS file, message FROM problems").filter((p) => p.file.endsWith(`/${name}`)).map((p) => p.message);

/** git add and commit without holding this process (the pages are asked meanwhile). */
async function commit(message: string): Promise<void> {
  const env = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@e", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@e" };
  await run("git", ["add", "-A"], { cwd: repo, env, maxBuffer: 64 * 1024 * 1024 });
  await run("git", ["commit", "-qm", message], { cwd: repo, env });
}

async function until(what: string, ok: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Asks for a cheap answer and a page, one after another, until stopped; each answer's time is kept. */
function pollPages(url: string) {
  const answers: { path: string; status: number; ms: number }[] = [];
  let stopped = false;
  const paths = ["/api/checkpoints?kind=all", "/problems"];
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const path = paths[n % paths.length];
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(15_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = -1; // no answer within 15 s
      }
      answers.push({ path, status, ms: performance.now() - started });
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    answers,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

describe("a watched repository receiving a hostile commit", () => {
  it("keeps the server answering while it re-indexes, and indexes nothing the links lead to", async () => {
    // the watcher is in place (it starts after the server's warm-up) once an ordinary commit shows up
    for (let attempt = 1; !titles().includes("Watcher ready"); attempt++) {
      if (attempt > 12) throw new Error(`the watcher never indexed an ordinary commit\n${server.output()}`);
      writeFiles(repo, { [`HANDOFF_ready_${attempt}.md`]: HANDOFF(attempt === 1 ? "Watcher ready" : `Try ${attempt}`) });
      if (attempt > 1) writeFiles(repo, { "HANDOFF_ready_1.md": HANDOFF("Watcher ready") + `\n<!-- ${attempt} -->\n` });
      await commit(`docs: ready ${attempt}`);
      await until("an ordinary commit", () => titles().includes("Watcher ready"), 5_000).catch(() => undefined);
    }

    // the many files are written first (in sub-folders the watcher does not look at), the rest with the commit
    writeManyMarkdown(repo, MARKDOWN_FILES);
    const polling = pollPages(server.url);
    try {
      await new Promise((r) => setTimeout(r, 500));
      writeBacktrackingRule(repo);
      linkOutOf(repo, join(home, ".ssh", "config"));
      writeFileSync(join(repo, "HANDOFF_after.md"), HANDOFF("After the commit"));
      writeFiles(repo, { ".claude/checkpoints/many-tasks.json": SIX_THOUSAND_TASKS, ".claude/checkpoints/slow-patterns.md": SLOW_PATTERNS });
      await commit("docs: a hostile commit");
      await until("the re-index after the hostile commit", () => titles().includes("After the commit") && titles().includes("Six thousand steps") && titles().includes("Hostile lines"), 120_000);
      // its problems are written with its documents; asserted below
      await until("the problems of the links", () => problemsAbout("HANDOFF.md").length > 0, 10_000).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      await polling.stop();
    }

    const answers = polling.answers;
    const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
    const summary = `${answers.length} answers, slowest ${Math.round(slowest.ms)} ms (${slowest.path})`;
    process.stdout.write(`hostile commit: ${summary}\n`);
    expect(answers.length, summary).toBeGreaterThan(10);
    expect(answers.filter((a) => a.status !== 200), summary).toEqual([]);
    expect(slowest.ms, summary).toBeLessThan(SLOWEST_ANSWER_MS);

    // the slow-pattern checkpoint was read whole
    expect(problemsAbout("slow-patterns.md")).toEqual([]);
    expect(problemsAbout("HANDOFF.md")).toEqual(["symlink points outside its repository; not read"]);
    expect(problemsAbout("x.md")).toEqual(["symlink points outside its repository; not read"]);
    expect(titles().join(" ")).not.toContain(OUTSIDE_MARKER);
    expect(leaksIn(db, [OUTSIDE_MARKER])).toEqual([]);
    const search = (await (await fetch(`${server.url}/api/search?q=${OUTSIDE_MARKER}`)).json()) as { total: number; hits: unknown[] };
    expect(search.total).toBe(0);
    expect(search.hits).toEqual([]);

    // a document the parse worker hangs on (after the timed window: the hang spins a core) is skipped after its budget
    writeFiles(repo, { [`.claude/checkpoints/${STALLED}`]: HANDOFF("Stalled save") });
    await commit("docs: a save the parser hangs on");
    await until("the stalled save's problem", () => problemsAbout(STALLED).length > 0, 60_000);
    expect(problemsAbout(STALLED)).toEqual([`parsing took longer than ${BUDGET_MS / 1000} s: skipped`]);
    expect(titles()).not.toContain("Stalled save");
  }, 360_000);

  it("redacts secrets committed escaped (issue 42 item 2) on every page that shows them, and in the database", async () => {
    const tokens = escapedTokens((n, seed) => fake(n, seed + 4300));
    const files = ESCAPED_FILES(tokens);
    writeFiles(repo, files);
    await commit("docs: escaped keys");
    // every file but the Spec Kit plan.md (read with its spec.md) is a document of its own
    const documents = () => query<{ id: string; path: string }>("SELECT id, path FROM documents").filter((d) => d.path in files);
    await until("the escaped checkpoints", () => documents().length === Object.keys(files).length - 1, 90_000);
    const ids = documents();
    const pages = ["/", "/checkpoints", "/secrets", "/api/checkpoints?kind=all", ...ids.flatMap((d) => [`/checkpoints/${d.id}`, `/checkpoints/${d.id}?view=original`])];
    // a checkpoint's page carries its resume prompt too
    for (const path of pages) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(Object.entries(tokens).filter(([, t]) => body.includes(t)).map(([name]) => name), path).toEqual([]);
    }
    expect(leaksIn(db, Object.values(tokens))).toEqual([]);
  }, 180_000);
});
