import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { saveEvents } from "../../db/schema";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

const facts = (over: Partial<family.SaveFacts>): family.SaveFacts => ({
  title: "Teammate handoff",
  slug: "teammate-handoff",
  branch: "feature/export",
  headSha: "",
  savedAt: new Date("2026-11-22T16:00:00Z"),
  status: "in-progress",
  tasks: [{ text: "finish the exporter", done: false }],
  keyFiles: ["src/export.ts"],
  decision: "Write CSV with a streaming encoder",
  gotcha: "Excel wants a BOM",
  ...over,
});

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAll(repo, "feat: start", new Date("2026-11-20T09:00:00Z"));
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [root], home: null });

describe("checkpoints found in git rather than the work tree", () => {
  it("lists a checkpoint that exists only on another branch, with its ref, and not twice", async () => {
    git(repo, ["checkout", "-q", "-b", "feature/export"]);
    const f = facts({});
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - exporter handoff", new Date("2026-11-22T16:01:00Z"));
    git(repo, ["checkout", "-q", "main"]);
    await index();
    const records = listRecords(space.db());
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ title: "Teammate handoff", source: "git:feature/export", branch: "feature/export", repo });

    // once merged into the checked-out branch, the work-tree copy wins and the branch copy is not listed
    git(repo, ["merge", "-q", "--no-edit", "feature/export"]);
    await index();
    const after = listRecords(space.db());
    expect(after).toHaveLength(1);
    expect(after[0].source).toBe("worktree");
  });

  it("reads save commits as the repository's save timeline, attached to their checkpoint", async () => {
    const f = facts({ branch: "main" });
    writeFiles(repo, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
    commitAll(repo, "chore(checkpoint): 2026-11-22 16:00 - save", new Date("2026-11-22T16:01:00Z"));
    writeFiles(repo, { "src/more.ts": "export {};\n" });
    commitAll(repo, "feat: more", new Date("2026-11-22T17:00:00Z"));
    await index();
    const events = space.db().select().from(saveEvents).all();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject: "chore(checkpoint): 2026-11-22 16:00 - save", committedAt: "2026-11-22T16:01:00.000Z" });
    expect(events[0].documentId).toBe(listRecords(space.db())[0].id);
  });

  it("falls back to the last commit's time when a file carries no date", async () => {
    writeFiles(repo, { ".claude/handoffs/notes.md": "# Handoff: Undated notes\n\n## Current State Summary\nHalfway.\n" });
    commitAll(repo, "docs: handoff", new Date("2026-11-21T08:30:00Z"));
    await index();
    const record = listRecords(space.db(), { kind: "all" }).find((r) => r.title?.includes("Undated notes"));
    expect(record).toMatchObject({ savedAt: "2026-11-21T08:30:00.000Z", savedAtSource: "commit" });
    rmSync(join(repo, ".claude"), { recursive: true });
  });
});
