/**
 * Issue 17.5: a page view is read-only by construction. Browsing every page of the BUILT server (and its
 * JSON APIs) must not write, fetch or lock anything in a repository: not `.git/index` (which a plain
 * `git status` refreshes when a file's stat changed), no `index.lock`, no object, no work-tree file.
 * Checked two ways: a recursive file watcher sees no change at all while the pages load, and every file's
 * bytes and times are the same afterwards.
 *
 * Issue 18.9, on the same server: `/roots?removed=` never echoes text from a link.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, utimesSync, watch, type FSWatcher } from "node:fs";
import { join, relative } from "node:path";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import * as family from "../../scripts/fixtures/families";
import { serveWorld, type ServedWorld } from "./support/fixture";
import { fetchPage } from "./support/server";

let world: ServedWorld;
let repo: string;

const saved = (over: Partial<family.SaveFacts>): family.SaveFacts => ({
  title: "Wire the importer",
  slug: "wire-the-importer",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-20T10:15:00Z"),
  status: "in-progress",
  tasks: [
    { text: "parse the header", done: true },
    { text: "map the columns", done: false },
  ],
  keyFiles: ["src/app.ts", "src/gone.ts"],
  decision: "Stream the file instead of loading it whole",
  gotcha: "Excel exports use CRLF line endings everywhere",
  ...over,
});

/** A repository whose index is out of date with the work tree: exactly what makes a plain `git status` rewrite `.git/index`. */
function populate(root: string): void {
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export const a = 1;\n", "src/gone.ts": "export {};\n", "README.md": "# shop\n" });
  const first = commitAll(repo, "feat: start", new Date("2026-11-20T09:00:00Z"));
  const one = saved({ headSha: first });
  writeFiles(repo, { [family.htmlCheckpointPath(one)]: family.htmlCheckpoint(one) });
  commitAll(repo, "chore(checkpoint): save", new Date("2026-11-20T10:16:00Z"));
  writeFiles(repo, { "src/app.ts": "export const a = 2;\n" });
  git(repo, ["rm", "-q", "src/gone.ts"]);
  const second = commitAll(repo, "feat: move on", new Date("2026-11-21T09:00:00Z"));
  const two = saved({ headSha: second, slug: "map-the-columns", title: "Map the columns", savedAt: new Date("2026-11-21T10:00:00Z") });
  writeFiles(repo, { [family.htmlCheckpointPath(two)]: family.htmlCheckpoint(two), "src/dirty.ts": "// not committed\n" });
  // same bytes, new times: the index's stat data no longer matches, so git would like to refresh it
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(repo, "README.md"), later, later);
}

interface Entry {
  kind: "file" | "dir" | "link" | "other";
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  sha: string | null;
}

/** Every entry of the repository, `.git` included: kind, size, times and the bytes' hash. */
function snapshot(dir: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const abs = join(at, name);
      const info = lstatSync(abs);
      const kind = info.isFile() ? "file" : info.isDirectory() ? "dir" : info.isSymbolicLink() ? "link" : "other";
      out.set(relative(dir, abs), {
        kind,
        size: kind === "dir" ? 0 : info.size,
        mtimeMs: info.mtimeMs,
        ctimeMs: info.ctimeMs,
        sha: kind === "file" ? createHash("sha256").update(readFileSync(abs)).digest("hex") : null,
      });
      if (kind === "dir") walk(abs);
    }
  };
  walk(dir);
  return out;
}

function differences(before: Map<string, Entry>, after: Map<string, Entry>): string[] {
  const out: string[] = [];
  for (const [path, entry] of after) {
    const old = before.get(path);
    if (!old) out.push(`created ${path}`);
    else if (JSON.stringify(old) !== JSON.stringify(entry)) out.push(`changed ${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) out.push(`removed ${path}`);
  return out;
}

/** Every change the kernel reports under `dir` while `task` runs (creations, writes, renames, deletions). */
async function changesDuring(dir: string, task: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const watcher: FSWatcher = watch(dir, { recursive: true }, (event, name) => seen.push(`${event} ${name ?? "?"}`));
  try {
    await new Promise((resolve) => setTimeout(resolve, 200)); // the watch is armed
    await task();
    await new Promise((resolve) => setTimeout(resolve, 500)); // late events arrive
  } finally {
    watcher.close();
  }
  return seen;
}

const get = async (path: string) => {
  const response = await fetchPage(`${world.server.url}${path}`);
  return { status: response.status, body: await response.text(), location: response.headers.get("location") };
};

beforeAll(async () => {
  world = await serveWorld("cairn-sec-readonly-", (root) => populate(root));
}, 900_000);

afterAll(async () => {
  await world?.stop();
});

/** Every page and API a visitor can GET, for every document and repository. */
async function everyPage(): Promise<string[]> {
  const records = world.records();
  const home = await get("/");
  const repoIds = [...new Set(home.body.match(/\/repos\/\d+/g) ?? [])];
  const pages = ["/", "/repos", "/checkpoints", "/reviews", "/secrets", "/problems", "/roots", "/search?q=importer", "/search?q=file:src/app.ts"];
  pages.push("/api/checkpoints", "/api/search?q=importer");
  for (const r of repoIds) pages.push(r, `${r}/compare`);
  for (const r of records) {
    const base = `/checkpoints/${r.id}`;
    pages.push(base, `${base}?view=original`, `${base}/diff`, `${base}/promote`, `${base}/resume`, `${base}/review`);
  }
  return pages;
}

describe("a page view never writes into a repository", () => {
  it("the probe notices a write: a plain git status (index refresh) is seen by both checks", async () => {
    const before = snapshot(join(repo, ".git"));
    const seen = await changesDuring(repo, async () => {
      git(repo, ["status", "--porcelain"]);
    });
    expect(seen.some((e) => e.includes("index")), seen.join("\n")).toBe(true);
    expect(differences(before, snapshot(join(repo, ".git")))).toContain("changed index");
    // make the index stale again for the real test
    const later = new Date(Date.now() + 120_000);
    utimesSync(join(repo, "README.md"), later, later);
  });

  it("browsing every page and API changes nothing in .git or the work tree", async () => {
    const pages = await everyPage();
    expect(pages.length).toBeGreaterThan(15);
    const before = snapshot(repo);
    const statuses: string[] = [];
    const seen = await changesDuring(repo, async () => {
      for (const page of pages) {
        const { status, location } = await get(page);
        statuses.push(`${status} ${page}`);
        // a redirect (the compare page picks a pair) is followed, once
        if (status >= 300 && status < 400 && location) statuses.push(`${(await get(new URL(location, world.server.url).pathname + new URL(location, world.server.url).search)).status} ${location}`);
      }
    });
    expect(statuses.filter((s) => !/^(200|307|308) /.test(s)), statuses.join("\n")).toEqual([]);
    expect(seen, "file events while pages were served").toEqual([]);
    expect(differences(before, snapshot(repo))).toEqual([]);
  });
});

describe("/roots?removed=", () => {
  it("does not echo text from a link", async () => {
    const crafted = "Your session expired: call 555-0100 to restore access";
    const page = await get(`/roots?removed=${encodeURIComponent(crafted)}`);
    expect(page.status).toBe(200);
    // what a reader sees: the page without its scripts (Next's own payload repeats the URL, as data)
    const visible = page.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
    expect(visible).toContain("Watched folders");
    expect(visible).not.toContain("555-0100");
    expect(visible).not.toContain("Removed ");
  });
});
