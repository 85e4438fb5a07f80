import "server-only";
import { existsSync, realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { getDb, type CairnDb } from "../../db/client";
import { RUN_INDEX_FIRST, ToolInputError } from "./errors";

export { RUN_INDEX_FIRST, ToolInputError };


export interface IndexAccess {
  readonly dbPath: string;
  /** The database, opened on first use; never created: a missing file is a tool error. */
  db(): CairnDb;
}

/** Opens the index lazily, so that a server started before the first `cairn index` works once it has run. */
export function indexAccess(dbPath: string): IndexAccess {
  let opened: CairnDb | null = null;
  return {
    dbPath,
    db() {
      if (opened) return opened;
      if (!existsSync(dbPath)) throw new ToolInputError(`No Cairn database at ${dbPath} yet: ${RUN_INDEX_FIRST}.`);
      const db = getDb(dbPath);
      const counts = db.$client.prepare("SELECT (SELECT count(*) FROM repositories) AS repos, (SELECT count(*) FROM documents) AS docs").get() as {
        repos: number;
        docs: number;
      };
      if (counts.repos === 0 && counts.docs === 0) throw new ToolInputError(`The Cairn database at ${dbPath} is empty: ${RUN_INDEX_FIRST}.`);
      opened = db;
      return db;
    },
  };
}

export interface IndexedRepository {
  id: number;
  path: string;
  name: string;
}

export function repositoriesOf(db: CairnDb): IndexedRepository[] {
  return db.$client.prepare("SELECT id, path, name FROM repositories ORDER BY name, path").all() as IndexedRepository[];
}

/** A repository given by its absolute path (or a folder inside it) or its name; a clear error otherwise. */
export function findRepository(db: CairnDb, given: string): IndexedRepository {
  const repos = repositoriesOf(db);
  const text = given.trim().replace(/\/+$/, "");
  const exact = repos.find((r) => r.path === text) ?? containing(repos, text);
  if (exact) return exact;
  const byName = repos.filter((r) => r.name === text);
  if (byName.length === 1) return byName[0];
  if (byName.length > 1) {
    throw new ToolInputError(`${byName.length} indexed repositories are named "${text}": give its absolute path (${byName.map((r) => r.path).join(", ")}).`);
  }
  const names = repos.slice(0, 20).map((r) => r.name).join(", ");
  throw new ToolInputError(`No indexed repository is "${text.slice(0, 200)}". Give an absolute path or one of: ${names}${repos.length > 20 ? ", …" : ""}.`);
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The indexed repository holding `dir` (the innermost one), or null. */
export function containing(repos: IndexedRepository[], dir: string): IndexedRepository | null {
  if (!dir.startsWith("/")) return null;
  const candidates = [resolve(dir), real(resolve(dir))];
  let best: IndexedRepository | null = null;
  for (const repo of repos) {
    const inside = candidates.some((c) => c === repo.path || c.startsWith(repo.path.endsWith(sep) ? repo.path : repo.path + sep));
    if (inside && (!best || repo.path.length > best.path.length)) best = repo;
  }
  return best;
}

/** file:// roots the client gave, as folders. */
export function rootFolders(roots: { uri: string }[]): string[] {
  const out: string[] = [];
  for (const root of roots) {
    try {
      if (root.uri.startsWith("file://")) out.push(fileURLToPath(root.uri));
    } catch {
      /* not a local folder */
    }
  }
  return out;
}
