/**
 * Host and Origin parsing for the request guard (DNS-rebinding and CSRF defence).
 *
 * Everything is canonicalised the way a browser would put it in a URL (lower case, IPv4 in dotted
 * decimal, IPv6 compressed and bracketed, one trailing dot dropped) and then compared exactly:
 * never by prefix, suffix or substring.
 */
import { isIP } from "node:net";
import { hostname, networkInterfaces } from "node:os";

export interface HostPort {
  /** Canonical host: `localhost`, `127.0.0.1`, `[::1]`, `cairn.example.com`. */
  name: string;
  /** Explicit port, or null when the header or origin carried none. */
  port: number | null;
}

/** `name` or `name:port`, with `name` a DNS name, an IPv4 address or a bracketed IPv6 address. */
const HOST_SYNTAX = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,252}))(?::(\d{1,5}))?$/i;

function canonicalName(raw: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(`http://${raw}/`);
  } catch {
    return null;
  }
  let name = parsed.hostname.toLowerCase();
  if (name.endsWith(".") && !name.startsWith("[")) name = name.slice(0, -1);
  if (name === "" || name.endsWith(".") || name.includes("..")) return null;
  return name;
}

/** Parse a Host header value (or an allowlist entry). Null for anything malformed. */
export function parseHost(value: string): HostPort | null {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > 300) return null;
  const match = HOST_SYNTAX.exec(trimmed);
  if (!match) return null;
  const portText = match[1];
  const hostPart = portText === undefined ? trimmed : trimmed.slice(0, -(portText.length + 1));
  const name = canonicalName(hostPart);
  if (!name) return null;
  if (portText === undefined) return { name, port: null };
  const port = Number(portText);
  return port >= 1 && port <= 65535 ? { name, port } : null;
}

/** Parse an Origin header: exactly `http(s)://host[:port]`, nothing before or after. */
export function parseOrigin(value: string): (HostPort & { scheme: "http" | "https" }) | null {
  const match = /^(https?):\/\/([^/?#@\\\s]+)$/i.exec(value.trim());
  if (!match) return null;
  const host = parseHost(match[2]);
  if (!host) return null;
  const scheme = match[1].toLowerCase() as "http" | "https";
  return { ...host, scheme };
}

/** The canonical form of an address or name given to `--host` (brackets added to IPv6). */
export function canonicalBindHost(host: string): string {
  const bare = host.trim().replace(/^\[(.*)\]$/, "$1");
  return canonicalName(isIP(bare) === 6 ? `[${bare}]` : bare) ?? bare.toLowerCase();
}

const DEFAULT_LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** True for addresses only this machine can reach (127.0.0.0/8, ::1, ::ffff:127.x, `localhost`). */
export function isLoopbackHost(host: string): boolean {
  const name = canonicalBindHost(host);
  if (name === "localhost" || name === "[::1]") return true;
  if (isIP(name) === 4) return name.startsWith("127.");
  // an IPv4-mapped 127.x.y.z, which the URL parser writes as [::ffff:7fxx:yyzz]
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name);
}

/**
 * Team mode (a token on every request) is on for any bind other than the plain loopback defaults,
 * and whenever a token is configured explicitly.
 */
export function requiresToken(host: string, configuredToken: string | undefined): boolean {
  return Boolean(configuredToken) || !DEFAULT_LOOPBACK.has(canonicalBindHost(host));
}

function isWildcard(name: string): boolean {
  return name === "0.0.0.0" || name === "[::]";
}

/** This machine's name and the addresses of its network interfaces (for a wildcard bind). */
export function machineNames(): string[] {
  const names = [hostname().toLowerCase()];
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) {
      if (info.family === "IPv4") names.push(info.address);
      else if (!info.address.includes("%") && !info.address.toLowerCase().startsWith("fe80")) names.push(`[${info.address}]`);
    }
  }
  return names.map((n) => canonicalBindHost(n));
}

export interface HostAllowlist {
  /** Names accepted only on the bound port. */
  onPort: Set<string>;
  /** Names accepted on any port (allowlist entries without a port, e.g. behind a reverse proxy). */
  anyPort: Set<string>;
  /** `name:port` pairs from allowlist entries with a port. */
  exact: Set<string>;
  port: number;
}

/** The names this server answers to: its bind address (all interfaces for a wildcard), plus CAIRN_ALLOWED_HOSTS. */
export function buildHostAllowlist(bindHost: string, port: number, extraHosts: readonly string[]): HostAllowlist {
  const bound = canonicalBindHost(bindHost);
  const onPort = new Set<string>(["localhost", "127.0.0.1", "[::1]"]);
  if (isLoopbackHost(bound)) {
    onPort.add(bound);
  } else {
    if (!isWildcard(bound)) onPort.add(bound);
    for (const name of machineNames()) onPort.add(name);
  }
  const allow: HostAllowlist = { onPort, anyPort: new Set(), exact: new Set(), port };
  for (const entry of extraHosts) {
    const parsed = parseHost(entry);
    if (!parsed) throw new Error(`CAIRN_ALLOWED_HOSTS: "${entry}" is not a host name, address or host:port`);
    if (parsed.port === null) allow.anyPort.add(parsed.name);
    else allow.exact.add(`${parsed.name}:${parsed.port}`);
  }
  return allow;
}

/** Is `host` (with `defaultPort` standing in for an absent port) one this server answers to? */
export function hostAllowed(allow: HostAllowlist, host: HostPort, defaultPort: number): boolean {
  const port = host.port ?? defaultPort;
  if (allow.anyPort.has(host.name)) return true;
  if (allow.exact.has(`${host.name}:${port}`)) return true;
  return port === allow.port && allow.onPort.has(host.name);
}

/** Parse CAIRN_ALLOWED_HOSTS (comma or whitespace separated). */
export function parseAllowedHostsEnv(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);
}
