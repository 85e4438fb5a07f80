import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";

export interface GuardConfig {
  /** The names and addresses this server answers to (DNS-rebinding defence). */
  allowedHosts: Set<string>;
  /** Origins allowed to send mutations. */
  allowedOrigins: Set<string>;
  /** When set (non-loopback bind), every request needs it, via the cookie. */
  token: string | null;
}

export const TOKEN_COOKIE = "cairn_token";
const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

export function isLoopback(host: string): boolean {
  return host === "127.0.0.1" || host === "localhost" || host === "::1" || host.startsWith("127.");
}

export function buildGuardConfig(host: string, port: number, extraHosts: string[], token: string | null): GuardConfig {
  const names = isLoopback(host) ? LOOPBACK_NAMES : [host, ...extraHosts];
  const allowedHosts = new Set<string>();
  for (const name of [...names, ...extraHosts]) {
    allowedHosts.add(`${name}:${port}`.toLowerCase());
    if (port === 80) allowedHosts.add(name.toLowerCase());
  }
  const allowedOrigins = new Set([...allowedHosts].map((h) => `http://${h}`));
  return { allowedHosts, allowedOrigins, token };
}

function reject(res: ServerResponse, status: number, message: string): false {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(`${message}\n`);
  return false;
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Host, Origin and token checks before Next sees the request. Returns false when it answered already. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, config: GuardConfig): boolean {
  const host = (req.headers.host ?? "").toLowerCase();
  if (!config.allowedHosts.has(host)) return reject(res, 403, "Forbidden: unexpected Host header.");

  if (config.token) {
    const url = new URL(req.url ?? "/", "http://placeholder");
    const offered = url.searchParams.get("token");
    if (offered && req.method === "GET" && sameToken(offered, config.token)) {
      url.searchParams.delete("token");
      res.writeHead(303, {
        location: `${url.pathname}${url.search}`,
        "set-cookie": `${TOKEN_COOKIE}=${encodeURIComponent(config.token)}; HttpOnly; SameSite=Strict; Path=/`,
      });
      res.end();
      return false;
    }
    const cookie = readCookie(req, TOKEN_COOKIE);
    if (!cookie || !sameToken(cookie, config.token)) {
      return reject(res, 401, "Unauthorized: open the link with the token that `cairn serve` printed at start.");
    }
  }

  if (!SAFE_METHODS.has(req.method ?? "GET")) {
    const origin = req.headers.origin;
    if (!origin || origin === "null" || !config.allowedOrigins.has(origin.toLowerCase())) {
      return reject(res, 403, "Forbidden: a change must come from Cairn's own pages (Origin missing or foreign).");
    }
  }
  return true;
}
