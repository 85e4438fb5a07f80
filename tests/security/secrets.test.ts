/**
 * Planted secrets of every rule, end to end through the CLI and the BUILT server: found with their lines,
 * redacted on every surface, absent from the database bytes; "Redact in file" rewrites the file to zero.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scanSecrets } from "../../lib/derive/secrets";
import { runCli, fetchPage } from "./support/server";
import { serveWorld, type CliRecord, type ServedWorld } from "./support/fixture";
import { checkpointWal, leaksIn } from "./support/db-bytes";
import { localLinks, postForms } from "./support/html";
import { PLACEHOLDER_LINES } from "./support/planted";
import { SEARCH_WORD, buildLeakyRepo, type LeakyRepo } from "./support/world";

let world: ServedWorld;
let leaky: LeakyRepo;
let records: CliRecord[];

const PROJECT = join(import.meta.dirname, "..", "..");
const needles = () => [...leaky.secrets.flatMap((s) => [s.value, ...s.fragments]), leaky.titleSecret];
const leaked = (text: string) => needles().filter((n) => text.includes(n)).map((n) => `${n.slice(0, 24)}…`);
const byPath = (path: string) => records.find((r) => r.path === path)!;
// the Secrets page also has a "Not a secret" form per finding (documentId, rule, matchHash): the redact form carries expectedHash
const isRedactForm = (f: { fields: [string, string][] }) => f.fields.some(([k]) => k === "expectedHash");
const get = (path: string, init: RequestInit = {}) => fetchPage(`${world.server.url}${path}`, init);

beforeAll(async () => {
  world = await serveWorld("cairn-sec-secrets-", (root) => {
    leaky = buildLeakyRepo(root);
  });
  records = world.records();
}, 600_000);

afterAll(async () => {
  await world?.stop();
});

describe("planted secrets", () => {
  it("are found, one finding per secret, at the line they were written on", () => {
    const html = byPath(leaky.htmlPath);
    const text = readFileSync(join(leaky.path, leaky.htmlPath), "utf8").split("\n");
    for (const secret of leaky.secrets) {
      const line = text.findIndex((l) => l.includes(secret.line.split("\n")[0].slice(-30))) + 1;
      expect(line, secret.rule).toBeGreaterThan(0);
      expect(html.secrets, `${secret.rule} at line ${line}`).toContainEqual(expect.objectContaining({ rule: secret.rule, line }));
    }
    expect(html.secrets).toHaveLength(leaky.secrets.length);
    // the Markdown one also has a token in its title, which the file repeats in its heading and first line
    const md = byPath(leaky.markdownPath).secrets;
    expect(md.length).toBeGreaterThan(leaky.secrets.length);
    for (const rule of new Set(leaky.secrets.map((s) => s.rule))) expect(md.map((f) => f.rule), rule).toContain(rule);
    expect(md).toContainEqual(expect.objectContaining({ rule: "github-token", line: 2 }));
  });

  it("leave placeholders alone (${PASSWORD}, xxxx, [REDACTED...], {REDACTED: ...})", async () => {
    expect(byPath(leaky.placeholdersPath).secrets).toEqual([]);
    const page = await (await get(`/checkpoints/${byPath(leaky.placeholdersPath).id}?view=original`)).text();
    expect(page).toContain("${PASSWORD}");
    expect(page).toContain("sk-proj-xxxxxxxx");
  });

  it("are redacted in `cairn list --json` and `cairn search --json`", () => {
    const list = runCli(["list", "--json", "--kind", "all", "--db", world.db]);
    expect(list.status).toBe(0);
    expect(leaked(list.stdout)).toEqual([]);
    expect(byPath(leaky.markdownPath).title).toContain("[REDACTED:github-token]");

    const search = runCli(["search", SEARCH_WORD, "--json", "--db", world.db]);
    expect(search.status).toBe(0);
    expect(leaked(search.stdout)).toEqual([]);
    const result = JSON.parse(search.stdout) as { hits: { snippet: string }[]; notes: string[] };
    const hits = result.hits;
    expect(hits.length, `search found nothing: ${result.notes.join("; ")}`).toBeGreaterThan(0);
    expect(hits.map((h) => h.snippet).join(" ")).toContain("[REDACTED:");

    for (const secret of leaky.secrets.slice(0, 3)) {
      // the value was never indexed: searching for it finds nothing (the output repeats the query, nothing else)
      const direct = runCli(["search", secret.value, "--json", "--db", world.db]);
      const { hits } = JSON.parse(direct.stdout) as { hits: unknown[] };
      expect(hits, `searching for the ${secret.rule} itself`).toEqual([]);
    }
  });

  it("are redacted on every page that shows them, which says [REDACTED:<rule>]", async () => {
    const start = ["/", "/checkpoints", "/secrets", "/problems", "/repos", `/search?q=${SEARCH_WORD}`];
    for (const r of records) start.push(`/checkpoints/${r.id}`, `/checkpoints/${r.id}?view=original`);
    const seen = new Set<string>();
    const failures: string[] = [];
    const queue = [...start];
    while (queue.length && seen.size < 200) {
      const path = queue.shift()!;
      // the diff since a save shows the repository's own changes: checked on its own below
      if (seen.has(path) || path.startsWith("/api/events") || /\/diff(?:$|\?)/.test(path)) continue;
      seen.add(path);
      let res: Response;
      let body: string;
      try {
        res = await get(path);
        body = await res.text();
      } catch (error) {
        failures.push(`${path}: ${String(error)}`);
        continue;
      }
      expect(leaked(body), path).toEqual([]);
      if (res.status >= 500) failures.push(`${path}: ${res.status}`);
      if (res.status === 200) for (const link of localLinks(body)) if (!seen.has(link)) queue.push(link);
    }
    expect(failures).toEqual([]);
    const detail = await (await get(`/checkpoints/${byPath(leaky.htmlPath).id}`)).text();
    const original = await (await get(`/checkpoints/${byPath(leaky.htmlPath).id}?view=original`)).text();
    for (const rule of new Set(leaky.secrets.map((s) => s.rule))) {
      expect(detail.includes(`[REDACTED:${rule}]`) || original.includes(`[REDACTED:${rule}]`), rule).toBe(true);
    }
  }, 120_000); // up to 200 pages: 13 s on a quiet 2-core machine, past the default 30 s when it is loaded

  it("are redacted in the JSON API", async () => {
    const routes = [
      { dir: "app/api/checkpoints", path: "/api/checkpoints" },
      { dir: "app/api/search", path: `/api/search?q=${SEARCH_WORD}` },
    ].filter((r) => existsSync(join(PROJECT, r.dir)));
    for (const route of routes) {
      const res = await get(route.path);
      expect(res.status, route.path).toBe(200);
      const body = await res.text();
      expect(leaked(body), route.path).toEqual([]);
      expect(body, route.path).toContain("REDACTED");
    }
  });

  it("never reach the database files (tables, FTS index, WAL)", () => {
    expect(leaksIn(world.db, needles())).toEqual([]);
    checkpointWal(world.db);
    expect(leaksIn(world.db, needles())).toEqual([]);
  });
});

describe("secrets that reach Cairn from git rather than from a checkpoint file", () => {
  it("a commit subject in the save timeline is redacted in the database and on the pages", async () => {
    const repoPages = [...new Set((await (await get("/repos")).text()).match(/\/repos\/\d+/g) ?? [])];
    for (const path of ["/", "/repos", ...repoPages]) expect((await (await get(path)).text()).includes(leaky.commitSecret), path).toBe(false);
    expect(leaksIn(world.db, [leaky.commitSecret])).toEqual([]);
  });

  it("the diff since a save does not show the secrets of the committed checkpoint", async () => {
    const res = await get(`/checkpoints/${byPath(leaky.htmlPath).id}/diff`);
    expect(res.status).toBe(200);
    const body = await res.text();
    // drift counts from the commit that added the checkpoint (issue 39): its own file is no longer in the diff,
    // the page still names the save and must still show none of its secrets or the commit subject's token
    expect(body).toContain("What changed since this checkpoint");
    expect(leaked(body)).toEqual([]);
    expect(body.includes(leaky.commitSecret)).toBe(false);
  });
});

describe("the audit page and Redact in file", () => {
  it("lists every finding, newest save first, with file, line and a link to the checkpoint", async () => {
    const page = await (await get("/secrets")).text();
    const html = byPath(leaky.htmlPath);
    const md = byPath(leaky.markdownPath);
    expect(page).toContain(leaky.htmlPath);
    expect(page).toContain(leaky.markdownPath);
    expect(page.indexOf(leaky.htmlPath), "newest first").toBeLessThan(page.indexOf(leaky.markdownPath));
    expect(page).toContain(`href="/checkpoints/${html.id}"`);
    for (const f of html.secrets) expect(page).toContain(`>${f.line}</a>`);
    expect(page).toContain(`${html.secrets.length + md.secrets.length} findings`);
    expect(page).not.toContain(leaky.placeholdersPath);
  });

  it("replaces every value in the file with [REDACTED:<rule>] and nothing else, then the file scans to zero", async () => {
    const html = byPath(leaky.htmlPath);
    const abs = join(leaky.path, leaky.htmlPath);
    const before = readFileSync(abs, "utf8");
    const expected = (await scanSecrets(before)).redacted;

    const form = postForms(await (await get("/secrets")).text()).find((f) => isRedactForm(f) && f.fields.some(([k, v]) => k === "documentId" && v === html.id));
    expect(form, "a Redact in file form for the HTML checkpoint").toBeTruthy();
    const body = new FormData();
    for (const [name, value] of form!.fields) body.append(name, value);
    const res = await get("/secrets", { method: "POST", body, headers: { origin: world.server.url } });
    expect(res.status).toBe(200);
    const answer = await res.text();
    expect(answer).toContain("the file now scans clean");

    const after = readFileSync(abs, "utf8");
    expect(after).toBe(expected);
    expect(leaked(after)).toEqual([]);
    for (const rule of new Set(leaky.secrets.map((s) => s.rule))) expect(after).toContain(`[REDACTED:${rule}]`);
    expect((await scanSecrets(after)).findings).toEqual([]);

    records = world.records();
    expect(byPath(leaky.htmlPath).secrets).toEqual([]);
    const audit = await (await get("/secrets")).text();
    expect(audit).not.toContain(`${leaky.htmlPath}</a>`);
    expect(audit).toContain(leaky.markdownPath);
    expect(leaksIn(world.db, needles())).toEqual([]);
  });

  it("refuses a stale form (the file changed since the page was rendered)", async () => {
    const md = byPath(leaky.markdownPath);
    const form = postForms(await (await get("/secrets")).text()).find((f) => isRedactForm(f) && f.fields.some(([k, v]) => k === "documentId" && v === md.id));
    const body = new FormData();
    for (const [name, value] of form!.fields) body.append(name, name === "expectedHash" ? "0".repeat(64) : value);
    const res = await get("/secrets", { method: "POST", body, headers: { origin: world.server.url } });
    expect(await res.text()).toContain("Not redacted");
    expect(readFileSync(join(leaky.path, leaky.markdownPath), "utf8")).toContain(leaky.titleSecret);
  });

  it("keeps placeholders out of the audit (end to end)", () => {
    expect(PLACEHOLDER_LINES.length).toBeGreaterThan(0);
    expect(byPath(leaky.placeholdersPath).secrets).toEqual([]);
  });
});
