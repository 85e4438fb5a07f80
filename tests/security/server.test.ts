/** The BUILT server on loopback: Host (DNS rebinding), Origin on a real server action, CSP and its nonce. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, fetchPage } from "./support/server";
import { serveWorld, type ServedWorld } from "./support/fixture";
import { cspDirectives, nonceOf, postForms, scriptTags } from "./support/html";
import { buildXssRepo } from "./support/world";

let world: ServedWorld;
let pages: string[];

beforeAll(async () => {
  world = await serveWorld("cairn-sec-server-", (root) => void buildXssRepo(root));
  const records = world.records();
  const repoIds = [...new Set((await (await fetch(`${world.server.url}/`)).text()).match(/\/repos\/\d+/g) ?? [])];
  pages = ["/", "/roots", "/secrets", "/problems", "/checkpoints", ...repoIds];
  for (const r of records) pages.push(`/checkpoints/${r.id}`, `/checkpoints/${r.id}?view=original`);
}, 600_000);

afterAll(async () => {
  await world?.stop();
});

const get = (path: string, init: RequestInit = {}) => fetchPage(`${world.server.url}${path}`, init);

describe("Host header (DNS rebinding)", () => {
  it("answers 403 to a forged Host and 200 to its own", async () => {
    const { connectHost, port } = world.server;
    const ask = (host: string) => rawRequest(connectHost, port, `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect((await ask(`127.0.0.1:${port}`)).status).toBe(200);
    expect((await ask(`localhost:${port}`)).status).toBe(200);
    const forged = await ask(`attacker.example:${port}`);
    expect(forged.status).toBe(403);
    expect(forged.body).toContain("unexpected Host");
    expect((await ask(`127.0.0.1:${port}.attacker.example`)).status).toBe(403);
  });
});

describe("Origin on a server action", () => {
  async function addRootForm() {
    const html = await (await get("/roots")).text();
    const form = postForms(html).find((f) => f.html.includes('name="path"'));
    if (!form) throw new Error("no Add root form on /roots");
    return form;
  }

  async function submit(origin: string | null) {
    const form = await addRootForm();
    const body = new FormData();
    for (const [name, value] of form.fields) body.append(name, name === "path" ? "not/absolute" : value);
    const headers: Record<string, string> = origin === null ? {} : { origin };
    return get("/roots", { method: "POST", body, headers });
  }

  it("refuses a missing, null, foreign or malformed Origin before Next runs the action; runs it with the right one", async () => {
    const own = world.server.url;
    for (const origin of [null, "null", "http://attacker.example", `${own}.attacker.example`, `${own}/`, "not a url", `http://127.0.0.1:${world.server.port + 1}`]) {
      const res = await submit(origin);
      expect(res.status, String(origin)).toBe(403);
      expect(await res.text()).toContain("must come from Cairn's own pages");
    }
    const ok = await submit(own);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Give an absolute path");
  });

  it("refuses a cross-site Sec-Fetch-Site even with a matching Origin, and sends no CORS headers", async () => {
    const form = await addRootForm();
    const body = new FormData();
    for (const [name, value] of form.fields) body.append(name, value);
    const res = await get("/roots", { method: "POST", body, headers: { origin: world.server.url, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    const preflight = await get("/roots", { method: "OPTIONS", headers: { origin: "http://attacker.example", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(403);
    for (const res2 of [preflight, await get("/", { headers: { origin: "http://attacker.example" } })]) {
      for (const name of res2.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    }
  });
});

describe("Content-Security-Policy", () => {
  it("carries a fresh nonce on every page, matching every script tag, with the strict directives", async () => {
    const seen = new Set<string>();
    for (const path of pages) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const header = res.headers.get("content-security-policy") ?? "";
      const csp = cspDirectives(header);
      const nonce = /'nonce-([^']+)'/.exec(header)?.[1] ?? "";
      expect(nonce.length, path).toBeGreaterThanOrEqual(16);
      expect(seen.has(nonce), `${path}: nonce reused`).toBe(false);
      seen.add(nonce);
      expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("form-action")).toEqual(["'self'"]);
      expect(csp.get("connect-src")).toEqual(["'self'"]);
      expect(header).not.toContain("unsafe-eval");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-nonce"), "the nonce header stays on the request").toBeNull();
      const html = await res.text();
      const scripts = scriptTags(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(nonceOf(tag), `${path}: ${tag}`).toBe(nonce);
    }
  });

  it("gives the 404 page the nonce too (it must render per request, not be prerendered)", async () => {
    const res = await get("/no-such-page");
    expect(res.status).toBe(404);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const scripts = scriptTags(await res.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(nonceOf(tag), tag).toBe(nonce);
  });

  it("serves build assets with nosniff and without CORS", async () => {
    const html = await (await get("/")).text();
    const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
