/** The queue, the marks and the freshness records of an indexed repository staging every situation. */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMark } from "../../lib/actions/marks";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue, queueRecords } from "../../lib/queries/queue";
import { listRecords, type CheckpointRecord } from "../../lib/queries/records";
import { buildVariedRepository, VARIED } from "../../scripts/fixtures/varied";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let records: CheckpointRecord[];
const root = () => join(space.dir, "code");
const byTitle = (title: string) => {
  const record = records.find((r) => r.title === title);
  if (!record) throw new Error(`no record titled ${title}`);
  return record;
};

beforeAll(async () => {
  space = tempSpace();
  mkdirSync(root(), { recursive: true });
  // the fixtures' author (Demo Dev) is a teammate: the user is someone else
  writeFileSync(join(space.dir, "config.json"), JSON.stringify({ identity: { emails: ["me@example.invalid"] } }));
  buildVariedRepository(root());
  await indexRoots(space.db(), { roots: [root()], home: join(space.dir, "home") });
  records = listRecords(space.db(), { kind: "all" });
}, 60_000);
afterAll(() => space.cleanup());

describe("records", () => {
  it("carry bookkeeping files, age, landed, lineage and supersededBy", () => {
    const fresh = byTitle(VARIED.fresh);
    const superseded = byTitle(VARIED.superseded);
    const other = byTitle(VARIED.otherTask);
    // its own commit ("docs: checkpoints and notes", which added its file) is where drift counts from (issue 39)
    expect(fresh.freshness).toMatchObject({ level: "fresh", newCommits: 0, bookkeepingCommits: 0, filesChanged: 0 });
    expect(typeof fresh.freshness?.ownCommitAt).toBe("string");
    expect(typeof fresh.freshness?.ageDays).toBe("number");
    expect(superseded.lineage).toBe(fresh.lineage);
    expect(superseded.supersededBy).toBe(fresh.id);
    // a newer save of another task on the same branch supersedes nothing
    expect(other.lineage).not.toBe(fresh.lineage);
    expect(fresh.supersededBy).toBeNull();
    const landed = byTitle(VARIED.landed);
    expect(landed.freshness?.landed).toMatchObject({ into: "main", merge: true });
    expect([landed.archived, landed.pinned, landed.snoozedUntil]).toEqual([false, false, null]);
  });

  it("a save dated in the future gets a problem and sorts by its commit time", () => {
    const future = byTitle(VARIED.future);
    expect(future.problems.some((p) => p.startsWith("saved in the future: clock skew?"))).toBe(true);
    expect(Date.parse(future.savedAt ?? "")).toBeLessThan(Date.now());
    const newest = listRecords(space.db())[0];
    expect(newest?.title).not.toBe(VARIED.future);
  });
});

describe("the queue", () => {
  it("suggests one action per open checkpoint, with a sentence leading with the deciding fact", async () => {
    const { items } = await loadQueue(space.db());
    const of = (title: string) => items.find((item) => item.title === title);
    expect(of(VARIED.landed)).toMatchObject({ action: "complete" });
    expect(of(VARIED.landed)?.reason).toMatch(/^Landed in main yesterday, merge [0-9a-f]{7}/);
    expect(of(VARIED.drifted)?.action).toBe("re-verify");
    expect(of(VARIED.drifted)?.reason).toMatch(/^\d+ commits touched 2 of its files/);
    expect(of(VARIED.dormant)?.action).toBe("archive");
    // saved 45 days ago; its file was committed (swept into "feat: cache revision 1") 39 days ago: the later time counts (issue 39)
    expect(of(VARIED.dormant)?.reason).toBe(`Untouched for 39 days; its branch ${VARIED.dormantBranch} is gone: archive it?`);
    expect(of(VARIED.dormant)?.verb).toBe("Archive?");
    expect(of(VARIED.superseded)?.action).toBe("archive");
    expect(of(VARIED.superseded)?.reason).toMatch(/^Superseded by “Rate limiter for the public API \(part 2\)”/);
    expect(of(VARIED.fresh)?.action).toBe("resume");
    expect(of(VARIED.handoff)?.action).toBe("review");
    // each appears once, ranked 1..n, in the order of the rule table's groups (fresh work first, dormant last)
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.map((i) => i.rank)).toEqual(items.map((_, index) => index + 1));
    const groups = items.map((i) => i.group);
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(items.at(-1)?.title).toBe(VARIED.dormant);
  });

  it("pin leads, snooze and archive set aside, undo brings back; marks survive a re-index", async () => {
    const db = space.db();
    const drifted = byTitle(VARIED.drifted);
    const dormant = byTitle(VARIED.dormant);
    const fresh = byTitle(VARIED.fresh);
    setMark(db, drifted.id, "pin");
    setMark(db, dormant.id, "archive");
    setMark(db, fresh.id, "snooze", { until: "2999-01-01" });
    expect(() => setMark(db, fresh.id, "snooze", { until: "2001-01-01" })).toThrow(/not in the future/);

    await indexRoots(db, { roots: [root()], home: join(space.dir, "home") });
    let queue = await loadQueue(db);
    expect(queue.items[0]).toMatchObject({ id: drifted.id, rank: 1, pinned: true });
    expect(queue.items.some((i) => i.id === dormant.id || i.id === fresh.id)).toBe(false);
    expect(queue.setAside.map((i) => i.id).sort()).toEqual([dormant.id, fresh.id].sort());
    const record = listRecords(db).find((r) => r.id === fresh.id);
    expect(record?.snoozedUntil).toBe("2999-01-01T00:00:00.000Z");
    expect(listRecords(db).find((r) => r.id === dormant.id)?.archived).toBe(true);

    setMark(db, drifted.id, "unpin");
    setMark(db, dormant.id, "unarchive");
    setMark(db, fresh.id, "unsnooze");
    queue = await loadQueue(db);
    expect(queue.setAside).toEqual([]);
    expect(queue.items.find((i) => i.id === drifted.id)?.pinned).toBe(false);
  });

  it("cairn queue --json prints id, rank, action and reason, best first", () => {
    const out = execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "queue", "--json", "--db", space.dbPath], { encoding: "utf8" });
    const list = JSON.parse(out) as ReturnType<typeof queueRecords>;
    expect(list.length).toBeGreaterThan(4);
    expect(list[0]).toMatchObject({ rank: 1, action: "review", verb: "Review", rule: "review" });
    for (const item of list) expect(Object.keys(item)).toEqual(expect.arrayContaining(["id", "rank", "action", "reason"]));
    const archived = execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "archive", list[0]?.id ?? "", "--db", space.dbPath], { encoding: "utf8" });
    expect(archived).toMatch(/^Archived /);
    const undone = execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), "archive", list[0]?.id ?? "", "--undo", "--db", space.dbPath], { encoding: "utf8" });
    expect(undone).toMatch(/^Restored /);
  }, 60_000);
});
