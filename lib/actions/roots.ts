import "server-only";
import { eq } from "drizzle-orm";
import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { homedir } from "node:os";
import type { CairnDb } from "../../db/client";
import { repositories, roots } from "../../db/schema";

export type RootChange = { ok: true; path: string } | { ok: false; error: string };

export function expandPath(input: string): string {
  const trimmed = input.trim();
  const expanded = trimmed === "~" || trimmed.startsWith("~/") ? homedir() + trimmed.slice(1) : trimmed;
  return resolve(expanded);
}

export function addRoot(db: CairnDb, input: string): RootChange {
  const trimmed = input.trim();
  if (!isAbsolute(trimmed) && !trimmed.startsWith("~")) return { ok: false, error: "Give an absolute path, such as /home/you/code or ~/code." };
  const path = expandPath(trimmed);
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return { ok: false, error: `${path} does not exist.` };
  }
  if (!isDir) return { ok: false, error: `${path} is not a folder.` };
  const inserted = db.insert(roots).values({ path }).onConflictDoNothing().run();
  if (inserted.changes === 0) return { ok: false, error: `${path} is already a root.` };
  return { ok: true, path };
}

/** Forget a root and everything indexed from it (the files themselves are untouched). */
export function removeRoot(db: CairnDb, path: string): RootChange {
  const removed = db.delete(roots).where(eq(roots.path, path)).run();
  if (removed.changes === 0) return { ok: false, error: `${path} is not a root.` };
  db.delete(repositories).where(eq(repositories.rootPath, path)).run();
  return { ok: true, path };
}
