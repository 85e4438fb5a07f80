import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultDbPath, getDb, type CairnDb } from "../../db/client";
import { roots as rootsTable } from "../../db/schema";

export interface DbOption {
  db?: string;
}

/** The database file mapped for a command that reads and ends (list, queue, resume, search): 256 MiB at most. */
const SHORT_COMMAND_MMAP = 256 * 1024 * 1024;

/**
 * The command's database. A command that reads, answers and ends passes `mapped`: it then reads the file
 * through a memory map (pages read in place, no read call and copy per page). Never for a long-lived process
 * (`serve` runs the server on this connection, `index`'s resident memory is a target): every mapped page it
 * touches would stay resident.
 */
export function openDb(opts: DbOption, { mapped = false }: { mapped?: boolean } = {}): { db: CairnDb; path: string } {
  const path = resolve(opts.db ?? defaultDbPath());
  return { db: getDb(path, { mmapBytes: mapped ? SHORT_COMMAND_MMAP : 0 }), path };
}

/**
 * A `--repo` argument as the filters take it: a path relative to the working folder made absolute, so
 * `cairn queue --repo .` inside any checkout (or a folder of one) selects its project. Where a name is accepted too
 * (`cairn search`), only `.`, `..`, `./x` and `../x` are read as paths; a name or "global" is kept as given.
 */
export function repoArgument(given: string | undefined, { names = false }: { names?: boolean } = {}): string | undefined {
  if (given === undefined || given.trim() === "") return given;
  const relative = given === "." || given === ".." || given.startsWith("./") || given.startsWith("../");
  return !names || relative ? resolve(given) : given;
}

export function envRoots(): string[] {
  return (process.env.CAIRN_ROOTS ?? "").split(":").filter(Boolean);
}

/**
 * The folder Cairn itself runs from (its package: the nearest folder above this module whose package.json is named
 * "cairn"), or null. Never a root Cairn picks by default: its own test fixtures are not the user's work.
 */
export function cairnSourceFolder(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(resolve(dir, "package.json"), "utf8")) as { name?: unknown };
      if (pkg.name === "cairn") return dir;
    } catch {
      // no package.json here: look further up
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return null;
}

/** `path` is `folder` or inside it. */
export function isWithin(path: string, folder: string): boolean {
  const p = resolve(path);
  const f = resolve(folder);
  return p === f || p.startsWith(f.endsWith(sep) ? f : f + sep);
}

/**
 * --root, else CAIRN_ROOTS, else the roots saved in the database, else the fallback (the home folder for
 * `cairn index`). A root chosen by default is never Cairn's own source folder (`own`), nor inside it.
 */
export function chooseRoots(db: CairnDb, given: string[] | undefined, fallback: string, own: string | null = null): string[] {
  if (given?.length) return given.map((r) => resolve(r));
  const notOwn = (path: string) => !own || !isWithin(path, own);
  const fromEnv = envRoots().map((r) => resolve(r)).filter(notOwn);
  if (fromEnv.length) return fromEnv;
  const saved = db.select({ path: rootsTable.path }).from(rootsTable).all().map((r) => r.path).filter(notOwn);
  return saved.length ? saved : [resolve(fallback)];
}

export function chooseHome(given: string | undefined): string {
  return resolve(given ?? process.env.CAIRN_HOME ?? homedir());
}

/** One-line reason on stderr, non-zero exit: the contract of record.md. */
export function fail(message: string, code = 1): never {
  process.stderr.write(`cairn: ${message.split("\n")[0]}\n`);
  process.exit(code);
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
