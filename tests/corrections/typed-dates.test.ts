/**
 * Issue 29, part 5: `snooze` and `set` (and the dashboard's two forms, which call the same functions) read a
 * typed date the same way, strictly: a day or time that does not exist is refused with a message naming it.
 * Before, `snooze --until 2027-02-29` snoozed until March 1 while `set --saved-at 2027-02-29` refused it, and
 * both took T24:00.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { correctionSchema, setCorrections } from "../../lib/actions/corrections";
import { MarkError, setMark } from "../../lib/actions/marks";
import { indexRoots } from "../../lib/index/indexer";
import { marksOf } from "../../lib/queries/marks";
import { getRecord, listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let id: string;
const NOW = new Date("2026-11-01T00:00:00Z");

beforeAll(async () => {
  space = tempSpace();
  const repo = join(space.dir, "code", "shop");
  initRepo(repo);
  writeFiles(repo, { ".claude/checkpoints/cart.md": "---\nstatus: in-progress\ntimestamp: 2026-05-01T10:00:00Z\n---\n# Checkpoint: Cart\n\n- [ ] wire totals\n" });
  commitAll(repo, "cart");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
  id = listRecords(space.db())[0].id;
});
afterAll(() => space.cleanup());

const cairn = (args: string[]) =>
  spawnSync(process.execPath, [resolve("bin/cairn.mjs"), ...args, "--db", space.dbPath], { encoding: "utf8", env: { ...process.env, CAIRN_DB: "" } });

const snoozeError = (until: string) => {
  try {
    setMark(space.db(), id, "snooze", { until, now: NOW });
    return `accepted as ${marksOf(space.db(), id).snoozedUntil}`;
  } catch (error) {
    return error instanceof MarkError ? error.message : String(error);
  }
};
const setError = (savedAt: string) => correctionSchema.safeParse({ savedAt }).error?.issues[0].message ?? "accepted";

describe("one strict date reader for snooze and set", () => {
  it("refuses a day that does not exist in both, with the same message naming it", () => {
    const message = "2027-02-29 does not exist: February 2027 has 28 days.";
    expect(snoozeError("2027-02-29")).toBe(message);
    expect(setError("2027-02-29")).toBe(message);
    expect(snoozeError("2027-04-31")).toBe("2027-04-31 does not exist: April 2027 has 30 days.");
  });

  it("refuses hour 24 in both", () => {
    expect(snoozeError("2027-05-01T24:00")).toMatch(/^2027-05-01T24:00 does not exist: hours run from 00 to 23/);
    expect(setError("2027-05-01T24:00")).toMatch(/^2027-05-01T24:00 does not exist: hours run from 00 to 23/);
  });

  it("reads a leap day and a time without a zone (UTC) the same way in both", async () => {
    expect(snoozeError("2028-02-29T08:30")).toBe("accepted as 2028-02-29T08:30:00.000Z");
    await setCorrections(space.db(), id, correctionSchema.parse({ savedAt: "2024-02-29T08:30" }));
    expect(getRecord(space.db(), id)?.savedAt).toBe("2024-02-29T08:30:00.000Z");
  });

  it("refuses them on the command line with one line naming the date", () => {
    for (const args of [
      ["snooze", id, "--until", "2027-02-29"],
      ["set", id, "--saved-at", "2027-02-29"],
    ]) {
      const run = cairn(args);
      expect(run.status).not.toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toMatch(/2027-02-29 does not exist: February 2027 has 28 days/);
    }
  }, 60_000);
});
