import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { answerSearch } from "../../lib/search/api";
import { loadFrontDoorSearch } from "../../lib/server/front-door-search";
import { buildWorld } from "../../scripts/fixtures/world";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let server: Server;
let base: string;

beforeAll(async () => {
  space = tempSpace("cairn-front-door-");
  const world = buildWorld(join(space.dir, "world"), { repositories: 1, htmlCheckpoints: 2, start: new Date("2026-11-01T08:00:00Z") });
  await indexRoots(space.db(), { roots: [world.root], home: world.home });
  const search = await loadFrontDoorSearch(space.dbPath);
  expect(search).not.toBeNull();
  server = createServer((req, res) => {
    if (search!(req, res)) return;
    res.writeHead(418).end("not the search");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  space.cleanup();
});

describe("GET /api/search at the server's front door", () => {
  it("answers the route's JSON (timing apart) with its headers, and says whether meaning search is on", async () => {
    const params = new URLSearchParams({ q: "rate limiter", limit: "3", group: "repo" });
    const res = await fetch(`${base}/api/search?${params}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(res.headers.get("server-timing")).toMatch(/^search;dur=[\d.]+, embed;dur=[\d.]+$/);
    const { meaning, ...body } = (await res.json()) as { hits: unknown[]; groups: unknown[]; meaning: { line: string } };
    expect(body.hits.length).toBeGreaterThan(0);
    // nothing embedded yet (issue 38): the same answer as by words alone, and one line saying so
    expect(body).toEqual(answerSearch(space.db(), params).body);
    expect(meaning.line).toMatch(/^Searching by words/);
  });

  it("says which parameter is wrong with a 400, and leaves every other path to Next", async () => {
    const bad = await fetch(`${base}/api/search?q=x&limit=0`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { param: string }[] }).issues[0].param).toBe("limit");
    for (const path of ["/api/search/", "/api/searches?q=x", "/search?q=x", "/api/checkpoints"]) expect((await fetch(`${base}${path}`)).status).toBe(418);
    expect((await fetch(`${base}/api/search?q=x`, { method: "POST" })).status).toBe(418);
  });
});
