/**
 * Each document has a time budget on the parse worker (lib/index/prepare-pool.ts): a document the worker is
 * still on past it is skipped with a problem, the worker is replaced, and the rest of the run goes on there.
 * The worker runs only from the compiled command line, so this goes through `bin/cairn.mjs index`; the stuck
 * document is made with CAIRN_TEST_PARSE_STALL (the worker hangs on it, as on a hostile file).
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;

const checkpoint = (title: string) => `---\ntitle: ${title}\nstatus: in-progress\nsaved_at: 2026-11-02T10:00:00Z\n---\n\n## Next steps\n\n- [ ] ${title}: finish it\n`;

beforeAll(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  const repo = join(root, "shop");
  initRepo(repo);
  const files: Record<string, string> = {};
  // a stuck document between others, so that documents are left after it
  for (const name of ["a-first", "b-second", "m-stuck", "x-after", "y-after", "z-after"]) files[`.claude/checkpoints/${name}.md`] = checkpoint(`Step ${name}`);
  writeFiles(repo, files);
  commitAll(repo, "checkpoints");
});
afterAll(() => space.cleanup());

function index(env: Record<string, string>): { status: number | null; stderr: string; summary: Record<string, unknown> } {
  const run = spawnSync(process.execPath, [resolve("bin/cairn.mjs"), "index", "--root", root, "--home", join(space.dir, "home"), "--db", space.dbPath, "--json"], {
    encoding: "utf8",
    timeout: 90_000,
    env: { ...process.env, CAIRN_DB: "", CAIRN_PARSE_WORKER: "", ...env },
  });
  const at = run.stdout.indexOf("{");
  return { status: run.status, stderr: run.stderr, summary: at >= 0 ? (JSON.parse(run.stdout.slice(at)) as Record<string, unknown>) : {} };
}

describe("the parse worker's time budget per document", () => {
  it("skips a document the worker is stuck on, with a problem, replaces the worker and indexes the rest", () => {
    const run = index({ CAIRN_PARSE_BUDGET_MS: "1500", CAIRN_TEST_PARSE_STALL: "m-stuck.md" });
    expect(run.status, run.stderr).toBe(0);
    // documents after the stuck one were prepared on the replacement worker
    expect(run.summary.parsedOffThread).toBe(5);
    const db = new Database(space.dbPath, { readonly: true });
    try {
      const titles = (db.prepare("SELECT title FROM documents ORDER BY title").all() as { title: string }[]).map((r) => r.title);
      expect(titles).toEqual(["Step a-first", "Step b-second", "Step x-after", "Step y-after", "Step z-after"]);
      const problems = db.prepare("SELECT file_path AS path, message FROM problems").all() as { path: string; message: string }[];
      expect(problems).toEqual([{ path: expect.stringMatching(/m-stuck\.md$/), message: "parsing took longer than 1.5 s: skipped" }]);
    } finally {
      db.close();
    }
  }, 120_000);
});
