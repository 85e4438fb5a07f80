/**
 * `cairn list --json` is written by SQLite (lib/cli/list-json.ts) for speed: its bytes must stay exactly
 * those of `JSON.stringify(listRecords(…), null, 2)`, the records every other reader builds, whatever the
 * filters, with secrets, problems, completions in Cairn, marks (a snooze running and one past) and text
 * that needs escaping.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { completeCheckpoint } from "../../lib/actions/complete";
import { setMark } from "../../lib/actions/marks";
import { listJson, listJsonChunks, type ListJsonFilters } from "../../lib/cli/list-json";
import { listRecords } from "../../lib/queries/records";
import { buildFixtureWorld } from "../../e2e/support/fixture-world";
import { tempSpace, type TempSpace } from "../support/temp";

const PROJECT_DIR = resolve(import.meta.dirname, "..", "..");
let space: TempSpace;

beforeAll(async () => {
  space = tempSpace("cairn-list-json-");
  const world = buildFixtureWorld(join(space.dir, "world"));
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  const open = listRecords(space.db(), { status: "in-progress" });
  setMark(space.db(), open[0].id, "pin");
  setMark(space.db(), open[1].id, "archive");
  setMark(space.db(), open[2].id, "snooze", { until: "2099-01-01" });
  // a snooze whose date has passed reads as none
  space.db().$client.prepare("insert into document_marks (document_id, pinned, archived, snoozed_until, updated_at) values (?, 0, 0, ?, ?)").run(open[3].id, "2020-01-01T00:00:00.000Z", "2020-01-01T00:00:00.000Z");
  const statusless = listRecords(space.db(), { kind: "all" }).find((r) => r.kind === "checkpoint" && r.status === null);
  if (statusless) await completeCheckpoint(space.db(), statusless.id);
  // text that needs escaping, and characters beyond ASCII
  const tricky = `Quote " backslash \\ tab \t newline \n bell \u0007 nul-free é 😀 \u2028`;
  space.db().$client.prepare("update documents set title = ? where id = ?").run(tricky, open[4].id);
}, 120_000);

afterAll(() => space?.cleanup());

const expected = (filters: ListJsonFilters) => `${JSON.stringify(listRecords(space.db(), filters), null, 2)}\n`;

describe("cairn list --json, written by SQLite", () => {
  it("is byte for byte JSON.stringify(listRecords(…), null, 2) for every filter", () => {
    const all = listRecords(space.db(), { kind: "all" });
    expect(all.some((r) => r.secrets.length > 0) && all.some((r) => r.problems.length > 0)).toBe(true);
    expect(all.some((r) => r.statusDetail.completedInCairn) && all.some((r) => r.pinned) && all.some((r) => r.snoozedUntil)).toBe(true);
    expect(all.some((r) => r.headShaVerified === true) || all.some((r) => r.headShaVerified === false)).toBe(true);
    const repo = all.find((r) => r.repo)!.repo!;
    const cases: ListJsonFilters[] = [
      {},
      { kind: "all" },
      { kind: "review" },
      { kind: "all", status: "in-progress" },
      { kind: "all", status: "completed" },
      { repo: `${repo}/` },
      { repo: "/no/such/repository" },
    ];
    for (const filters of cases) expect(listJson(space.db(), filters).toString("utf8"), JSON.stringify(filters)).toBe(expected(filters));
    // streamed a record at a time (the command writes chunks as they are made): the same bytes
    const chunks = [...listJsonChunks(space.db(), { kind: "all" }, new Date(), 1)];
    expect(chunks.length).toBeGreaterThan(2);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected({ kind: "all" }));
  });

  it("prints those bytes from the command line", () => {
    const cli = spawnSync(process.execPath, [join(PROJECT_DIR, "bin", "cairn.mjs"), "list", "--json", "--kind", "all", "--db", space.dbPath], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toBe(expected({ kind: "all" }));
  });
});
