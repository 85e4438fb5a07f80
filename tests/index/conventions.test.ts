import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords, type CheckpointRecord } from "../../lib/queries/records";
import { loadQueue } from "../../lib/queries/queue";
import { checkpointMarkdown, checkpointView, loadCheckpoint } from "../../lib/mcp/checkpoint-view";
import { documents } from "../../db/schema";
import { unitOf } from "../../lib/parse/conventions/unit";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let records: CheckpointRecord[];
let firstSha: string;
const MISSING = "fc5c774";

beforeAll(async () => {
  space = tempSpace();
  const repo = join(space.dir, "root", "radio");
  initRepo(repo);
  writeFiles(repo, { "README.md": "# Radio\n" });
  firstSha = commitAll(repo, "start", new Date("2026-05-01T09:00:00Z"));
  // a Spec Kit feature on its own branch, landed in main
  git(repo, ["checkout", "-q", "-b", "002-voice-upload"]);
  writeFiles(repo, {
    "specs/002-voice-upload/spec.md": "# Feature Specification: Voice upload\n\n**Feature Branch**: `002-voice-upload`\n**Created**: May 18, 2026\n**Status**: Draft\n",
    "specs/002-voice-upload/tasks.md": "# Tasks\n\n- [x] T001 Add the table\n- [x] T002 Add the route\n- [ ] T003 Draw the page\n",
    "specs/002-voice-upload/plan.md": "# Implementation Plan: Voice upload\n",
    "src/voice.ts": "export const voice = 1;\n",
  });
  commitAll(repo, "voice upload", new Date("2026-05-18T10:00:00Z"));
  git(repo, ["checkout", "-q", "main"]);
  git(repo, ["merge", "-q", "--no-ff", "-m", "merge voice upload", "002-voice-upload"]);
  // a Conductor track: task 1 done at a real commit, task 2 done at a commit git never saw
  writeFiles(repo, {
    "conductor/tracks.md": "# Project Tracks\n\n- [~] **Track: Playlist sharing**\n*Link: [./tracks/share_20260520/](./tracks/share_20260520/)*\n",
    "conductor/tracks/share_20260520/metadata.json": JSON.stringify({ track_id: "share_20260520", status: "in_progress", created_at: "2026-05-20T08:00:00Z", updated_at: "2026-05-21T08:00:00Z" }, null, 2),
    "conductor/tracks/share_20260520/plan.md": `# Implementation Plan: Playlist sharing\n\n## Phase 1\n- [x] Task: Share links ${firstSha.slice(0, 7)}\n- [x] Task: Share counts (${MISSING})\n- [ ] Task: Share page\n`,
    // an OpenSpec change with no date of its own: dated by the last commit that touched its folder
    "openspec/changes/add-search/proposal.md": "# Change: Add search\n",
    "openspec/changes/add-search/tasks.md": "## 1. Implementation\n- [ ] 1.1 Index titles\n",
  });
  commitAll(repo, "tracks and changes", new Date("2026-05-22T10:00:00Z"));
  // a feature that exists only in its branch: read from the branch's commit, with its tasks.md
  git(repo, ["checkout", "-q", "-b", "003-offline"]);
  writeFiles(repo, {
    "specs/003-offline/spec.md": "# Feature Specification: Offline listening\n\n**Feature Branch**: `003-offline`\n**Status**: In Progress\n",
    "specs/003-offline/tasks.md": "- [x] T001 Cache episodes\n- [ ] T002 Expire the cache\n",
  });
  commitAll(repo, "offline", new Date("2026-05-23T10:00:00Z"));
  git(repo, ["checkout", "-q", "main"]);
  await indexRoots(space.db(), { roots: [join(space.dir, "root")], home: null });
  records = listRecords(space.db(), { kind: "all" });
});
afterAll(() => space?.cleanup());

const byFormat = (format: string) => records.filter((r) => r.format === format);

describe("convention units in a real repository", () => {
  it("reads a Spec Kit feature with its tasks and branch", () => {
    const feature = byFormat("spec-kit").find((r) => r.source === "worktree")!;
    expect(feature).toMatchObject({ title: "Voice upload", branch: "002-voice-upload", status: "in-progress", tasks: { done: 2, total: 3 } });
    expect(feature.savedAt?.slice(0, 10)).toBe("2026-05-18");
  });

  it("flags a Conductor task marked done at a commit that is not in the branch", () => {
    const [track] = byFormat("conductor");
    expect(track).toMatchObject({ title: "Playlist sharing", status: "in-progress" });
    const row = space.db().select({ meta: documents.meta }).from(documents).where(eq(documents.id, track.id)).get();
    const checks = unitOf(row?.meta)?.commitChecks;
    expect(checks?.branch).toBe("main");
    expect(checks?.checks.map((c) => c.inBranch)).toEqual([true, false]);
    expect(checks?.checks[1].flag).toBe(`task 2 says done at ${MISSING}, which is not in main`);
  });

  it("dates an undated OpenSpec change by the last commit that touched its folder", () => {
    const [change] = byFormat("openspec");
    expect(change).toMatchObject({ title: "Add search", status: "in-progress" });
    expect(change.savedAt?.slice(0, 10)).toBe("2026-05-22");
  });
});

describe("MCP", () => {
  it("names the unit's family and says which done task's commit is missing", () => {
    const [track] = byFormat("conductor");
    const { page, record } = loadCheckpoint(space.db(), track.id);
    const view = checkpointView(page, record);
    expect(record.familyName).toBe("Conductor track");
    expect(view.unit).toMatchObject({ family: "Conductor track", id: "share_20260520", missingCommits: [`task 2 says done at ${MISSING}, which is not in main`] });
    expect(checkpointMarkdown(view)).toContain(`- task 2 says done at ${MISSING}, which is not in main`);
  });
});

describe("a unit only in a branch's history", () => {
  it("is read from that branch with its companion files", () => {
    const branchOnly = listRecords(space.db(), { kind: "all", format: "spec-kit" }).find((r) => r.path === "specs/003-offline/spec.md");
    expect(branchOnly).toMatchObject({ source: "git:003-offline", title: "Offline listening", status: "in-progress", tasks: { done: 1, total: 2 } });
  });
});

describe("the queue", () => {
  it("lists each in-progress unit once, with its tasks in one sentence", async () => {
    const { items } = await loadQueue(space.db());
    const feature = items.filter((i) => i.format === "spec-kit" && i.path === "specs/002-voice-upload/spec.md");
    expect(feature).toHaveLength(1);
    expect(feature[0]).toMatchObject({ action: "complete" });
    expect(feature[0].reason).toMatch(/^Spec 002-voice-upload: 2 of 3 tasks done; its branch landed in main .+: complete it\?$/);
    const track = items.find((i) => i.format === "conductor");
    expect(track?.reason).toMatch(/^Track share_20260520: 2 of 3 tasks done; /);
  });
});
