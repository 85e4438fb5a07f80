/**
 * Inputs built to make Cairn's patterns backtrack (issue 42), timed in this process:
 *
 * - every Markdown family x every hostile line shape (scripts/fixtures/hostile-lines.ts), as one 3.9 KB line and as
 *   a 76 KB document, parsed as the indexer parses them. Goal: each under 50 ms. Before the fix a 3.9 KB line took
 *   0.85-7 s and a 76 KB document 15-100 s.
 * - `.cairnignore` at its caps: 200 rules of 255 characters over 400 long names, four shapes. Goal: each well under a
 *   second. Before: 34-45 s (the probe), 337 s for the "stars" shape here.
 * - a query of 250 repeated `a*` (before: each one a prefix AND-ed to the rest).
 *
 *   npx tsx scripts/bench/hostile-patterns.ts   (also part of `npm run bench`)
 */
import { compileRules, verdict } from "../../lib/discover/ignore";
import { parseDocument } from "../../lib/parse/registry";
import { parseQuery } from "../../lib/search/query";
import { HOSTILE_LINES, MARKDOWN_FAMILY_PATHS, hostileBlock, hostileDocument } from "../fixtures/hostile-lines";

export interface HostilePatternTiming {
  /** Documents parsed (families x shapes x two sizes). */
  documents: number;
  /** The slowest document: its time (best of the rounds), family and shape. */
  slowestMs: number;
  slowest: string;
  /** Documents over 50 ms. */
  over50: number;
  /** The slowest `.cairnignore` shape at the caps (400 names x 200 rules). */
  ignoreMs: number;
  ignoreShape: string;
  /** Parsing a query of 250 repeated `a*`. */
  queryMs: number;
}

const IGNORE_SHAPES: Array<[string, string[], string[]]> = [
  ["stars, then a name the names hold first", Array.from({ length: 200 }, (_, i) => `${"*a".repeat(125)}*b${i % 10}*`), Array.from({ length: 400 }, (_, i) => `b${i % 10}${"a".repeat(240)}${i}.md`)],
  ["stars over names without the last letter", Array.from({ length: 200 }, () => `${"*a".repeat(126)}*b*`), Array.from({ length: 400 }, (_, i) => `${"a".repeat(240)}${i}.md`)],
  ["question marks", Array.from({ length: 200 }, () => `*a${"?".repeat(250)}x`), Array.from({ length: 400 }, (_, i) => `${"a".repeat(250)}${i}.md`)],
  ["folders", Array.from({ length: 200 }, () => `${"**/a".repeat(63)}*x`), Array.from({ length: 400 }, (_, i) => `${"a/".repeat(100)}${i}.md`)],
];

export function timeHostilePatterns(rounds = 2): HostilePatternTiming {
  for (const path of MARKDOWN_FAMILY_PATHS) parseDocument({ path, text: hostileDocument("warm up") });
  let documents = 0;
  let over50 = 0;
  let slowest = { ms: 0, what: "" };
  for (const path of MARKDOWN_FAMILY_PATHS) {
    for (const [shape, line] of HOSTILE_LINES) {
      for (const [size, text] of [["3.9 KB line", hostileDocument(line)], ["76 KB", hostileDocument(hostileBlock(line, 76 * 1024))]] as const) {
        let best = Infinity;
        for (let round = 0; round < rounds; round++) {
          const started = performance.now();
          parseDocument({ path, text });
          best = Math.min(best, performance.now() - started);
        }
        documents++;
        if (best > 50) over50++;
        if (best > slowest.ms) slowest = { ms: best, what: `${path}: ${shape} (${size})` };
      }
    }
  }
  let ignore = { ms: 0, shape: "" };
  for (const [shape, lines, names] of IGNORE_SHAPES) {
    const rules = { rules: compileRules(lines, ".cairnignore").rules };
    const started = performance.now();
    for (const name of names) verdict(rules, name);
    const ms = performance.now() - started;
    if (ms > ignore.ms) ignore = { ms, shape };
  }
  const started = performance.now();
  parseQuery("a* ".repeat(250));
  const queryMs = performance.now() - started;
  return { documents, slowestMs: slowest.ms, slowest: slowest.what, over50, ignoreMs: ignore.ms, ignoreShape: ignore.shape, queryMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = timeHostilePatterns();
  process.stdout.write(
    `hostile lines: ${t.documents} documents, slowest ${Math.round(t.slowestMs)} ms (${t.slowest}), ${t.over50} over 50 ms\n` +
      `.cairnignore at the caps (200 rules x 400 names): slowest shape ${Math.round(t.ignoreMs)} ms (${t.ignoreShape})\n` +
      `query of 250 repeated a*: parsed in ${t.queryMs.toFixed(1)} ms\n`,
  );
  process.exit(t.over50 === 0 && t.ignoreMs < 1000 ? 0 : 1);
}
