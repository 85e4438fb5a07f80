/**
 * A hostile repository, indexed through the CLI and browsed page by page on the BUILT server:
 * git config and hooks that would run commands, option injection through head_sha and branch,
 * `---js` frontmatter, symlinks out of the root, an oversized file and a binary one. Nothing may run,
 * nothing outside the root may be read.
 */
import Database from "better-sqlite3";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_DIR, fetchPage } from "./support/server";
import { serveWorld, type CliRecord, type ServedWorld } from "./support/fixture";
import { leaksIn } from "./support/db-bytes";
import { localLinks } from "./support/html";
import { buildHostileRepo, type HostileRepo } from "./support/world";

let world: ServedWorld;
let hostile: HostileRepo;
let records: CliRecord[];
let visited: Map<string, number>;

const get = (path: string) => fetchPage(`${world.server.url}${path}`);

/** Every page route of the app, with [id] filled by each checkpoint or repository id. */
function appRoutes(docIds: string[], repoIds: string[]): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (name === "page.tsx") {
        const segments = relative(join(PROJECT_DIR, "app"), dir).split(sep).filter((s) => s && !s.startsWith("(") && !s.startsWith("@"));
        let paths = [""];
        for (const [i, segment] of segments.entries()) {
          if (!segment.startsWith("[")) paths = paths.map((p) => `${p}/${segment}`);
          else if (segments[i - 1] === "checkpoints") paths = paths.flatMap((p) => docIds.map((id) => `${p}/${id}`));
          else if (segments[i - 1] === "repos") paths = paths.flatMap((p) => repoIds.map((id) => `${p}/${id}`));
          else paths = [];
        }
        routes.push(...paths.map((p) => p || "/"));
      }
    }
  };
  walk(join(PROJECT_DIR, "app"));
  return routes;
}

function markers(): string[] {
  return readdirSync(hostile.markerDir);
}

beforeAll(async () => {
  world = await serveWorld("cairn-sec-hostile-", (root, dir) => {
    hostile = buildHostileRepo(root, dir);
  });
  records = world.records();
  const home = await (await get("/")).text();
  const repoIds = [...new Set([...home.matchAll(/\/repos\/(\d+)/g)].map((m) => m[1]))];
  const docIds = records.map((r) => r.id);
  const queue = [
    ...appRoutes(docIds, repoIds),
    ...docIds.flatMap((id) => [`/checkpoints/${id}?view=original`, `/checkpoints/${id}/diff`]),
    "/search?q=injection",
    "/api/checkpoints",
    "/api/search?q=injection",
  ];
  visited = new Map();
  while (queue.length && visited.size < 400) {
    const path = queue.shift()!;
    if (visited.has(path) || path.startsWith("/api/events")) continue;
    const res = await get(path);
    visited.set(path, res.status);
    const body = await res.text();
    if (res.status === 200 && (res.headers.get("content-type") ?? "").includes("html")) {
      for (const link of localLinks(body)) if (!visited.has(link)) queue.push(link);
    }
  }
}, 900_000);

afterAll(async () => {
  await world?.stop();
});

describe("a hostile repository", () => {
  it("was indexed and every page about it was served", () => {
    expect(records.some((r) => r.title === "Option injection")).toBe(true);
    const pages = [...visited.entries()];
    expect(pages.length).toBeGreaterThan(10);
    const failed = pages.filter(([, status]) => status >= 500);
    expect(failed, "no page failed").toEqual([]);
    for (const r of records) expect(visited.get(`/checkpoints/${r.id}`), r.path).toBe(200);
  });

  it("ran none of its commands: fsmonitor, hooks, diff.external, textconv, filters, pager, ssh, credential helper", () => {
    expect(markers()).toEqual([]);
  });

  it("passed neither head_sha `--output=...` nor branch `--upload-pack=...` to git as options", () => {
    expect(existsSync(hostile.outputPath), hostile.outputPath).toBe(false);
    const injected = records.find((r) => r.title === "Option injection")!;
    expect(injected.headSha).toBeNull();
    expect(injected.branch).toContain("--upload-pack=");
    expect((injected.freshness as { newCommits: number | null } | null)?.newCommits ?? null).toBeNull();
  });

  it("treats `---js` / `---javascript` frontmatter and YAML js tags as data, never code", () => {
    expect(markers().filter((m) => m.includes("frontmatter") || m.includes("yaml"))).toEqual([]);
    expect(records.map((r) => r.title)).not.toContain("pwned");
  });

  it("skips files over the size cap and binary files with a problem, and never follows a symlink out of the root", () => {
    const sqlite = new Database(world.db, { readonly: true });
    const problems = sqlite.prepare("SELECT file_path AS file, message FROM problems").all() as { file: string; message: string }[];
    sqlite.close();
    const about = (name: string) => problems.filter((p) => p.file.endsWith(name)).map((p) => p.message).join("; ");
    expect(about("huge.md")).toMatch(/limit/);
    expect(about("binary.md")).toMatch(/binary/);
    expect(about("escape.md")).toMatch(/symlink points outside the root/);
    expect(records.map((r) => r.path)).not.toContain(".claude/checkpoints/escape.md");
    expect(records.map((r) => r.path)).not.toContain(".claude/checkpoints/huge.md");
    expect(records.map((r) => r.path)).not.toContain(".claude/checkpoints/binary.md");
  });

  it("stores nothing read through a symlink out of the root (checkpoints and their companion files)", () => {
    expect(leaksIn(world.db, [hostile.outsideSecretText])).toEqual([]);
    expect(JSON.stringify(records)).not.toContain(hostile.outsideSecretText);
  });
});
