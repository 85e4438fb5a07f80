/**
 * What a first search pays once (Next loading the route, the filter columns read into memory, SQLite's
 * FTS pages, the code compiled hot) is paid at boot instead, through the server's own front door (guard
 * and token included). Words, questions, a phrase, a prefix, a filter, a trace and a sha.
 *
 * Searches that arrive meanwhile wait for the warm-up to end (at most MAX_HOLD_MS): answered at once,
 * they would queue behind it anyway, and each would pay the cold costs again. Pages go ahead (the warm-up
 * does nothing for them). The warm-up's own requests carry a key known only to this process.
 */
import { request, type IncomingMessage } from "node:http";
import { randomBytes } from "node:crypto";
import { canonicalBindHost } from "./hosts";

const WARM_SEARCHES = [
  "checkpoint", "test fix", '"next steps"', "auth*", "decisions:api status:in-progress", "file:README.md", "0a1b2c3", "zzqx",
  "api error", "database migration", "deploy config", "refactor tests", "bug", "review plan", '"the build"', "cache OR queue",
  // questions: stems, stop words, related words (WordNet's files opened), the any-word fallback
  "where did we leave the payment retry work", "which migration still has to be applied before deploying the service",
];
const WARM_ROUNDS = 6;
/** However slow the machine, a request never waits longer than this for the warm-up. */
const MAX_HOLD_MS = 15_000;
const WARM_HEADER = "x-cairn-warm-up";

function warmRequest(address: string, port: number, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolvePromise) => {
    const req = request({ host: address, port, path, method: "GET", headers, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolvePromise());
      res.on("error", () => resolvePromise());
    });
    req.on("error", () => resolvePromise());
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

export interface WarmUp {
  /** Null when the request may go ahead now; else resolves when it may. */
  waitFor(req: IncomingMessage): Promise<void> | null;
  /** Runs the warm-up searches once the server listens; resolves when they are done. */
  run(bindHost: string, port: number, token: string | null): Promise<void>;
}

export function createWarmUp(): WarmUp {
  const key = randomBytes(16).toString("hex");
  let open = false;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolveFinished) => (finish = resolveFinished));
  let held: Promise<void> | null = null;
  return {
    waitFor(req) {
      if (open || req.headers[WARM_HEADER] === key || !/^\/api\/search(?:\?|$)/.test(req.url ?? "")) return null;
      held ??= Promise.race([finished, new Promise<void>((r) => setTimeout(r, MAX_HOLD_MS).unref())]);
      return held;
    },
    async run(bindHost, port, token) {
      const bound = canonicalBindHost(bindHost);
      const address = bound === "0.0.0.0" ? "127.0.0.1" : bound === "[::]" ? "::1" : bound.replace(/^\[(.*)\]$/, "$1");
      const headers = { host: `localhost:${port}`, [WARM_HEADER]: key, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      try {
        for (let round = 0; round < WARM_ROUNDS; round++) {
          for (const q of WARM_SEARCHES) await warmRequest(address, port, `/api/search?${new URLSearchParams({ q })}`, headers);
        }
      } finally {
        open = true;
        finish();
      }
    },
  };
}
