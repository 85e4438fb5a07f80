/** Team mode on the BUILT server: a non-loopback (or non-default) bind prints a token once and requires it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, rawRequest, startServer, type RunningServer } from "./support/server";

let dir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "cairn-sec-token-"));
}, 600_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

function printedToken(server: RunningServer): string {
  const links = [...server.output().matchAll(/\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links).size, "one token").toBe(1);
  return links[0];
}

async function checkTeamMode(server: RunningServer, hostHeader: string) {
  const token = printedToken(server);
  expect(token.length).toBeGreaterThanOrEqual(32);
  const ask = (target: string, extra = "", host = hostHeader) =>
    rawRequest(server.connectHost, server.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);

  const anonymous = await ask("/");
  expect(anonymous.status).toBe(401);
  expect(anonymous.body).not.toContain(token);
  expect((await ask("/secrets")).status).toBe(401);
  expect((await ask("/api/events")).status).toBe(401);
  expect((await ask("/_next/static/chunks/x.js")).status).toBe(401);
  expect((await ask("/?token=not-the-token")).status).toBe(401);

  const exchange = await ask(`/secrets?token=${token}`);
  expect(exchange.status).toBe(200);
  expect(exchange.body).toContain('content="0;url=/secrets"');
  const setCookie = /\r\nset-cookie: ([^\r]*)/i.exec(exchange.head)?.[1] ?? "";
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  const cookie = setCookie.split(";")[0];

  const inside = await ask("/", `Cookie: ${cookie}\r\n`);
  expect(inside.status).toBe(200);
  expect(inside.body).not.toContain(token);
  expect((await ask("/", `Cookie: ${cookie}\r\n`, `evil.example:${server.port}`)).status, "the Host check still applies").toBe(403);
}

describe("cairn serve on a non-loopback bind", () => {
  it("--host 0.0.0.0: 401 without the token; ?token= gives an HttpOnly SameSite=Strict cookie; then 200", async () => {
    const server = await startServer({ db: join(dir, "wild.db"), host: "0.0.0.0" });
    servers.push(server);
    expect(server.output()).toMatch(/Team mode/);
    await checkTeamMode(server, `127.0.0.1:${server.port}`);
  });

  it("--host 127.0.0.2 (an explicit, non-default host) is team mode too", async () => {
    const server = await startServer({ db: join(dir, "alias.db"), host: "127.0.0.2" });
    servers.push(server);
    await checkTeamMode(server, `127.0.0.2:${server.port}`);
    expect((await rawRequest("127.0.0.2", server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.2.attacker.example:${server.port}\r\nConnection: close\r\n\r\n`)).status).toBe(403);
  });

  it("the default bind needs no token and prints none", async () => {
    const server = await startServer({ db: join(dir, "plain.db") });
    servers.push(server);
    expect(server.output()).not.toMatch(/token/i);
    const res = await rawRequest(server.connectHost, server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(200);
  });

  it("CAIRN_ALLOWED_HOSTS adds names (a reverse proxy's) without dropping the token", async () => {
    const server = await startServer({ db: join(dir, "proxy.db"), host: "0.0.0.0", env: { CAIRN_ALLOWED_HOSTS: "cairn.team.example" } });
    servers.push(server);
    const token = printedToken(server);
    const ask = (host: string, extra = "") => rawRequest(server.connectHost, server.port, `GET / HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);
    expect((await ask("cairn.team.example")).status).toBe(401);
    expect((await ask("cairn.team.example", `Authorization: Bearer ${token}\r\n`)).status).toBe(200);
    expect((await ask("other.team.example", `Authorization: Bearer ${token}\r\n`)).status).toBe(403);
  });
});
