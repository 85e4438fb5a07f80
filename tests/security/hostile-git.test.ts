/**
 * Repositories whose `.git/config` tries to make git run a program, indexed through the CLI, browsed
 * page by page on the BUILT server (checkpoint, original, diff, compare, repository, problems, search),
 * changed on disk so the server's watcher re-indexes them live, and indexed again. Every program is a
 * canary that creates a marker file: the markers folder must stay empty.
 */
import Database from "better-sqlite3";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "./support/server";
import { serveWorld, type CliRecord, type ServedWorld } from "./support/fixture";
import { buildFilterRepos, buildPartialClones, buildProgramKeysRepo, makeCanary, type Canary, type HostileGitRepo } from "./support/hostile-git";

let world: ServedWorld;
let canary: Canary;
let partial: HostileGitRepo[] = [];
let filters: HostileGitRepo[] = [];
let programKeys: HostileGitRepo;
let records: CliRecord[];
const pages = new Map<string, { status: number; body: string }>();
let liveSeen = 0;
let liveExpected = 0;

const get = async (path: string) => {
  const res = await fetchPage(`${world.server.url}${path}`);
  const body = await res.text();
  pages.set(path, { status: res.status, body });
  return { status: res.status, body, location: res.headers.get("location") };
};
const markers = () => readdirSync(canary.markerDir).sort();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function problemsOf(repoPath: string): string[] {
  const sqlite = new Database(world.db, { readonly: true });
  try {
    const rows = sqlite.prepare("SELECT message FROM problems WHERE file_path = ?").all(repoPath) as { message: string }[];
    return rows.map((r) => r.message);
  } finally {
    sqlite.close();
  }
}

async function browseEverything(): Promise<void> {
  const home = await get("/");
  const repoIds = [...new Set([...home.body.matchAll(/\/repos\/(\d+)/g)].map((m) => m[1]))];
  for (const id of repoIds) {
    await get(`/repos/${id}`);
    const compare = await get(`/repos/${id}/compare`);
    if (compare.location) await get(new URL(compare.location, world.server.url).pathname + new URL(compare.location, world.server.url).search);
  }
  for (const r of records) {
    await get(`/checkpoints/${r.id}`);
    await get(`/checkpoints/${r.id}?view=original`);
    await get(`/checkpoints/${r.id}/diff`);
    await get(`/checkpoints/${r.id}/resume`);
  }
  await get("/problems");
  await get("/checkpoints");
  await get("/search?q=importer");
  await get("/api/checkpoints");
}

beforeAll(async () => {
  world = await serveWorld("cairn-sec-hostile-git-", (root, dir) => {
    canary = makeCanary(dir);
    partial = buildPartialClones(root, dir, canary);
    filters = buildFilterRepos(root, dir, canary);
    programKeys = buildProgramKeysRepo(root, dir, canary);
  });
  records = world.records();
  await browseEverything();

  // live: change a checkpoint and a code file in every repository; the server's watcher re-indexes them
  const all = [...partial, ...filters, programKeys];
  for (const repo of all) {
    const file = join(repo.path, repo.checkpointPath);
    writeFileSync(file, readFileSync(file, "utf8").replace("</h1>", '</h1>\n<h2 id="live-note">Live note</h2>\n<p>edited live</p>'));
    writeFileSync(join(repo.path, "src", "app.ts"), "export const live = true;\n");
  }
  const deadline = Date.now() + 120_000;
  let seen = 0;
  liveExpected = all.length;
  while (Date.now() < deadline) {
    const res = await fetchPage(`${world.server.url}/api/search?q=${encodeURIComponent('"edited live"')}`);
    const body = await res.text();
    seen = all.filter((repo) => body.includes(JSON.stringify(repo.path).slice(1, -1))).length;
    if (seen === all.length) break;
    await sleep(1_000);
  }
  liveSeen = seen;
  await browseEverything();
  // and a second index run from the command line (the warm path)
  world.index();
  records = world.records();
}, 900_000);

afterAll(async () => {
  await world?.stop();
});

describe("hostile git configuration", () => {
  it("indexed every repository and served every page", () => {
    for (const repo of [...partial, ...filters, programKeys]) {
      expect(records.some((r) => r.repo === repo.path), repo.name).toBe(true);
    }
    const failed = [...pages.entries()].filter(([, page]) => page.status >= 500).map(([path]) => path);
    expect(failed, "no page failed").toEqual([]);
  });

  it("re-indexed every repository live after a change on disk", () => {
    expect(liveSeen).toBe(liveExpected);
  });

  it("ran no program: no lazy fetch (ext::, ssh + core.sshCommand, file:// + uploadpack, remote.vcs), no filter, hook, pager, driver, helper", () => {
    expect(markers()).toEqual([]);
  });

  it("says calmly on the diff page of a partial clone why the saved version cannot be shown", () => {
    for (const repo of partial) {
      const record = records.find((r) => r.repo === repo.path && r.title === `Importer in ${repo.name}`);
      expect(record, repo.name).toBeDefined();
      const page = pages.get(`/checkpoints/${record!.id}/diff`);
      expect(page?.status).toBe(200);
      expect(page?.body).toContain("not in this clone");
      expect(page?.body).not.toMatch(/fatal:|transport '/);
    }
  });

  it("does not run git status where the filter drivers cannot all be switched off, and says so", () => {
    const byName = new Map(filters.map((repo) => [repo.name, repo]));
    for (const name of ["filter-overflow", "filter-long-name"]) {
      const messages = problemsOf(byName.get(name)!.path);
      expect(messages.join("\n"), name).toMatch(/git status was not run in this repository/);
    }
    // drivers from included files are found and switched off, so status runs there
    expect(problemsOf(byName.get("filter-include")!.path)).toEqual([]);
    expect(pages.get("/problems")?.body).toContain("git status was not run");
  });
});
