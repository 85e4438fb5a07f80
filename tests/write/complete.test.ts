import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chmodSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { completeCheckpoint, completeNewestOnBranch } from "../../lib/actions/complete";
import { getRecord } from "../../lib/queries/records";
import { CONFLICT_MESSAGE, WriteError } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { byteDiff, facts, toCrlfWithBom, writeWorld, type WriteWorld } from "./support";

let w: WriteWorld;
beforeEach(() => {
  w = writeWorld();
});
afterEach(() => w.space.cleanup());

const htmlPath = family.htmlCheckpointPath(facts());
const mdPath = ".claude/checkpoints/legacy.md";

async function expectError(promise: Promise<unknown>, code: string, message?: string | RegExp): Promise<WriteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WriteError);
  expect((error as WriteError).code).toBe(code);
  if (message) expect((error as WriteError).message).toMatch(message);
  return error as WriteError;
}

describe("completing a checkpoint with a status in the file", () => {
  it("changes the HTML jacked:status value alone, byte for byte, and re-indexes at once", async () => {
    w.write({ [htmlPath]: family.htmlCheckpoint(facts({ headSha: w.sha })) });
    await w.index();
    const id = w.idOf(htmlPath);
    const before = w.read(htmlPath);
    const result = await completeCheckpoint(w.space.db(), id, { expectedHash: w.doc(htmlPath).contentHash });
    expect(result.outcome).toBe("written");
    const after = w.read(htmlPath);
    const diff = byteDiff(before, after);
    expect(diff).toMatchObject({ removed: "in-progress", added: "completed" });
    expect(before.subarray(0, diff.at).toString()).toMatch(/<meta name="jacked:status" content="$/);
    expect(after.length - before.length).toBe("completed".length - "in-progress".length);
    expect(getRecord(w.space.db(), id)).toMatchObject({ status: "completed", statusDetail: { completedInCairn: false } });
    expect(w.list(".claude/checkpoints").filter((n) => n.includes("cairn"))).toEqual([]);
  });

  it("keeps CRLF line endings and the BOM of an HTML checkpoint", async () => {
    w.write({ [htmlPath]: toCrlfWithBom(family.htmlCheckpoint(facts())) });
    await w.index();
    const before = w.read(htmlPath);
    await completeCheckpoint(w.space.db(), w.idOf(htmlPath), { expectedHash: w.doc(htmlPath).contentHash });
    const after = w.read(htmlPath);
    expect(byteDiff(before, after)).toMatchObject({ removed: "in-progress", added: "completed" });
    expect([...after.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = after.toString("utf8");
    expect(text.match(/\r\n/g)?.length).toBe(before.toString("utf8").match(/\r\n/g)?.length);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("changes the frontmatter status alone, LF or CRLF+BOM, quoted or not, and keeps the file mode", async () => {
    const plain = family.frontmatterCheckpoint(facts());
    const variants: Record<string, Buffer> = {
      ".claude/checkpoints/a.md": Buffer.from(plain),
      ".claude/checkpoints/b.md": toCrlfWithBom(plain),
      ".claude/checkpoints/c.md": Buffer.from(plain.replace("status: in-progress", 'status: "in-progress"   # set by the agent')),
      ".claude/checkpoints/d.md": Buffer.from(plain.replace(/\n$/, "")),
    };
    w.write(variants);
    chmodSync(join(w.repo, ".claude/checkpoints/a.md"), 0o640);
    chmodSync(join(w.repo, ".claude/checkpoints/b.md"), 0o600);
    await w.index();
    for (const [path, before] of Object.entries(variants)) {
      const mode = statSync(join(w.repo, path)).mode & 0o7777;
      const result = await completeCheckpoint(w.space.db(), w.idOf(path), { expectedHash: w.doc(path).contentHash });
      expect(result.outcome, path).toBe("written");
      const after = w.read(path);
      expect(byteDiff(before, after), path).toMatchObject({ removed: "in-progress", added: "completed" });
      expect(statSync(join(w.repo, path)).mode & 0o7777, path).toBe(mode);
      expect(getRecord(w.space.db(), w.idOf(path))?.status, path).toBe("completed");
    }
    expect(w.read(".claude/checkpoints/b.md").subarray(0, 3).toString("hex")).toBe("efbbbf");
    expect(w.read(".claude/checkpoints/b.md").toString()).toContain("status: completed\r\n");
    expect(w.read(".claude/checkpoints/c.md").toString()).toContain('status: "completed"   # set by the agent\n');
    expect(w.read(".claude/checkpoints/d.md").toString().endsWith("\n")).toBe(false);
  });

  it("says so when the checkpoint is already completed, and writes nothing", async () => {
    w.write({ [mdPath]: family.frontmatterCheckpoint(facts({ status: "completed" })) });
    await w.index();
    const before = statSync(join(w.repo, mdPath)).mtimeMs;
    const result = await completeCheckpoint(w.space.db(), w.idOf(mdPath), { expectedHash: w.doc(mdPath).contentHash });
    expect(result.outcome).toBe("already-completed");
    expect(statSync(join(w.repo, mdPath)).mtimeMs).toBe(before);
  });
});

describe("completing a checkpoint without a status in the file", () => {
  it("keeps the completion in Cairn and leaves the bytes unchanged", async () => {
    const path = ".claude/checkpoints/no-status.md";
    const text = family.frontmatterCheckpoint(facts()).replace("status: in-progress\n", "");
    const sessionState = ".claude/session-state/checkpoints/latest.md";
    w.write({ [path]: text, [sessionState]: family.sessionStateCheckpoint(facts()) });
    await w.index();
    for (const p of [path, sessionState]) {
      const before = w.read(p);
      const mtime = statSync(join(w.repo, p)).mtimeMs;
      const result = await completeCheckpoint(w.space.db(), w.idOf(p), { expectedHash: w.doc(p).contentHash });
      expect(result.outcome, p).toBe("completed-in-cairn");
      expect(result.message).toMatch(/^Completed in Cairn/);
      expect(w.read(p).equals(before), p).toBe(true);
      expect(statSync(join(w.repo, p)).mtimeMs).toBe(mtime);
      expect(getRecord(w.space.db(), w.idOf(p)), p).toMatchObject({ status: "completed", statusDetail: { completedInCairn: true } });
    }
    // a re-index keeps the completion
    await w.index();
    expect(getRecord(w.space.db(), w.idOf(path))?.status).toBe("completed");
  });
});

describe("safety of the complete write", () => {
  it("gives a conflict and writes nothing when the file changed since the form was rendered", async () => {
    w.write({ [htmlPath]: family.htmlCheckpoint(facts()) });
    await w.index();
    const id = w.idOf(htmlPath);
    const rendered = w.doc(htmlPath).contentHash;
    const edited = family.htmlCheckpoint(facts({ title: "Wire the importer, edited elsewhere" }));
    writeFileSync(join(w.repo, htmlPath), edited);
    await expectError(completeCheckpoint(w.space.db(), id, { expectedHash: rendered }), "conflict", CONFLICT_MESSAGE);
    expect(w.read(htmlPath).toString()).toBe(edited);
    // re-indexed, so that a reload shows the new version
    expect(w.doc(htmlPath).title).toBe("Wire the importer, edited elsewhere");
    expect(w.doc(htmlPath).contentHash).not.toBe(rendered);
  });

  it("leaves the old file whole and no temporary file behind when the write fails before the rename", async () => {
    w.write({ [htmlPath]: family.htmlCheckpoint(facts()) });
    await w.index();
    const before = w.read(htmlPath);
    let temp = "";
    const crash = completeCheckpoint(w.space.db(), w.idOf(htmlPath), {
      expectedHash: w.doc(htmlPath).contentHash,
      hooks: {
        beforeRename: (path) => {
          temp = path;
          throw new Error("simulated crash");
        },
      },
    });
    await expect(crash).rejects.toThrow("simulated crash");
    expect(temp).toMatch(/\/\.\d{8}-\d{6}-wire-the-importer\.html\.cairn-tmp-[0-9a-f]+$/);
    expect(w.read(htmlPath).equals(before)).toBe(true);
    expect(w.list(".claude/checkpoints").filter((n) => n.startsWith("."))).toEqual([]);
    expect(w.doc(htmlPath).status).toBe("in-progress");
    // and the next attempt goes through: the lock was released
    expect((await completeCheckpoint(w.space.db(), w.idOf(htmlPath), { expectedHash: w.doc(htmlPath).contentHash })).outcome).toBe("written");
  });

  it("refuses ids with .. segments, NUL or paths, and non-checkpoints", async () => {
    w.write({ ".claude/PROJECT-NOTES.md": family.projectNotes(["One learning worth keeping around"]) });
    await w.index();
    for (const id of ["../../etc/passwd", "abc\0def", "/etc/passwd", "0123456789abcdef/../x"]) {
      await expectError(completeCheckpoint(w.space.db(), id), "refused");
    }
    await expectError(completeCheckpoint(w.space.db(), w.idOf(".claude/PROJECT-NOTES.md")), "refused", /only checkpoints/);
  });
});

describe("completing the newest in-progress checkpoint of a branch", () => {
  it("completes the newest on that branch and nothing else", async () => {
    const older = facts({ slug: "older", title: "Older", savedAt: new Date("2026-11-19T08:00:00Z") });
    const newer = facts({ slug: "newer", title: "Newer", savedAt: new Date("2026-11-21T08:00:00Z") });
    const other = facts({ slug: "other", title: "Other branch", branch: "feature/x", savedAt: new Date("2026-11-22T08:00:00Z") });
    w.write({
      [family.htmlCheckpointPath(older)]: family.htmlCheckpoint(older),
      [family.htmlCheckpointPath(newer)]: family.htmlCheckpoint(newer),
      [family.htmlCheckpointPath(other)]: family.htmlCheckpoint(other),
    });
    await w.index();
    const repoId = w.doc(family.htmlCheckpointPath(newer)).repositoryId!;
    const result = await completeNewestOnBranch(w.space.db(), repoId, "main");
    expect(result.title).toBe("Newer");
    expect(w.doc(family.htmlCheckpointPath(newer)).status).toBe("completed");
    expect(w.doc(family.htmlCheckpointPath(older)).status).toBe("in-progress");
    expect(w.doc(family.htmlCheckpointPath(other)).status).toBe("in-progress");
    expect((await completeNewestOnBranch(w.space.db(), repoId, "main")).title).toBe("Older");
    await expectError(completeNewestOnBranch(w.space.db(), repoId, "main"), "not-found", /no in-progress checkpoint on branch main/);
  });
});
