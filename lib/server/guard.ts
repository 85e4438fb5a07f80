/**
 * The checks every request passes before Next.js sees it (lib/server/main.ts):
 *
 * 1. one Host header, naming this server (DNS rebinding) -> else 403;
 * 2. an origin-form request target (`/path`), never `http://other/...` -> else 400;
 * 3. in team mode, the token: `?token=` is exchanged for an HttpOnly SameSite=Strict cookie (cookie
 *    or `Authorization: Bearer` afterwards) -> else 401;
 * 4. Fetch Metadata: another site may link to a page, not embed or fetch anything -> else 403;
 * 5. every method but GET and HEAD needs an Origin naming this server, and no cross-site
 *    Sec-Fetch-Site (CSRF, server actions included) -> else 403.
 *
 * Headers only a proxy or Next itself should set are dropped, and every response carries the
 * static security headers (the Content-Security-Policy with its nonce comes from proxy.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { buildHostAllowlist, hostAllowed, parseHost, parseOrigin, type HostAllowlist } from "./hosts";
import { STATIC_SECURITY_HEADERS } from "./headers";

export interface GuardConfig {
  hosts: HostAllowlist;
  /** When set (team mode), every request needs it: cookie, `Authorization: Bearer`, or the one-time `?token=` link. */
  token: string | null;
  /** Per port, so that two Cairn servers on one machine keep their own cookie. */
  cookieName: string;
}

export function tokenCookieName(port: number): string {
  return `cairn_token_${port}`;
}

export function buildGuardConfig(bindHost: string, port: number, extraHosts: readonly string[], token: string | null): GuardConfig {
  return { hosts: buildHostAllowlist(bindHost, port, extraHosts), token, cookieName: tokenCookieName(port) };
}

/** Request headers a browser page cannot forge but a non-browser client could, and that Next trusts. */
const DROPPED_REQUEST_HEADERS = /^(?:x-forwarded-.*|forwarded|x-real-ip|x-middleware-.*|x-invoke-.*|x-nonce|content-security-policy(?:-report-only)?)$/i;

function reject(res: ServerResponse, status: number, message: string): false {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end(`${message}\n`);
  return false;
}

function applyStaticHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
}

function countHeader(req: IncomingMessage, name: string): number {
  let n = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === name) n++;
  return n;
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

function sameToken(offered: string | null | undefined, expected: string): boolean {
  if (!offered) return false;
  const x = Buffer.from(offered);
  const y = Buffer.from(expected);
  return x.length === y.length && timingSafeEqual(x, y);
}

function bearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return match ? match[1] : null;
}

/** `/a/b?c` with a single leading slash, so a redirect can never become `//other.site`; quotes percent-encoded. */
export function localPath(url: URL): string {
  const path = `/${url.pathname.replace(/^[/\\]+/, "")}${url.search}`;
  return path.replace(/[^A-Za-z0-9\-._~!$&()*+,;=:@/?%]/g, (c) => encodeURIComponent(c));
}

/**
 * The page that sets the cookie and moves on. Not a 3xx redirect: after a link from another site (chat,
 * mail), a redirect still counts as cross-site and the browser would hold back the SameSite=Strict cookie
 * on the next request; a refresh started by this page is same-site. No script (the CSP allows none here).
 */
function signedInPage(path: string): string {
  const href = path.replace(/&/g, "&amp;");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Cairn</title></head><body><p>Signed in. <a href="${href}">Continue to Cairn</a>.</p></body></html>\n`;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Team mode. Returns false when it answered (redirect with the cookie, or 401). */
function checkToken(req: IncomingMessage, res: ServerResponse, config: GuardConfig, url: URL): boolean {
  const token = config.token;
  if (!token) return true;
  const offered = url.searchParams.get("token");
  if (offered !== null && SAFE_METHODS.has(req.method ?? "") && sameToken(offered, token)) {
    url.searchParams.delete("token");
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "set-cookie": `${config.cookieName}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
    res.end(signedInPage(localPath(url)));
    return false;
  }
  if (sameToken(readCookie(req, config.cookieName), token) || sameToken(bearer(req), token)) return true;
  res.setHeader("www-authenticate", 'Bearer realm="cairn"');
  return reject(res, 401, "Unauthorized: open the link with the token that `cairn serve` printed at start.");
}

/**
 * Fetch Metadata resource isolation: a request another site's page started is allowed only as a
 * top-level navigation (a link). Embedding (script, img, iframe) or fetching from elsewhere is refused.
 */
function crossSiteAllowed(req: IncomingMessage): boolean {
  const site = header(req, "sec-fetch-site");
  if (site === undefined || site === "same-origin" || site === "none") return true;
  return header(req, "sec-fetch-mode") === "navigate" && header(req, "sec-fetch-dest") === "document" && SAFE_METHODS.has(req.method ?? "");
}

/** A change (any method but GET and HEAD) must come from one of this server's own pages. */
function mutationAllowed(req: IncomingMessage, config: GuardConfig): boolean {
  if (countHeader(req, "origin") !== 1) return false;
  const origin = parseOrigin(header(req, "origin") ?? "");
  if (!origin) return false; // missing, "null", malformed
  if (!hostAllowed(config.hosts, origin, origin.scheme === "https" ? 443 : 80)) return false;
  const site = header(req, "sec-fetch-site");
  return site === undefined || site === "same-origin";
}

/** Host, request target, token, Fetch Metadata and Origin. Returns false when it answered already. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, config: GuardConfig): boolean {
  applyStaticHeaders(res);
  for (const name of Object.keys(req.headers)) if (DROPPED_REQUEST_HEADERS.test(name)) delete req.headers[name];

  const host = countHeader(req, "host") === 1 ? parseHost(header(req, "host") ?? "") : null;
  if (!host || !hostAllowed(config.hosts, host, 80)) return reject(res, 403, "Forbidden: unexpected Host header.");

  const target = req.url ?? "";
  if (!/^\/(?![/\\])/.test(target)) return reject(res, 400, "Bad request: unexpected request target.");
  let url: URL;
  try {
    url = new URL(target, "http://cairn.invalid");
  } catch {
    return reject(res, 400, "Bad request: unexpected request target.");
  }

  if (!checkToken(req, res, config, url)) return false;
  if (!crossSiteAllowed(req)) return reject(res, 403, "Forbidden: another site may link to Cairn, not embed or call it.");
  if (!SAFE_METHODS.has(req.method ?? "") && !mutationAllowed(req, config)) {
    return reject(res, 403, "Forbidden: a change must come from Cairn's own pages (Origin missing or foreign).");
  }
  return true;
}
