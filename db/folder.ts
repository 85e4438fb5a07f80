/**
 * The database's folder, made when missing, with a message that says what is wrong. Not `mkdirSync(dir,
 * { recursive: true })`: on Node 20 that call never returns for a folder under one that refuses new entries
 * with ENOENT (`--db /proc/x/cairn.db` held a core at 100% forever); here each missing folder is made in turn,
 * from the first one that exists, and the first refusal is reported.
 */
import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** Folders deeper than this are not looked for (a path is at most a few dozen deep). */
const MAX_DEPTH = 256;

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "error";
}

/** Why a folder could not be made or used, in words. */
function reason(code: string): string {
  switch (code) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "the file system is read-only";
    case "ENOENT":
      return "the folder above it does not take new folders";
    case "EEXIST":
    case "ENOTDIR":
      return "a file is in the way";
    case "ENOSPC":
      return "the disk is full";
    default:
      return code;
  }
}

export function databaseFolderError(folder: string, code: string, dbPath: string): Error {
  return new Error(`cannot use ${folder} for the database ${dbPath}: ${reason(code)} (choose another --db or CAIRN_DB)`);
}

/** Make `folder` (and the folders above it that are missing); throws a readable error naming `dbPath` otherwise. */
export function ensureDatabaseFolder(folder: string, dbPath: string): void {
  const missing: string[] = [];
  let current = resolve(/* turbopackIgnore: true */ folder);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    let info: ReturnType<typeof statSync>;
    try {
      info = statSync(/* turbopackIgnore: true */ current, { throwIfNoEntry: false });
    } catch (error) {
      throw databaseFolderError(current, codeOf(error), dbPath);
    }
    if (info) {
      if (!info.isDirectory()) throw databaseFolderError(current, "ENOTDIR", dbPath);
      break;
    }
    missing.push(current);
    const up = dirname(/* turbopackIgnore: true */ current);
    if (up === current) break;
    current = up;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(/* turbopackIgnore: true */ dir);
    } catch (error) {
      const code = codeOf(error);
      if (code === "EEXIST" && statSync(/* turbopackIgnore: true */ dir, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw databaseFolderError(dir, code, dbPath);
    }
  }
}
