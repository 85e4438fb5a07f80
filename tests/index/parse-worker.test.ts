/**
 * The compiled command line prepares documents on a worker thread (lib/index/prepare-pool.ts): the index
 * it writes is the one the in-process path writes, row for row.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;

/** Columns that follow the clock or the run, not the files. */
const TIME_COLUMNS = new Set(["indexed_at", "last_indexed_at", "created_at", "index_stamp"]);

function indexWith(dbPath: string, worker: boolean): Record<string, unknown> {
  const run = spawnSync(process.execPath, [resolve("bin/cairn.mjs"), "index", "--root", world.root, "--home", world.home, "--db", dbPath, "--json"], {
    encoding: "utf8",
    env: { ...process.env, CAIRN_DB: "", CAIRN_PARSE_WORKER: worker ? "" : "0" },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as Record<string, unknown>;
}

function rows(dbPath: string): Record<string, string[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const out: Record<string, string[]> = {};
    for (const table of ["documents", "sections", "tasks", "referenced_files", "secret_findings", "problems", "indexed_files"]) {
      const all = db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
      out[table] = all
        .map((row) => {
          const kept: Record<string, unknown> = {};
          for (const key of Object.keys(row).sort()) {
            if (TIME_COLUMNS.has(key) || (key === "id" && table !== "documents")) continue;
            kept[key] = key === "freshness" && typeof row[key] === "string" ? { ...JSON.parse(row[key] as string), ageDays: null } : row[key];
          }
          return JSON.stringify(kept);
        })
        .sort();
    }
    return out;
  } finally {
    db.close();
  }
}

beforeAll(() => {
  space = tempSpace();
  world = buildWorld(join(space.dir, "world"), { repositories: 3, htmlCheckpoints: 3, start: new Date("2026-11-01T08:00:00Z") });
});
afterAll(() => space.cleanup());

describe("documents prepared on a worker thread", () => {
  it("index exactly as documents prepared in the main thread", () => {
    const inProcess = join(space.dir, "in-process.db");
    const offThread = join(space.dir, "off-thread.db");
    const plain = indexWith(inProcess, false);
    const threaded = indexWith(offThread, true);
    expect(plain.parsedOffThread).toBe(0);
    // the compiled command line parsed them on its worker thread
    expect(threaded.parsedOffThread).toBeGreaterThan(0);
    expect(threaded.documents).toEqual(plain.documents);
    const before = rows(inProcess);
    expect(before.documents.length).toBeGreaterThan(0);
    expect(rows(offThread)).toEqual(before);
  }, 120_000);
});
