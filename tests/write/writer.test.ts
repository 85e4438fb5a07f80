import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { indexHash } from "../../lib/index/reindex-file";
import { promoteLearnings } from "../../lib/actions/promote";
import { assertRelativePath, lockPathFor, safeWrite, WriteError, type WriteTarget } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { buildWorld } from "../../scripts/fixtures/world";
import { indexRoots } from "../../lib/index/indexer";
import { facts, writeWorld, type WriteWorld } from "./support";

let w: WriteWorld;
let repoId: number;
const htmlPath = family.htmlCheckpointPath(facts());

beforeEach(async () => {
  w = writeWorld();
  w.write({ [htmlPath]: family.htmlCheckpoint(facts()) });
  await w.index();
  repoId = w.doc(htmlPath).repositoryId!;
});
afterEach(() => w.space.cleanup());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof WriteError)) throw new Error(`expected a WriteError, got ${String(error)}`);
  return error.code;
}

const append = (line: string) => (current: Buffer | null) => Buffer.concat([current ?? Buffer.from("# Project Notes\n\n"), Buffer.from(`${line}\n`)]);

describe("what the writer refuses", () => {
  it("refuses a symlinked PROJECT-NOTES.md pointing outside the repository, leaving its target untouched", async () => {
    const outside = join(w.space.dir, "outside-notes.md");
    writeFileSync(outside, "# Someone else's file\n");
    const mtime = statSync(outside).mtimeMs;
    mkdirSync(join(w.repo, ".claude"), { recursive: true });
    symlinkSync(outside, join(w.repo, ".claude/PROJECT-NOTES.md"));
    const target: WriteTarget = { kind: "project-notes", repositoryId: repoId };
    expect(await codeOf(safeWrite(w.space.db(), { target, edit: append("- nope") }))).toBe("refused");
    expect(await codeOf(promoteLearnings(w.space.db(), w.idOf(htmlPath), [{ n: 1 }]))).toBe("refused");
    expect(readFileSync(outside, "utf8")).toBe("# Someone else's file\n");
    expect(statSync(outside).mtimeMs).toBe(mtime);
  });

  it("refuses a symlinked .claude folder that leaves the repository, and a symlink to a file inside it", async () => {
    const other = join(w.space.dir, "elsewhere");
    mkdirSync(other);
    // the folder holding the notes is a link out of the repository
    renameSync(join(w.repo, ".claude"), join(w.repo, ".claude-real"));
    symlinkSync(other, join(w.repo, ".claude"));
    expect(await codeOf(safeWrite(w.space.db(), { target: { kind: "project-notes", repositoryId: repoId }, edit: append("- x") }))).toBe("refused");
    expect(readdirSync(other)).toEqual([]);
    rmSync(join(w.repo, ".claude"));
    renameSync(join(w.repo, ".claude-real"), join(w.repo, ".claude"));
    // a link to a file inside the repository is refused too: the last component is never a link
    writeFileSync(join(w.repo, "notes.md"), "# Project Notes\n");
    symlinkSync(join(w.repo, "notes.md"), join(w.repo, ".claude/PROJECT-NOTES.md"));
    expect(await codeOf(safeWrite(w.space.db(), { target: { kind: "project-notes", repositoryId: repoId }, edit: append("- x") }))).toBe("refused");
    expect(readFileSync(join(w.repo, "notes.md"), "utf8")).toBe("# Project Notes\n");
  });

  it("refuses ids and paths with .. segments, NUL bytes or absolute paths", async () => {
    for (const bad of ["../x.md", "a/../../x.md", "a\0b.md", "/etc/passwd", "C:\\x.md", "a//b.md", "..\\x.md", ".git/config"]) {
      expect(() => assertRelativePath(bad), bad).toThrow(WriteError);
    }
    expect(() => assertRelativePath(".claude/checkpoints/x.html")).not.toThrow();
    const db = w.space.db();
    for (const name of ["../evil.md", "..", "a/b.md", "x\0.md", "/abs.md", "not-markdown.txt"]) {
      expect(await codeOf(safeWrite(db, { target: { kind: "review", repositoryId: repoId, name }, edit: append("x") })), name).toBe("refused");
    }
    for (const documentId of ["../../etc/passwd", "0123456789abcdef\0", "/etc/passwd"]) {
      expect(await codeOf(safeWrite(db, { target: { kind: "checkpoint-status", documentId }, expectedHash: "x", edit: append("x") }))).toBe("refused");
    }
    // a document row whose path was tampered with to climb out of the repository
    const id = w.idOf(htmlPath);
    db.update(documents).set({ path: "../../outside.html", absPath: join(w.repo, "../../outside.html") }).where(eq(documents.id, id)).run();
    expect(await codeOf(safeWrite(db, { target: { kind: "redaction", documentId: id }, expectedHash: "x", edit: append("x") }))).toBe("refused");
  });

  it("refuses a checkpoint edit without the hash it was rendered with, and a hard-linked file", async () => {
    const id = w.idOf(htmlPath);
    expect(await codeOf(safeWrite(w.space.db(), { target: { kind: "checkpoint-status", documentId: id }, edit: append("x") }))).toBe("refused");
    linkSync(join(w.repo, htmlPath), join(w.space.dir, "hard-link.html"));
    const hash = w.doc(htmlPath).contentHash;
    expect(await codeOf(safeWrite(w.space.db(), { target: { kind: "redaction", documentId: id }, expectedHash: hash, edit: append("x") }))).toBe("refused");
  });
});

