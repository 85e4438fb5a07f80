import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completeCheckpoint, undoCompletion } from "../../lib/actions/complete";
import { getRecord } from "../../lib/queries/records";
import { byteDiff, writeWorld, type WriteWorld } from "./support";
import { eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { WriteError, safeWrite } from "../../lib/write";

let w: WriteWorld;
beforeEach(() => {
  w = writeWorld();
});
afterEach(() => w.space.cleanup());

const specPath = "specs/004-offline-cart/spec.md";
const spec = "\uFEFF# Feature Specification: Offline cart\r\n\r\n**Feature Branch**: `004-offline-cart`  \r\n**Created**: 2026-03-02  \r\n**Status**: `Draft`  \r\n\r\nKeep the cart when the network drops.\r\n";
const trackDir = "conductor/tracks/cart_20260302";
const metadata = '{\n  "track_id": "cart_20260302",\n  "status" : "in_progress",\n  "notes": { "status": "kept" },\n  "updated_at": "2026-03-03T09:00:00Z"\n}\n';

async function complete(path: string) {
  return completeCheckpoint(w.space.db(), w.idOf(path), { expectedHash: w.doc(path).contentHash });
}

describe("completing a convention unit in its own words", () => {
  it("changes only the Spec Kit Status value, and undoes it byte for byte", async () => {
    w.write({ [specPath]: spec, "specs/004-offline-cart/tasks.md": "- [x] T001 Save the cart\n- [ ] T002 Restore it\n" });
    await w.index();
    expect(getRecord(w.space.db(), w.idOf(specPath))?.status).toBe("in-progress");
    const result = await complete(specPath);
    expect(result.outcome).toBe("written");
    expect(result.message).toMatch(/its Status line now says Complete/);
    expect(byteDiff(Buffer.from(spec), w.read(specPath))).toMatchObject({ removed: "Draft", added: "Complete" });
    expect(getRecord(w.space.db(), w.idOf(specPath))?.status).toBe("completed");
    await undoCompletion(w.space.db(), result.undo!);
    expect(w.read(specPath).equals(Buffer.from(spec))).toBe(true);
    expect(getRecord(w.space.db(), w.idOf(specPath))?.status).toBe("in-progress");
  });

  it("writes a Conductor track's top-level metadata.json status, not a nested one, and undoes it", async () => {
    w.write({
      [`${trackDir}/plan.md`]: "# Implementation Plan: Offline cart\n\n- [x] Task: Save the cart\n- [ ] Task: Restore it\n",
      [`${trackDir}/metadata.json`]: metadata,
    });
    await w.index();
    const planPath = `${trackDir}/plan.md`;
    expect(getRecord(w.space.db(), w.idOf(planPath))?.status).toBe("in-progress");
    const result = await complete(planPath);
    expect(result.message).toMatch(/metadata\.json now says "status": "completed"/);
    expect(w.read(`${trackDir}/metadata.json`).toString()).toBe(metadata.replace('"status" : "in_progress"', '"status" : "completed"'));
    expect(getRecord(w.space.db(), w.idOf(planPath))?.status).toBe("completed");
    await undoCompletion(w.space.db(), result.undo!);
    expect(w.read(`${trackDir}/metadata.json`).toString()).toBe(metadata);
    expect(getRecord(w.space.db(), w.idOf(planPath))?.status).toBe("in-progress");
  });

  it("completes in Cairn a convention that keeps no status (an OpenSpec change)", async () => {
    const path = "openspec/changes/add-cart/tasks.md";
    w.write({ [path]: "- [ ] 1.1 Save the cart\n" });
    await w.index();
    const before = w.read(path);
    const result = await complete(path);
    expect(result.outcome).toBe("completed-in-cairn");
    expect(w.read(path).equals(before)).toBe(true);
  });
});

describe("the unit-status target", () => {
  it("writes only the record itself or the metadata.json beside it, whatever the stored meta says", async () => {
    const planPath = `${trackDir}/plan.md`;
    w.write({ [planPath]: "# Plan\n\n- [ ] Task: a\n", [`${trackDir}/metadata.json`]: metadata });
    await w.index();
    const db = w.space.db();
    const id = w.idOf(planPath);
    const meta = w.doc(planPath).meta as { unit: { statusField: { path: string } } };
    meta.unit.statusField.path = "src/app.ts";
    db.update(documents).set({ meta }).where(eq(documents.id, id)).run();
    const before = w.read("src/app.ts");
    const error = await safeWrite(db, { target: { kind: "unit-status", documentId: id }, expectedHash: "x", edit: () => Buffer.from("owned") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteError);
    expect((error as WriteError).code).toBe("refused");
    expect(w.read("src/app.ts").equals(before)).toBe(true);
  });
});
