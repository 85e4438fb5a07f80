/** A database indexed before the ranked index (migration 0007) is read again on the next run, branches too. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;

beforeAll(async () => {
  space = tempSpace("cairn-upgrade-");
  world = buildWorld(join(space.dir, "world"), { repositories: 2, htmlCheckpoints: 2, start: new Date("2026-11-01T08:00:00Z") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
});
afterAll(() => space.cleanup());

describe("upgrading to the ranked index", () => {
  it("fills the ranked index on the next index run of a database that had none", async () => {
    const client = space.db().$client;
    const question = "where did we leave the rate limiting work";
    const before = searchDocuments(space.db(), question).total;
    expect(before).toBeGreaterThan(0);
    // the state of a database indexed by the previous version: no ranked rows; then what 0007 does to it
    client.exec("DELETE FROM documents_terms");
    expect(searchDocuments(space.db(), question).total).toBe(0);
    const migration = readFileSync(join(__dirname, "../../db/migrations/0007_ranked_terms.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").filter((s) => /^\s*UPDATE/m.test(s))) client.exec(statement);
    await indexRoots(space.db(), { roots: [world.root], home: world.home });
    expect(searchDocuments(space.db(), question).total).toBe(before);
  });
});