describe("how the writer writes", () => {
  it("creates .claude/reviews/<name>.md and re-indexes it at once", async () => {
    const outcome = await safeWrite(w.space.db(), {
      target: { kind: "review", repositoryId: repoId, name: "wire-the-importer.md" },
      expectedHash: null,
      edit: () => Buffer.from("## 2026-11-30 14:05 UTC — Ana — approved\nLooks good.\n"),
    });
    expect(outcome).toMatchObject({ written: true, created: true, relPath: ".claude/reviews/wire-the-importer.md", reindexError: null });
    expect(outcome.reindex?.outcome).toBe("updated");
    expect(w.doc(".claude/reviews/wire-the-importer.md").kind).toBe("review");
    // expectedHash null means "must not exist yet"
    const again = safeWrite(w.space.db(), { target: { kind: "review", repositoryId: repoId, name: "wire-the-importer.md" }, expectedHash: null, edit: append("x") });
    expect(await codeOf(again)).toBe("conflict");
  });

  it("computes the same hash the indexer stores, for every family (companions included)", async () => {
    const world = buildWorld(join(w.space.dir, "world"), { repositories: 1, htmlCheckpoints: 2, withHome: false });
    await indexRoots(w.space.db(), { roots: [world.root], home: null });
    const repo = world.repositories[0].path;
    const rows = w.space.db().select().from(documents).all().filter((d) => d.absPath.startsWith(`${repo}/`));
    expect(new Set(rows.map((r) => r.format)).size).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(await indexHash(repo, row.path, readFileSync(row.absPath)), row.path).toBe(row.contentHash);
    }
  });

  it("breaks a stale lock (dead owner, or too old) but waits for a live one", async () => {
    const target: WriteTarget = { kind: "project-notes", repositoryId: repoId };
    const dir = join(w.repo, ".claude");
    const lock = lockPathFor(dir, "PROJECT-NOTES.md");
    writeFileSync(lock, `999999999\n${hostname()}\n2026-01-01T00:00:00Z\nabc\n`);
    await safeWrite(w.space.db(), { target, edit: append("- after a dead owner") });
    expect(w.list(".claude")).not.toContain(".PROJECT-NOTES.md.cairn-lock");

    const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      writeFileSync(lock, `${sleeper.pid}\n${hostname()}\nnow\nabc\n`);
      expect(await codeOf(safeWrite(w.space.db(), { target, edit: append("- blocked"), lock: { waitMs: 150 } }))).toBe("locked");
      const old = new Date(Date.now() - 120_000);
      utimesSync(lock, old, old);
      await safeWrite(w.space.db(), { target, edit: append("- after an abandoned lock") });
    } finally {
      sleeper.kill();
    }
    const notes = w.read(".claude/PROJECT-NOTES.md").toString();
    expect(notes).toContain("- after a dead owner\n");
    expect(notes).toContain("- after an abandoned lock\n");
    expect(notes).not.toContain("blocked");
    expect(w.list(".claude").filter((n) => n.includes("cairn-"))).toEqual([]);
  });

  it("writes nothing when the edit changes nothing", async () => {
    const mtime = statSync(join(w.repo, htmlPath)).mtimeMs;
    const outcome = await safeWrite(w.space.db(), {
      target: { kind: "redaction", documentId: w.idOf(htmlPath) },
      expectedHash: w.doc(htmlPath).contentHash,
      edit: (current) => current,
    });
    expect(outcome.written).toBe(false);
    expect(statSync(join(w.repo, htmlPath)).mtimeMs).toBe(mtime);
  });
});
