/**
 * Next 16's proxy (formerly middleware): a fresh nonce and Content-Security-Policy for every page
 * and API response. Next reads the nonce from the request's `content-security-policy` header and puts
 * it on its own script tags, so pages must render per request (they read the database through
 * `readDb()`, which awaits `connection()`).
 *
 * Defence in depth for a change that reaches Next without lib/server/guard.ts in front (`next start`,
 * `next dev`): its Origin must be this very host.
 */
import { NextResponse, type NextRequest } from "next/server";
import { STATIC_SECURITY_HEADERS, buildCsp, newNonce } from "./lib/server/headers";

function sameOriginChange(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("host");
  if (!origin || !host || origin === "null") return false;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return false;
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.host.toLowerCase() === host.toLowerCase() && origin === parsed.origin;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest): NextResponse {
  if (request.method !== "GET" && request.method !== "HEAD" && !sameOriginChange(request)) {
    return new NextResponse("Forbidden: a change must come from Cairn's own pages.\n", {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8", ...STATIC_SECURITY_HEADERS },
    });
  }
  const nonce = newNonce();
  const csp = buildCsp(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  // everything but build output with hashed names (which carries the static headers from the guard)
  // and the read-only JSON APIs: no HTML, no scripts to nonce; the guard still gives them the static headers
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/search|api/checkpoints).*)"],
};
