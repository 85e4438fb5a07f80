import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UNDO_CONFLICT_MESSAGE, completeCheckpoint, completeNewestOnBranch, undoCompletion } from "../../lib/actions/complete";
import { getRecord } from "../../lib/queries/records";
import { WriteError } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { facts, toCrlfWithBom, writeWorld, type WriteWorld } from "./support";

let w: WriteWorld;
beforeEach(() => {
  w = writeWorld();
});
afterEach(() => w.space.cleanup());

const htmlPath = family.htmlCheckpointPath(facts());
const mdPath = ".claude/checkpoints/legacy.md";

async function complete(path: string) {
  return completeCheckpoint(w.space.db(), w.idOf(path), { expectedHash: w.doc(path).contentHash });
}

async function failure(promise: Promise<unknown>): Promise<WriteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WriteError);
  return error as WriteError;
}

describe("undoing a completion written into the file", () => {
  it("restores the exact previous bytes (BOM, CRLF, quoting) and the in-progress status", async () => {
    const variants: Record<string, Buffer> = {
      [htmlPath]: toCrlfWithBom(family.htmlCheckpoint(facts())),
      [mdPath]: Buffer.from(family.frontmatterCheckpoint(facts()).replace("status: in-progress", "status: 'in-progress'   # agent")),
    };
    w.write(variants);
    await w.index();
    for (const [path, before] of Object.entries(variants)) {
      const result = await complete(path);
      expect(result.outcome, path).toBe("written");
      expect(result.undo, path).toMatch(/^[0-9a-f]{32}$/);
      expect(w.read(path).equals(before), path).toBe(false);
      const undone = await undoCompletion(w.space.db(), result.undo!);
      expect(undone.message, path).toMatch(/^Undone: .* is back as it was, byte for byte\.$/);
      expect(w.read(path).equals(before), path).toBe(true);
      // re-indexed at once: the page shows it open again, with the hash of the restored bytes
      expect(getRecord(w.space.db(), w.idOf(path))?.status, path).toBe("in-progress");
    }
    expect(w.list(".claude/checkpoints").filter((n) => n.includes("cairn"))).toEqual([]);
  });

  it("refuses when the file changed after the completion, and loses nothing", async () => {
    w.write({ [mdPath]: family.frontmatterCheckpoint(facts()) });
    await w.index();
    const result = await complete(mdPath);
    const edited = w.read(mdPath).toString("utf8") + "\n- a note added by the agent after the completion\n";
    writeFileSync(join(w.repo, mdPath), edited);
    const error = await failure(undoCompletion(w.space.db(), result.undo!));
    expect(error.code).toBe("conflict");
    expect(error.message).toBe(UNDO_CONFLICT_MESSAGE);
    expect(w.read(mdPath).toString("utf8")).toBe(edited);
    expect(getRecord(w.space.db(), w.idOf(mdPath))?.status).toBe("completed");
  });

  it("undoes once: a second undo, or an unknown ticket, is refused and writes nothing", async () => {
    w.write({ [mdPath]: family.frontmatterCheckpoint(facts()) });
    await w.index();
    const result = await complete(mdPath);
    await undoCompletion(w.space.db(), result.undo!);
    const mtime = statSync(join(w.repo, mdPath)).mtimeMs;
    expect((await failure(undoCompletion(w.space.db(), result.undo!))).code).toBe("not-found");
    expect((await failure(undoCompletion(w.space.db(), "0".repeat(32)))).code).toBe("not-found");
    expect((await failure(undoCompletion(w.space.db(), "../../etc/passwd"))).code).toBe("not-found");
    expect(statSync(join(w.repo, mdPath)).mtimeMs).toBe(mtime);
  });

  it("undoes 'complete the newest' on a branch", async () => {
    w.write({ [mdPath]: family.frontmatterCheckpoint(facts()) });
    await w.index();
    const before = w.read(mdPath);
    const repoId = w.doc(mdPath).repositoryId!;
    const result = await completeNewestOnBranch(w.space.db(), repoId, "main", { expectedHash: w.doc(mdPath).contentHash });
    expect(result.outcome).toBe("written");
    await undoCompletion(w.space.db(), result.undo!);
    expect(w.read(mdPath).equals(before)).toBe(true);
  });
});

describe("undoing a completion kept in Cairn", () => {
  it("forgets the completion, and the file was never touched", async () => {
    const path = ".claude/session-state/checkpoints/latest.md";
    w.write({ [path]: family.sessionStateCheckpoint(facts()) });
    await w.index();
    const mtime = statSync(join(w.repo, path)).mtimeMs;
    const result = await complete(path);
    expect(result.outcome).toBe("completed-in-cairn");
    expect(getRecord(w.space.db(), w.idOf(path))?.statusDetail.completedInCairn).toBe(true);
    const undone = await undoCompletion(w.space.db(), result.undo!);
    expect(undone.message).toMatch(/no longer completed; the file was never changed/);
    expect(getRecord(w.space.db(), w.idOf(path))?.statusDetail.completedInCairn).toBe(false);
    expect(statSync(join(w.repo, path)).mtimeMs).toBe(mtime);
  });
});

describe("completing a handoff", () => {
  const handoffPath = ".claude/handoffs/2026-11-20-wire-the-importer.md";

  it("with no status line: completed in Cairn, and the page's message says the file was not changed", async () => {
    w.write({ [handoffPath]: family.handoff(facts(), w.repo) });
    await w.index();
    const before = w.read(handoffPath);
    expect(w.doc(handoffPath).status).toBeNull();
    const result = await complete(handoffPath);
    expect(result.outcome).toBe("completed-in-cairn");
    expect(result.message).toMatch(/^Completed in Cairn; the file was not changed/);
    expect(w.read(handoffPath).equals(before)).toBe(true);
    expect(getRecord(w.space.db(), w.idOf(handoffPath))?.status).toBe("completed");
  });

  it("with a frontmatter status: that value alone changes, and undo restores it", async () => {
    const text = `---\nstatus: in-progress\nbranch: main\n---\n${family.handoff(facts(), w.repo)}`;
    w.write({ [handoffPath]: text });
    await w.index();
    expect(w.doc(handoffPath)).toMatchObject({ format: "handoff", status: "in-progress" });
    const result = await complete(handoffPath);
    expect(result.outcome).toBe("written");
    expect(w.read(handoffPath).toString("utf8")).toBe(text.replace("status: in-progress", "status: completed"));
    await undoCompletion(w.space.db(), result.undo!);
    expect(w.read(handoffPath).toString("utf8")).toBe(text);
  });
});
