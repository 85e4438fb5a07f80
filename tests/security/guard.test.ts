/** The request guard in front of a plain handler: every Host, Origin, Fetch Metadata and token case. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGuardConfig, guardRequest, tokenCookieName, type GuardConfig } from "../../lib/server/guard";
import { canonicalBindHost, isLoopbackHost, parseHost, parseOrigin, requiresToken } from "../../lib/server/hosts";
import { rawRequest } from "./support/server";

interface Guarded {
  server: Server;
  port: number;
  seen: IncomingHttpHeaders[];
}

async function guarded(config: (port: number) => GuardConfig): Promise<Guarded> {
  const seen: IncomingHttpHeaders[] = [];
  let guard: GuardConfig | null = null;
  const server = createServer((req, res) => {
    if (!guardRequest(req, res, guard!)) return;
    seen.push({ ...req.headers });
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("passed");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  guard = config(port);
  return { server, port, seen };
}

function request(port: number, method: string, target: string, headers: [string, string][]): Promise<Awaited<ReturnType<typeof rawRequest>>> {
  const lines = [`${method} ${target} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`), "Connection: close"];
  const body = method === "POST" ? "a=1" : "";
  if (body) lines.push("Content-Type: application/x-www-form-urlencoded", `Content-Length: ${body.length}`);
  return rawRequest("127.0.0.1", port, `${lines.join("\r\n")}\r\n\r\n${body}`);
}

describe("host names and origins", () => {
  it("canonicalises hosts the way a browser writes them", () => {
    expect(parseHost("LOCALHOST:3000")).toEqual({ name: "localhost", port: 3000 });
    expect(parseHost("localhost.:3000")).toEqual({ name: "localhost", port: 3000 });
    expect(parseHost("[0:0:0:0:0:0:0:1]:3000")).toEqual({ name: "[::1]", port: 3000 });
    expect(parseHost("127.0.0.1")).toEqual({ name: "127.0.0.1", port: null });
    for (const bad of ["", "a b", "evil.com:3000@127.0.0.1", "127.0.0.1:3000/x", "127.0.0.1:99999", "localhost:3000:3000", "[::1", "%6cocalhost", "a..b"]) {
      expect(parseHost(bad), bad).toBeNull();
    }
    expect(parseOrigin("http://127.0.0.1:3000")).toEqual({ scheme: "http", name: "127.0.0.1", port: 3000 });
    for (const bad of ["null", "127.0.0.1:3000", "http://127.0.0.1:3000/", "file://", "http://u@127.0.0.1:3000", "ftp://127.0.0.1:3000", "http://127.0.0.1:3000 x"]) {
      expect(parseOrigin(bad), bad).toBeNull();
    }
  });

  it("knows loopback from the rest, and when a token is needed", () => {
    for (const h of ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.168.1.4", "127.evil.com", "localhost.evil.com", "10.0.0.1"]) expect(isLoopbackHost(h), h).toBe(false);
    expect(requiresToken("127.0.0.1", undefined)).toBe(false);
    expect(requiresToken("localhost", undefined)).toBe(false);
    expect(requiresToken("::1", undefined)).toBe(false);
    expect(requiresToken("0.0.0.0", undefined)).toBe(true);
    expect(requiresToken("127.0.0.2", undefined)).toBe(true);
    expect(requiresToken("127.0.0.1", "set-by-the-user")).toBe(true);
    expect(canonicalBindHost("::")).toBe("[::]");
  });
});

describe("guardRequest on a loopback bind", () => {
  let g: Guarded;
  beforeAll(async () => {
    g = await guarded((port) => buildGuardConfig("127.0.0.1", port, ["cairn.lan", "box.lan:8443"], null));
  });
  afterAll(() => g.server.close());

  it("answers only to its own names (DNS rebinding)", async () => {
    const p = g.port;
    for (const host of [`127.0.0.1:${p}`, `localhost:${p}`, `LOCALHOST:${p}`, `localhost.:${p}`, `[::1]:${p}`, "cairn.lan", `cairn.lan:${p + 1}`, "box.lan:8443"]) {
      expect((await request(p, "GET", "/", [["Host", host]])).status, host).toBe(200);
    }
    for (const host of ["evil.com", `evil.com:${p}`, `127.0.0.1:${p + 1}`, "127.0.0.1", `localhost.evil.com:${p}`, `127.0.0.1.nip.io:${p}`, `${p}.127.0.0.1:${p}`, "box.lan:8444", "box.lan", `[::2]:${p}`, "", `127.0.0.1:${p}@evil.com`]) {
      expect((await request(p, "GET", "/", [["Host", host]])).status, host).toBe(403);
    }
    // Node itself answers 400 to an HTTP/1.1 request without Host; HTTP/1.0 reaches the guard
    expect([400, 403], "no Host").toContain((await request(p, "GET", "/", [])).status);
    expect((await rawRequest("127.0.0.1", p, "GET / HTTP/1.0\r\n\r\n")).status, "HTTP/1.0 without Host").toBe(403);
    expect((await request(p, "GET", "/", [["Host", `127.0.0.1:${p}`], ["Host", "evil.com"]])).status, "two Hosts").toBe(403);
    expect((await request(p, "GET", "/", [["Host", "evil.com"], ["Host", `127.0.0.1:${p}`]])).status, "two Hosts").toBe(403);
  });

  it("refuses absolute-form and scheme-relative request targets", async () => {
    const host: [string, string] = ["Host", `127.0.0.1:${g.port}`];
    expect((await request(g.port, "GET", "http://evil.com/", [host])).status).toBe(400);
    expect((await request(g.port, "GET", "//evil.com/", [host])).status).toBe(400);
    expect((await request(g.port, "GET", "/\\evil.com/", [host])).status).toBe(400);
  });

  it("lets a change through only with this server's own Origin", async () => {
    const p = g.port;
    const host: [string, string] = ["Host", `127.0.0.1:${p}`];
    const post = (headers: [string, string][]) => request(p, "POST", "/roots", [host, ...headers]);
    expect((await post([])).status, "missing").toBe(403);
    for (const origin of ["null", "http://evil.com", `http://evil.com:${p}`, `http://127.0.0.1:${p}/`, `127.0.0.1:${p}`, `http://127.0.0.1:${p + 1}`, `http://127.0.0.1:${p}.evil.com`, "file://", `http://127.0.0.1:${p}@evil.com`, "http://[::2]", ""]) {
      expect((await post([["Origin", origin]])).status, origin).toBe(403);
    }
    expect((await post([["Origin", `http://127.0.0.1:${p}`], ["Origin", "http://evil.com"]])).status, "two Origins").toBe(403);
    for (const origin of [`http://127.0.0.1:${p}`, `http://localhost:${p}`, `http://[::1]:${p}`, "https://cairn.lan"]) {
      expect((await post([["Origin", origin]])).status, origin).toBe(200);
    }
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      expect((await request(p, method, "/", [host, ["Origin", "http://evil.com"]])).status, method).toBe(403);
    }
  });

  it("treats Sec-Fetch-Site as an extra signal: only same-origin changes, only links from other sites", async () => {
    const p = g.port;
    const host: [string, string] = ["Host", `127.0.0.1:${p}`];
    const origin: [string, string] = ["Origin", `http://127.0.0.1:${p}`];
    expect((await request(p, "POST", "/", [host, origin, ["Sec-Fetch-Site", "cross-site"]])).status).toBe(403);
    expect((await request(p, "POST", "/", [host, origin, ["Sec-Fetch-Site", "same-site"]])).status).toBe(403);
    expect((await request(p, "POST", "/", [host, origin, ["Sec-Fetch-Site", "same-origin"]])).status).toBe(200);
    const nav: [string, string][] = [host, ["Sec-Fetch-Site", "cross-site"], ["Sec-Fetch-Mode", "navigate"], ["Sec-Fetch-Dest", "document"]];
    expect((await request(p, "GET", "/", nav)).status, "a link from another site").toBe(200);
    const embed: [string, string][] = [host, ["Sec-Fetch-Site", "cross-site"], ["Sec-Fetch-Mode", "no-cors"], ["Sec-Fetch-Dest", "script"]];
    expect((await request(p, "GET", "/api/checkpoints", embed)).status, "a script tag on another site").toBe(403);
    const framed: [string, string][] = [host, ["Sec-Fetch-Site", "cross-site"], ["Sec-Fetch-Mode", "navigate"], ["Sec-Fetch-Dest", "iframe"]];
    expect((await request(p, "GET", "/", framed)).status, "a frame on another site").toBe(403);
    expect((await request(p, "GET", "/", [host, ["Sec-Fetch-Site", "same-site"], ["Sec-Fetch-Mode", "cors"], ["Sec-Fetch-Dest", "empty"]])).status).toBe(403);
  });

  it("drops proxy and Next-internal headers, and sends the static security headers even on refusals", async () => {
    const p = g.port;
    const before = g.seen.length;
    const ok = await request(p, "GET", "/", [["Host", `127.0.0.1:${p}`], ["X-Forwarded-Host", "evil.com"], ["Forwarded", "host=evil.com"], ["X-Middleware-Subrequest", "proxy"], ["Content-Security-Policy", "script-src 'nonce-x'"], ["X-Nonce", "x"]]);
    expect(ok.status).toBe(200);
    const seen = g.seen[before];
    for (const name of ["x-forwarded-host", "forwarded", "x-middleware-subrequest", "content-security-policy", "x-nonce"]) expect(seen[name], name).toBeUndefined();
    const refused = await request(p, "GET", "/", [["Host", "evil.com"]]);
    for (const line of ["x-content-type-options: nosniff", "referrer-policy: no-referrer", "x-frame-options: deny"]) expect(refused.head.toLowerCase()).toContain(line);
    expect(refused.head.toLowerCase()).not.toContain("access-control-allow");
  });
});

describe("guardRequest in team mode", () => {
  const token = "t0k3n-for-the-guard-test-000000000000";
  let g: Guarded;
  beforeAll(async () => {
    g = await guarded((port) => buildGuardConfig("0.0.0.0", port, [], token));
  });
  afterAll(() => g.server.close());

  it("asks for the token, exchanges ?token= for an HttpOnly SameSite=Strict cookie, then lets requests in", async () => {
    const p = g.port;
    const host: [string, string] = ["Host", `127.0.0.1:${p}`];
    const cookie = tokenCookieName(p);
    expect((await request(p, "GET", "/", [host])).status).toBe(401);
    expect((await request(p, "GET", "/?token=wrong", [host])).status).toBe(401);
    expect((await request(p, "GET", "/", [host, ["Cookie", `${cookie}=wrong`]])).status).toBe(401);
    expect((await request(p, "GET", "/", [host, ["Cookie", `${cookie}=%E0%A4%A`]])).status, "a malformed cookie").toBe(401);
    expect((await request(p, "GET", "/", [host, ["Cookie", `cairn_token_1=${token}`]])).status, "another port's cookie").toBe(401);

    const exchange = await request(p, "GET", `/checkpoints?token=${token}&q=1`, [host]);
    expect(exchange.status).toBe(200);
    const head = exchange.head.toLowerCase();
    // a same-site refresh, not a redirect: after a link from another site, a redirect would not carry the cookie
    expect(exchange.body).toContain('http-equiv="refresh" content="0;url=/checkpoints?q=1"');
    expect(exchange.body).not.toContain(token);
    const setCookie = /\r\nset-cookie: ([^\r]*)/.exec(head)?.[1] ?? "";
    expect(setCookie).toContain(`${cookie}=`);
    expect(setCookie).toContain("httponly");
    expect(setCookie).toContain("samesite=strict");
    expect(setCookie).toContain("path=/");

    expect((await request(p, "GET", "/", [host, ["Cookie", `other=1; ${cookie}=${token}`]])).status).toBe(200);
    expect((await request(p, "GET", "/", [host, ["Authorization", `Bearer ${token}`]])).status).toBe(200);
    expect((await request(p, "POST", `/?token=${token}`, [host, ["Origin", `http://127.0.0.1:${p}`]])).status, "no exchange on POST").toBe(401);
  });

  it("never sends the token exchange off the server, nor echoes markup", async () => {
    const p = g.port;
    for (const target of [`/.//evil.com/?token=${token}`, `/%2F%2Fevil.com?token=${token}`, `/x?token=${token}&q="><script>`]) {
      const res = await request(p, "GET", target, [["Host", `127.0.0.1:${p}`]]);
      const next = /content="0;url=([^"]*)"/.exec(res.body)?.[1] ?? "";
      expect(next, target).toMatch(/^\/(?![/\\])/);
      expect(res.body).not.toMatch(/url=\/\//);
    }
  });
});
