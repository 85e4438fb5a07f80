/**
 * The bench's 50 queries (issue 23): phrases, `word*`, file traces, shas, operators and punctuation answer
 * exactly as the exact search does (the search before questions were ranked); plain words and filtered
 * words still find every document the exact search found, and the filters keep the same documents.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments, type SearchOptions } from "../../lib/queries/search";
import { FILTER_KEYS } from "../../lib/search/filters";
import { benchQueries, type BenchQuery } from "../../scripts/bench/queries";
import { buildWorld, type World } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let world: World;
let queries: BenchQuery[];

beforeAll(async () => {
  space = tempSpace("cairn-bench-queries-");
  world = buildWorld(join(space.dir, "world"), { repositories: 16, htmlCheckpoints: 4, start: new Date("2026-11-01T08:00:00Z") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  queries = benchQueries(world);
}, 240_000);
afterAll(() => space.cleanup());

const run = (q: BenchQuery, extra: SearchOptions = {}) => searchDocuments(space.db(), q.q, { ...(q.params as SearchOptions), limit: 500, ...extra });
const ids = (q: BenchQuery, extra: SearchOptions = {}) => run(q, extra).hits.map((h) => h.id);

describe("the bench's queries", () => {
  it("answer phrases, prefixes, file traces, shas and punctuation exactly as before", () => {
    const exactKinds = queries.filter((q) => ["phrase", "file", "sha", "punctuation"].includes(q.kind) || (q.kind === "prefix" && q.q.endsWith("*")));
    expect(exactKinds.length).toBeGreaterThanOrEqual(20);
    for (const q of exactKinds) {
      const now = run(q);
      const before = run(q, { exact: true });
      expect({ q: q.q, hits: now.hits, total: now.total }).toEqual({ q: q.q, hits: before.hits, total: before.total });
    }
  });

  it("keep every document the exact search found for plain words, filtered or not, and the filters keep the same documents", () => {
    const worded = queries.filter((q) => ["words", "prefix", "filter", "none"].includes(q.kind) && !q.q.endsWith("*"));
    for (const q of worded) {
      const now = ids(q);
      expect({ q: q.q, missing: ids(q, { exact: true }).filter((id) => !now.includes(id)) }).toEqual({ q: q.q, missing: [] });
      if (q.params && Object.keys(q.params).some((key) => (FILTER_KEYS as readonly string[]).includes(key))) {
        const kept = new Set(searchDocuments(space.db(), "", { ...(q.params as SearchOptions), limit: 500 }).hits.map((h) => h.id));
        expect({ q: q.q, outside: now.filter((id) => !kept.has(id)) }).toEqual({ q: q.q, outside: [] });
      }
    }
  });
});
