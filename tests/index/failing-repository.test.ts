/**
 * One repository failing never costs the others: a repository that vanishes between discovery and
 * indexing, and one where every git call hangs until it is killed, each end as a problem of their own.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { problems } from "../../db/schema";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;

const checkpoint = (title: string) => `---\ntitle: ${title}\nstatus: in-progress\nbranch: main\n---\n\n# ${title}\n\n- [ ] carry on\n`;

function repoWithCheckpoint(name: string): string {
  const path = join(root, name);
  initRepo(path);
  writeFiles(path, { "src/app.ts": "export {};\n", ".claude/checkpoints/work.md": checkpoint(`Work in ${name}`) });
  commitAll(path, "feat: start");
  return path;
}

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
});
afterEach(() => {
  delete process.env.CAIRN_GIT_TIMEOUT_MS;
  space.cleanup();
});

describe("a failing repository", () => {
  it("that vanishes mid-run is skipped, and the others are indexed", async () => {
    const gone = repoWithCheckpoint("gone");
    repoWithCheckpoint("kept");
    const summary = await indexRoots(space.db(), {
      roots: [root],
      home: null,
      onProgress: (event) => {
        if (event.phase === "repositories") rmSync(gone, { recursive: true, force: true });
      },
    });
    expect(summary.repositories).toBe(2);
    expect(listRecords(space.db()).map((r) => r.title)).toContain("Work in kept");
  });

  it("where git hangs is stopped by the timeout, with a problem, and the others are indexed", async () => {
    const stuck = repoWithCheckpoint("stuck");
    repoWithCheckpoint("fine");
    // every git call in `stuck` reads its config from a FIFO nobody writes: it blocks until killed
    const fifo = join(space.dir, "config.fifo");
    execFileSync("mkfifo", [fifo]);
    git(stuck, ["config", "include.path", fifo]);
    process.env.CAIRN_GIT_TIMEOUT_MS = "1500";
    await indexRoots(space.db(), { roots: [root], home: null });
    const titles = listRecords(space.db()).map((r) => r.title);
    expect(titles).toContain("Work in fine");
    const messages = space.db().select().from(problems).all().filter((p) => p.filePath.startsWith(stuck)).map((p) => p.message);
    expect(messages.join("\n")).toMatch(/git|timed out|took too long|not run/i);
    // no git is left blocked on the FIFO
    const left = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).split("\n").filter((line) => line.startsWith("git ") && line.includes("status"));
    expect(left.filter((line) => line.includes(stuck))).toEqual([]);
  }, 120_000);
});
