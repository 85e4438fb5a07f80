/**
 * A file at a checkpoint's place with no checkpoint fields: labelled as such in the lists (never fresh), listed on
 * Problems, and "Not a checkpoint" writes an ignore rule for its exact path into `.cairnignore` through the safe
 * writer, after which the repository is re-indexed and the file is gone; Undo brings it back.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ignoreFileHash, ignoreNotACheckpoint, undoIgnoreRule } from "../../lib/actions/not-a-checkpoint";
import { checkpointListQuery, listCheckpoints } from "../../lib/queries/checkpoint-list";
import { overviewData } from "../../lib/queries/overview";
import { problemsByRepository } from "../../lib/queries/problems";
import { commitAll } from "../../scripts/fixtures/git";
import { writeWorld, type WriteWorld } from "./support";

const NOTE = ".claude/checkpoints/ideas.md";
const SAVE = ".claude/checkpoints/2026-11-30-importer.md";

let world: WriteWorld;

beforeEach(async () => {
  world = writeWorld();
  world.write({
    [NOTE]: "# Ideas for later\n\nMaybe a dark theme. Maybe a CSV export; ask the team what they think about it first.\n",
    [SAVE]: "---\ntitle: Wire the importer\nstatus: in-progress\nbranch: main\nsaved_at: 2026-11-30T10:00:00Z\n---\n\n# Wire the importer\n\n- [ ] map the columns\n",
  });
  commitAll(world.repo, "notes");
  await world.index();
});

afterEach(() => world.space.cleanup());

const listed = () => listCheckpoints(world.space.db(), checkpointListQuery({})).rows;
const noFieldFiles = () => problemsByRepository(world.space.db()).flatMap((g) => g.files.filter((f) => f.noFields).map((f) => f.displayPath));

describe("a file with no checkpoint fields", () => {
  it("is listed as having no checkpoint fields (never under fresh), and Problems offers to ignore it", () => {
    const rows = listed();
    expect(rows.find((r) => r.path === NOTE)?.noFields).toBe(1);
    expect(rows.find((r) => r.path === SAVE)?.noFields).toBe(0);
    const fresh = listCheckpoints(world.space.db(), checkpointListQuery({ freshness: "fresh" })).rows.map((r) => r.path);
    expect(fresh).not.toContain(NOTE);
    expect(noFieldFiles()).toEqual([NOTE]);
    // the overview's "Read badly" count links to Problems: it counts what Problems lists
    expect(overviewData(world.space.db()).counts.problemFiles).toBe(1);
  });

  it("leaves every list once ignored: one anchored rule appended to .cairnignore, and Undo takes it out again", async () => {
    world.write({ ".cairnignore": "# ours\nHANDOFF_*.md" });
    const before = await ignoreFileHash(world.repo);
    const done = await ignoreNotACheckpoint(world.space.db(), world.idOf(NOTE), before);
    expect(done.rule).toBe(`/${NOTE}`);
    expect(readFileSync(join(world.repo, ".cairnignore"), "utf8")).toBe(`# ours\nHANDOFF_*.md\n/${NOTE}\n`);
    expect(listed().map((r) => r.path)).toEqual([SAVE]);
    expect(noFieldFiles()).toEqual([]);
    expect(overviewData(world.space.db()).counts.problemFiles).toBe(0);

    await undoIgnoreRule(world.space.db(), done.repositoryId, done.rule, done.hashAfter!);
    expect(readFileSync(join(world.repo, ".cairnignore"), "utf8")).toBe("# ours\nHANDOFF_*.md\n");
    expect(listed().map((r) => r.path).sort()).toEqual([SAVE, NOTE].sort());
  });

  it("creates .cairnignore when there is none, and refuses a .cairnignore changed since the page was shown", async () => {
    expect(await ignoreFileHash(world.repo)).toBeNull();
    const id = world.idOf(NOTE);
    world.write({ ".cairnignore": "drafts/\n" }); // written by someone else after the page showed "none"
    await expect(ignoreNotACheckpoint(world.space.db(), id, null)).rejects.toThrow(/changed on disk/);
    expect(readFileSync(join(world.repo, ".cairnignore"), "utf8")).toBe("drafts/\n");

    const fresh = writeWorld();
    try {
      fresh.write({ [NOTE]: "# Ideas\n\nA plain note with nothing of a checkpoint in it at all, just some prose.\n" });
      commitAll(fresh.repo, "note");
      await fresh.index();
      await ignoreNotACheckpoint(fresh.space.db(), fresh.idOf(NOTE), null);
      expect(existsSync(join(fresh.repo, ".cairnignore"))).toBe(true);
      expect(readFileSync(join(fresh.repo, ".cairnignore"), "utf8")).toBe(`/${NOTE}\n`);
    } finally {
      fresh.space.cleanup();
    }
  });

  it("on a file literally named `*.md` drops that file only: the rule is written literally (issue 42)", async () => {
    const GLOB_NAMED = ".claude/checkpoints/*.md";
    const QUESTION = ".claude/checkpoints/what?.md";
    world.write({
      [GLOB_NAMED]: "# A note named like a glob\n\nNothing of a checkpoint here, only a few words of prose about later work.\n",
      [QUESTION]: "# Another note\n\nA question mark in its name, and nothing of a checkpoint in it either, only prose.\n",
    });
    commitAll(world.repo, "oddly named notes");
    await world.index();
    expect(listed().map((r) => r.path).sort()).toEqual([GLOB_NAMED, NOTE, SAVE, QUESTION].sort());

    const done = await ignoreNotACheckpoint(world.space.db(), world.idOf(GLOB_NAMED), await ignoreFileHash(world.repo));
    expect(done.rule).toBe("/.claude/checkpoints/\\*.md");
    expect(readFileSync(join(world.repo, ".cairnignore"), "utf8")).toBe("/.claude/checkpoints/\\*.md\n");
    // every other checkpoint of the folder is still indexed
    expect(listed().map((r) => r.path).sort()).toEqual([NOTE, SAVE, QUESTION].sort());

    await ignoreNotACheckpoint(world.space.db(), world.idOf(QUESTION), done.hashAfter);
    expect(readFileSync(join(world.repo, ".cairnignore"), "utf8")).toBe("/.claude/checkpoints/\\*.md\n/.claude/checkpoints/what\\?.md\n");
    expect(listed().map((r) => r.path).sort()).toEqual([NOTE, SAVE].sort());
  });
});
