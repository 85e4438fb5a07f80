/**
 * Meaning search, measured apart (issue 38): `npx tsx --conditions=react-server scripts/bench/meaning-eval.ts --db FILE [--json]`
 * over a database that `cairn index --embed builtin` filled from the search bench's world (scripts/bench/search-eval.ts
 * builds it in tmp/search-eval/), every question of search-questions.json asked in one process, four ways:
 * words only; meaning only (the lexical list weighted 0: what is found by meaning, then the rest); fused (the
 * defaults of lib/queries/search-hybrid.ts); and any `--tune k,lexicalWeight,minSimilarity` variants given.
 * Scores hit@1, hit@5 and MRR per kind, as search-eval does. Also times the query's embedding and the search.
 */
import { basename } from "node:path";
import { getDb } from "../../db/client";
import { searchDocuments } from "../../lib/queries/search";
import { closeEmbedder, queryVector } from "../../lib/embed/service";
import { buildWorld, defaultSharedDir, KINDS, locate, readQuestions } from "./search-eval";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dbPath = arg("db");
if (!dbPath) throw new Error("--db FILE is needed");
const db = getDb(dbPath);
const world = buildWorld(defaultSharedDir());
const byLocation = new Map(world.files.map((f) => [f.abs, f.key]));
const questions = readQuestions();
type Variant = { name: string; tuning?: { k?: number; lexicalWeight?: number; minSimilarity?: number; allWordsFirst?: boolean }; words?: boolean };
const variants: Variant[] = [{ name: "words only", words: true }, { name: "meaning only", tuning: { lexicalWeight: 0 } }, { name: "fused" }];
for (const t of process.argv.flatMap((a, i) => (process.argv[i - 1] === "--tune" ? [a] : []))) {
  const [k, lexicalWeight, minSimilarity, first] = t.split(",").map(Number);
  variants.push({ name: `fused k=${k} lex=${lexicalWeight} min=${minSimilarity}${first ? " all-first" : ""}`, tuning: { k, lexicalWeight, minSimilarity, allWordsFirst: first === 1 } });
}
const ranks: Record<string, Array<number | null>> = Object.fromEntries(variants.map((v) => [v.name, []]));
const embedMs: number[] = [];
const searchMs: number[] = [];
const wordsMs: number[] = [];
for (const q of questions) {
  const t0 = performance.now();
  const meaning = await queryVector(db, q.q);
  embedMs.push(performance.now() - t0);
  for (const v of variants) {
    const t1 = performance.now();
    const result = searchDocuments(db, q.q, { limit: 10, meaning: v.words || !meaning ? undefined : { ...meaning, tuning: v.tuning } });
    if (v.name === "fused") searchMs.push(performance.now() - t1);
    if (v.name === "words only") wordsMs.push(performance.now() - t1);
    const keys: string[] = [];
    for (const hit of result.hits) {
      const key = locate(hit as unknown as Record<string, unknown>, world, byLocation);
      if (key && !keys.includes(key)) keys.push(key);
    }
    const at = keys.slice(0, 10).findIndex((k) => q.answers.includes(k));
    ranks[v.name].push(at < 0 ? null : at + 1);
  }
}
await closeEmbedder();
const score = (rs: Array<number | null>) => ({
  n: rs.length,
  hit1: rs.filter((r) => r === 1).length / rs.length,
  hit5: rs.filter((r) => r !== null && r <= 5).length / rs.length,
  mrr: rs.reduce<number>((a, r) => a + (r ? 1 / r : 0), 0) / rs.length,
});
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const out: Record<string, Record<string, ReturnType<typeof score>>> = {};
for (const v of variants) {
  out[v.name] = { all: score(ranks[v.name]) };
  for (const kind of KINDS) out[v.name][kind] = score(ranks[v.name].filter((_, i) => questions[i].kind === kind));
}
if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ db: basename(dbPath), scores: out, embedMs: { p50: pct(embedMs, 0.5), p95: pct(embedMs, 0.95) }, searchMs: { p50: pct(searchMs, 0.5), p95: pct(searchMs, 0.95) }, wordsMs: { p50: pct(wordsMs, 0.5), p95: pct(wordsMs, 0.95) } }, null, 2)}\n`);
else {
  const f = (n: number) => n.toFixed(2);
  process.stdout.write(`| variant | kind | n | hit@1 | hit@5 | MRR |\n|---|---|---|---|---|---|\n`);
  for (const v of variants) for (const kind of ["all", ...KINDS]) {
    const s = out[v.name][kind];
    process.stdout.write(`| ${v.name} | ${kind} | ${s.n} | ${f(s.hit1)} | ${f(s.hit5)} | ${f(s.mrr)} |\n`);
  }
  process.stdout.write(`\nquery embedding p50 ${pct(embedMs, 0.5).toFixed(1)} ms, p95 ${pct(embedMs, 0.95).toFixed(1)} ms; fused search p50 ${pct(searchMs, 0.5).toFixed(1)} ms, p95 ${pct(searchMs, 0.95).toFixed(1)} ms; words only p50 ${pct(wordsMs, 0.5).toFixed(1)} ms, p95 ${pct(wordsMs, 0.95).toFixed(1)} ms (${questions.length} questions)\n`);
}
