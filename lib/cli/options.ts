import { homedir } from "node:os";
import { resolve } from "node:path";
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

/** --root, else CAIRN_ROOTS, else the roots saved in the database, else the fallback. */
export function chooseRoots(db: CairnDb, given: string[] | undefined, fallback: string): string[] {
  if (given?.length) return given.map((r) => resolve(r));
  const fromEnv = envRoots();
  if (fromEnv.length) return fromEnv.map((r) => resolve(r));
  const saved = db.select({ path: rootsTable.path }).from(rootsTable).all().map((r) => r.path);
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
