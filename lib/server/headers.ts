/**
 * Response security headers. Plain data and string building only (no Node imports): proxy.ts,
 * the request guard and next.config.ts all use it.
 */

/** Sent on every response, static files and error pages included. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

/**
 * The Content-Security-Policy of one response. Scripts run only when they carry this response's
 * nonce (Next adds it to its own tags) or are loaded by such a script ('strict-dynamic'): markup that
 * slipped through sanitising (an inline `<script>`, an `onerror=` attribute, a `javascript:` URL)
 * cannot run. Styles may be inline: React and Tailwind set `style` attributes; a style cannot run code.
 * `frame-src 'self'` lets the original view show a document in a sandboxed srcdoc iframe (which
 * inherits this policy); nothing may frame Cairn itself.
 */
export function buildCsp(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** 128 random bits, base64: unguessable, fresh for every request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
