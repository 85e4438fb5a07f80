/**
 * Issue 43: the e2e suite passes on any day it runs. The e2e fixture world is built as it would be on three "todays"
 * (the run's day, 60 and 400 days later), indexed and queued with that day's clock, and every item keeps the age and
 * the sentence the e2e specs assert (e2e/queue.spec.ts, e2e/contrast.spec.ts's overview).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue } from "../../lib/queries/queue";
import { buildFixtureWorld, FIXTURE, at, day } from "../../e2e/support/fixture-world";
import { fixtureDate, fixtureDay, fixtureShift, fixtureToday, WRITTEN_FOR } from "../../scripts/fixtures/clock";
import { tempSpace, type TempSpace } from "../support/temp";

const DAY = 86_400_000;
const plusDays = (today: string, n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const spaces: TempSpace[] = [];
afterAll(() => spaces.forEach((s) => s.cleanup()));

describe("the fixtures' clock", () => {
  it("moves a fixed date by whole days to the run's day, keeping its time of day", () => {
    expect(fixtureDate("2026-11-03T09:00:00Z", WRITTEN_FOR).toISOString()).toBe("2026-11-03T09:00:00.000Z");
    expect(fixtureDate("2026-11-03T09:00:00Z", "2027-01-29").toISOString()).toBe("2027-01-02T09:00:00.000Z");
    expect(fixtureDay("2026-11-05", "2026-12-06")).toBe("2026-11-11");
    expect(fixtureShift("2026-12-01")).toBe(DAY);
    // the specs and the fixture server agree: both read the one day playwright.config.ts sets
    expect(at("2026-11-05T09:00:00Z").toISOString().slice(0, 10)).toBe(day("2026-11-05"));
  });
});

const today = fixtureToday();
for (const [label, when] of [["today", today], ["60 days on", plusDays(today, 60)], ["400 days on", plusDays(today, 400)]] as const) {
  describe(`the e2e world ${label} (${when})`, () => {
    it("keeps the queue sentences the e2e specs assert", async () => {
      const space = tempSpace("cairn-clock-");
      spaces.push(space);
      const world = buildFixtureWorld(join(space.dir, "world"), when);
      writeFileSync(join(space.dir, "config.json"), JSON.stringify({ identity: { emails: ["you@example.invalid"], names: ["You"] } }) + "\n");
      // the moment the suite runs on that day: any time of it (the ages below hold from 00:00 to 24:00)
      for (const now of [new Date(Date.parse(`${when}T00:05:00Z`)), new Date(Date.parse(`${when}T23:55:00Z`))]) {
        await indexRoots(space.db(), { roots: [world.root], home: world.home, now });
        const { items } = await loadQueue(space.db(), { now });
        const item = (title: string) => {
          const found = items.filter((i) => i.title === title);
          expect(found, `${title} at ${now.toISOString()}`).toHaveLength(1);
          return found[0];
        };
        // e2e/queue.spec.ts: the gone branch is the deciding fact, not the age
        expect(item(FIXTURE.goneTitle).reason).toMatch(new RegExp(`its branch ${FIXTURE.goneBranch} is gone`, "i"));
        const hostile = item(FIXTURE.hostileTitle);
        expect(hostile.action).toBe("resume");
        expect(hostile.reason).toMatch(/Nothing moved since it was saved \d+ days ago|Untouched for \d+ days/);
        item(FIXTURE.planCheckpointTitle);
        // nothing in the world ages into "Archive?" or turns fresh
        expect(items.filter((i) => /Untouched for/.test(i.reason)).map((i) => i.title)).toEqual([]);
      }
    });
  });
}
