import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;

beforeAll(async () => {
  space = tempSpace("cairn-broad-");
  // every generated checkpoint speaks of rate limiters, tokens and webhooks: broad words
  world = buildWorld(join(space.dir, "world"), { repositories: 2, htmlCheckpoints: 6, start: new Date("2026-11-01T08:00:00Z") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
});
afterAll(() => space.cleanup());

const search = (q: string, options = {}) => searchDocuments(space.db(), q, options);

describe("a word found in more documents than are ranked", () => {
  it("counts every match, ranks the newest ones best first, and says so", () => {
    const all = search("rate");
    expect(all.total).toBeGreaterThan(8);
    expect(all.notes).toEqual([]);
    const capped = search("rate", { rankCap: 5, limit: 3 });
    expect(capped.total).toBe(all.total);
    expect(capped.hits).toHaveLength(3);
    const ranks = capped.hits.map((h) => h.rank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(capped.notes.join(" ")).toMatch(new RegExp(`${all.total} documents match: the best of the 5 indexed last come first`));
  });

  it("ranks within the capped matches exactly as bm25 ranks them", () => {
    // rank every match, then keep those that were among the 5 indexed last: the capped search gives the same order
    const every = search("rate", { limit: 500 }).hits;
    const capped = search("rate", { rankCap: 5, limit: 5 }).hits;
    const newest = new Set(capped.map((h) => h.id));
    expect(capped.map((h) => h.id)).toEqual(every.filter((h) => newest.has(h.id)).map((h) => h.id));
  });

  it("pages past the cap: each page ranks as many as it needs, without overlap", () => {
    const first = search("rate", { rankCap: 4, limit: 4 });
    const second = search("rate", { rankCap: 4, limit: 4, offset: 4 });
    expect(second.hits).toHaveLength(4);
    expect(second.hits.filter((h) => first.hits.some((f) => f.id === h.id))).toEqual([]);
  });

  it("caps the count, and says the total is capped", () => {
    const all = search("rate");
    const capped = search("rate", { countCap: 5 });
    expect(capped.total).toBe(5);
    expect(capped.notes.join(" ")).toMatch(/more than 5 documents match: the total is capped there/);
    expect(capped.hits[0].id).toBe(all.hits[0].id);
  });
});
