/**
 * `cairn list --json` reads its rows in one pass (raw rows decoded column by column, the side tables
 * asked once for all ids): each record must still be exactly what the one-record path builds, with
 * its secrets, problems, Cairn-side completion and marks, and the status filter must keep the same ones.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { completeCheckpoint } from "../../lib/actions/complete";
import { setMark } from "../../lib/actions/marks";
import { getRecord, listRecords, type CheckpointRecord } from "../../lib/queries/records";
import { buildFixtureWorld } from "../../e2e/support/fixture-world";
import { tempSpace, type TempSpace } from "../support/temp";

const PROJECT_DIR = resolve(import.meta.dirname, "..", "..");
let space: TempSpace;
let all: CheckpointRecord[];

beforeAll(async () => {
  space = tempSpace("cairn-list-records-");
  const world = buildFixtureWorld(join(space.dir, "world"));
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  const open = listRecords(space.db(), { status: "in-progress" });
  setMark(space.db(), open[0].id, "pin");
  setMark(space.db(), open[1].id, "archive");
  setMark(space.db(), open[2].id, "snooze", { until: "2099-01-01" });
  // a checkpoint without a status line is completed in Cairn (no file changed)
  const statusless = listRecords(space.db(), { kind: "all" }).find((r) => r.kind === "checkpoint" && r.status === null);
  if (statusless) await completeCheckpoint(space.db(), statusless.id);
  all = listRecords(space.db(), { kind: "all", includeDuplicates: true });
}, 120_000);

afterAll(() => space?.cleanup());

describe("cairn list --json", () => {
  it("builds every record as the one-record path does (secrets, problems, completions, marks, JSON fields)", () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((r) => r.secrets.length > 0)).toBe(true);
    expect(all.some((r) => r.problems.length > 0)).toBe(true);
    expect(all.some((r) => r.pinned) && all.some((r) => r.archived) && all.some((r) => r.snoozedUntil)).toBe(true);
    expect(all.some((r) => r.freshness !== null && Object.keys(r.fieldSources).length > 0)).toBe(true);
    for (const record of all) expect(record).toEqual(getRecord(space.db(), record.id));
  });

  it("keeps the same records with --status as without it, filtered", () => {
    const list = listRecords(space.db(), { kind: "all" });
    expect(list.some((r) => r.statusDetail.completedInCairn)).toBe(true);
    for (const status of ["in-progress", "completed"] as const) {
      expect(listRecords(space.db(), { kind: "all", status }).map((r) => r.id)).toEqual(list.filter((r) => r.status === status).map((r) => r.id));
    }
  });

  it("prints the same records from the command line", () => {
    const cli = spawnSync(process.execPath, [join(PROJECT_DIR, "bin", "cairn.mjs"), "list", "--json", "--kind", "all", "--db", space.dbPath], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(listRecords(space.db(), { kind: "all" }))));
  });
});
