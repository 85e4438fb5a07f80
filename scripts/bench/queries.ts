import type { World } from "../fixtures/world";

/** One benchmark query: what Cairn is asked, and the closest fixed string ripgrep is asked. */
export interface BenchQuery {
  q: string;
  /** Extra API parameters (filters). */
  params?: Record<string, string>;
  /** `rg -l -i -F <rg>`: what a user without Cairn would grep for. */
  rg: string;
  kind: "words" | "phrase" | "prefix" | "file" | "sha" | "filter" | "none" | "punctuation";
}

/**
 * Fifty varied queries over the generator's vocabulary: words, phrases, prefixes, file traces,
 * commit shas, filtered searches, misses and punctuation: what people type, not the worst case only.
 */
export function benchQueries(world: World): BenchQuery[] {
  const repos = world.repositories;
  const repo = (i: number) => repos[i % repos.length];
  const shaOf = (i: number, which: number) => {
    const shas = repo(i).shas;
    return shas[Math.min(shas.length - 1, which)];
  };
  const q: BenchQuery[] = [
    { q: "rate limiter", rg: "rate limiter", kind: "words" },
    { q: "token bucket", rg: "token bucket", kind: "words" },
    { q: "webhook retries", rg: "webhook retries", kind: "words" },
    { q: "dark mode settings", rg: "dark mode", kind: "words" },
    { q: "flaky auth test", rg: "flaky auth", kind: "words" },
    { q: "csv export invoices", rg: "csv export", kind: "words" },
    { q: "audit log retention", rg: "audit log", kind: "words" },
    { q: "thumbnails upload", rg: "thumbnails", kind: "words" },
    { q: "onboarding checklist", rg: "onboarding checklist", kind: "words" },
    { q: "queue migrate jobs", rg: "migrate jobs", kind: "words" },
    { q: "redis scale", rg: "redis", kind: "words" },
    { q: "feature flags branches", rg: "feature flags", kind: "words" },
    { q: "prettier eslint commas", rg: "prettier", kind: "words" },
    { q: "sliding window", rg: "sliding window", kind: "words" },
    { q: '"exponential backoff"', rg: "exponential backoff", kind: "phrase" },
    { q: '"server components"', rg: "server components", kind: "phrase" },
    { q: '"store times as utc"', rg: "store times as utc", kind: "phrase" },
    { q: '"public API"', rg: "public api", kind: "phrase" },
    { q: '"search index warm-up"', rg: "search index warm-up", kind: "phrase" },
    { q: '"never truncate"', rg: "never truncate", kind: "phrase" },
    { q: "webho*", rg: "webho", kind: "prefix" },
    { q: "thumbn", rg: "thumbn", kind: "prefix" },
    { q: "onboard", rg: "onboard", kind: "prefix" },
    { q: "retent*", rg: "retent", kind: "prefix" },
    { q: "invoic", rg: "invoic", kind: "prefix" },
    { q: "file:src/auth.ts", rg: "src/auth.ts", kind: "file" },
    { q: "file:docs/removed-design.md", params: { repo: repo(3).path }, rg: "docs/removed-design.md", kind: "file" },
    { q: "file:src/lib.ts", params: { repo: repo(7).path }, rg: "src/lib.ts", kind: "file" },
    { q: "file:src/app.ts webhook", params: { repo: repo(11).path }, rg: "src/app.ts", kind: "file" },
    { q: "file:scratch/notes.txt", rg: "scratch/notes.txt", kind: "file" },
    { q: shaOf(1, 0), rg: shaOf(1, 0), kind: "sha" },
    { q: shaOf(5, 1).slice(0, 7), rg: shaOf(5, 1).slice(0, 7), kind: "sha" },
    { q: shaOf(9, 3).slice(0, 10), rg: shaOf(9, 3).slice(0, 10), kind: "sha" },
    { q: shaOf(13, 2), rg: shaOf(13, 2), kind: "sha" },
    { q: "rate limiter", params: { repo: repo(2).path }, rg: "rate limiter", kind: "filter" },
    { q: "webhook", params: { status: "in-progress" }, rg: "webhook", kind: "filter" },
    { q: "decisions:redis", params: { format: "handoff" }, rg: "redis", kind: "filter" },
    { q: "token", params: { kind: "research" }, rg: "token buckets", kind: "filter" },
    { q: "auth", params: { level: "very-stale", status: "completed" }, rg: "auth", kind: "filter" },
    { q: "queue", params: { from: "2026-01-01", to: "2026-12-31" }, rg: "queue", kind: "filter" },
    { q: `repo:${repo(4).name} retries`, rg: "retries", kind: "filter" },
    { q: "title:billing", params: { group: "repo" }, rg: "billing", kind: "filter" },
    { q: "kubernetes operator", rg: "kubernetes operator", kind: "none" },
    { q: "zebra", rg: "zebra", kind: "none" },
    { q: "quokka census", rg: "quokka", kind: "none" },
    { q: '"rate limiter" -legacy', rg: "rate limiter", kind: "punctuation" },
    { q: "(((token)))", rg: "token", kind: "punctuation" },
    { q: "redis OR memcached", rg: "redis", kind: "punctuation" },
    { q: "auth.ts: NEAR/AND", rg: "auth.ts", kind: "punctuation" },
    { q: 'it\'s "unclosed', rg: "unclosed", kind: "punctuation" },
  ];
  return q;
}
