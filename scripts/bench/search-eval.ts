/**
 * Search quality on real files (issue 23, "measured, not guessed").
 *
 * `npm run bench:search [-- --json] [--verbose] [--cairn PATH/bin/cairn.mjs] [--shared DIR] [--questions FILE] [--rebuild]`
 *
 * Builds a world from the two hand-labelled truth sets (`../shared/corpus-truth` and `../shared/corpus-truth-2`,
 * read at run time, never copied into the project): one real git repository per MANIFEST `repo`, each file
 * written at its `path` and committed; the `global-md` files (the set's `~/.claude/checkpoints` family) go into
 * the world's home folder instead, as that set's README says. The world is cached in tmp/search-eval/, keyed by
 * a hash of the inputs, so a rerun skips the build.
 *
 * Then it indexes the world with Cairn's compiled CLI (`--cairn` picks another checkout's bin/cairn.mjs, so a
 * baseline can be measured from a separate worktree) into a fresh database, and asks every question of
 * scripts/bench/search-questions.json to three systems over the same files:
 *
 * - Cairn: `cairn search --json "<question>" --limit 10`, the question passed as a person would type it;
 * - rg: `rg -l -i -F` for each distinct query word (lowercased, letters and digits, 2+ characters), files
 *   ranked by how many of the words they hold, ties by path;
 * - BM25: textbook Okapi BM25 (k1 = 1.2, b = 0.75) over the raw file text, lowercase Unicode word tokens,
 *   no stemming, no stop words.
 *
 * Scores hit@1, hit@5 and MRR (reciprocal rank within the first 10, else 0) per kind and overall, and prints
 * a markdown table; `--json` prints the numbers, `--verbose` the rank of the answer per question and system.
 * Skips with a message when the truth sets are absent; without rg, scores the other two.
 *
 * Over 300 lines on purpose: one measurement read top to bottom (world, three systems, scores, table), its parts
 * sharing the World and result types; it is a bench script, not imported by the product.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpus, tmpdir } from "node:os";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeText } from "../../lib/discover/text-encoding";

const projectDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Bumped when the way the world is laid out changes, so that an old cached world is not reused. */
const WORLD_VERSION = 1;
const TRUTH_SETS = ["corpus-truth", "corpus-truth-2"] as const;
export const KINDS = ["keywords", "identifier", "paraphrase", "language", "agent", "blind"] as const;
export type QuestionKind = (typeof KINDS)[number];
export type SystemName = "cairn" | "rg" | "bm25";
const SYSTEMS: SystemName[] = ["cairn", "rg", "bm25"];
const DEPTH = 10;

export interface Question {
  id: string;
  kind: QuestionKind;
  q: string;
  /** `corpus-truth/files/<name>` or `corpus-truth-2/files/<name>`, relative to the shared folder. */
  answers: string[];
}

interface TruthFile {
  /** `corpus-truth/files/<name>`: how questions name it. */
  key: string;
  repo: string;
  path: string;
  family: string;
  /** Where it lies in the world, absolute. */
  abs: string;
  /** Relative to the world folder, for display and rg's tie-break. */
  rel: string;
}

export interface World {
  dir: string;
  root: string;
  home: string;
  files: TruthFile[];
}

export interface Score {
  n: number;
  hit1: number;
  hit5: number;
  mrr: number;
}

export interface SearchEvalResult {
  at: string;
  cairn: string;
  questions: number;
  files: number;
  /** Answer files Cairn did not index at all (a miss there is discovery, not ranking). */
  notIndexed: string[];
  systems: SystemName[];
  /** Per system: "all" and one entry per kind. */
  scores: Record<string, Record<string, Score>>;
  /** Rank (1-10) of the first answer file per system, null past 10 or not found. */
  perQuestion: Array<{ id: string; kind: QuestionKind; q: string; answers: string[]; ranks: Partial<Record<SystemName, number | null>>; cairnTop: string[] }>;
  indexMs: number;
  searchMs: number;
  skipped?: string;
}

export interface SearchEvalOptions {
  cairn?: string;
  shared?: string;
  questionsFile?: string;
  rebuild?: boolean;
  log?: (line: string) => void;
  /** Embed with this provider after indexing (`cairn index --embed`), so that Cairn searches by meaning too. */
  embed?: string;
}

export const defaultQuestionsFile = join(projectDir, "scripts", "bench", "search-questions.json");
export const defaultSharedDir = () => resolve(projectDir, process.env.CAIRN_SHARED_DIR ?? "../shared");

export function readQuestions(file = defaultQuestionsFile): Question[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as { questions: Question[] };
  return parsed.questions;
}

export function truthSetsPresent(shared = defaultSharedDir()): boolean {
  return TRUTH_SETS.every((set) => existsSync(join(shared, set, "MANIFEST.tsv")));
}

export function rgInstalled(): boolean {
  return spawnSync("rg", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Reads both manifests: every labelled file with its repository and path. */
export function readManifests(shared: string): Array<Omit<TruthFile, "abs" | "rel">> {
  const out: Array<Omit<TruthFile, "abs" | "rel">> = [];
  for (const set of TRUTH_SETS) {
    const [header, ...rows] = readFileSync(join(shared, set, "MANIFEST.tsv"), "utf8").split(/\r?\n/).filter(Boolean);
    const columns = header.split("\t");
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
    for (const line of rows) {
      const cells = line.split("\t");
      out.push({ key: `${set}/${at(cells, "local_file")}`, repo: at(cells, "repo"), path: at(cells, "path"), family: at(cells, "family") });
    }
  }
  return out;
}

const folderOf = (repo: string) => repo.replace(/\//g, "__");

/** Plain git for building the world: no system or user configuration, fixed identity and dates. */
function git(cwd: string, home: string, args: string[]): void {
  execFileSync("git", ["-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    env: cleanEnv({
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "Search Eval",
      GIT_AUTHOR_EMAIL: "eval@example.invalid",
      GIT_COMMITTER_NAME: "Search Eval",
      GIT_COMMITTER_EMAIL: "eval@example.invalid",
      GIT_AUTHOR_DATE: "2026-11-01T12:00:00Z",
      GIT_COMMITTER_DATE: "2026-11-01T12:00:00Z",
    }),
  });
}

/** An environment with only these variables (nothing of the caller's CAIRN_*, GIT_* or HOME leaks in). */
function cleanEnv(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
}

/** The world for these inputs, built once and kept in tmp/search-eval/world-<hash>/. */
export function buildWorld(shared: string, { rebuild = false, log = (_: string) => {} } = {}): World {
  const entries = readManifests(shared);
  const hash = createHash("sha256").update(`v${WORLD_VERSION}\n`);
  for (const e of entries) {
    hash.update(`${e.key}\t${e.repo}\t${e.path}\t${e.family}\n`);
    hash.update(readFileSync(join(shared, e.key)));
  }
  const id = hash.digest("hex").slice(0, 16);
  const cacheDir = join(projectDir, "tmp", "search-eval");
  const dir = join(cacheDir, `world-${id}`);
  const lay = (e: (typeof entries)[number]): TruthFile => {
    const rel = e.family === "global-md" ? join("home", ".claude", "checkpoints", basename(e.path)) : join("repos", folderOf(e.repo), e.path);
    return { ...e, rel, abs: join(dir, rel) };
  };
  const files = entries.map(lay);
  const world = { dir, root: join(dir, "repos"), home: join(dir, "home"), files };
  if (!rebuild && existsSync(join(dir, "READY"))) return world;

  log(`building the world (${entries.length} files) in ${dir}…`);
  mkdirSync(cacheDir, { recursive: true });
  for (const old of readdirSync(cacheDir)) if (old.startsWith("world-") || old.startsWith("building-")) rmSync(join(cacheDir, old), { recursive: true, force: true });
  const building = mkdtempSync(join(cacheDir, "building-"));
  const gitHome = mkdtempSync(join(tmpdir(), "cairn-eval-githome-"));
  try {
    const repos = new Set<string>();
    for (const f of files) {
      const target = join(building, f.rel);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(join(shared, f.key)));
      if (f.family !== "global-md") repos.add(folderOf(f.repo));
    }
    mkdirSync(join(building, "home", ".claude", "checkpoints"), { recursive: true });
    for (const folder of repos) {
      const cwd = join(building, "repos", folder);
      git(cwd, gitHome, ["init", "-q"]);
      git(cwd, gitHome, ["add", "-A"]);
      git(cwd, gitHome, ["commit", "-q", "-m", "checkpoint files from the truth set"]);
    }
    writeFileSync(join(building, "READY"), `${new Date().toISOString()}\n`);
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(gitHome, { recursive: true, force: true });
  }
  return world;
}

/** Runs a command, resolving with its stdout; rejects with stderr on a non-zero exit (rg's 1 = "no match" resolves empty). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, okCodes = [0]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile(command, args, { env, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : -1) : 0;
      if (code !== 0 && !okCodes.includes(code)) reject(new Error(`${command} ${args.slice(0, 3).join(" ")}… exited ${code}: ${stderr.trim().split("\n").slice(-3).join(" / ")}`));
      else resolvePromise(stdout);
    });
  });
}

async function pool<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

/** Words as rg is asked for them: lowercased runs of letters and digits, 2+ characters, each once. */
export function rgWords(text: string): string[] {
  return [...new Set((text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((w) => [...w].length >= 2))];
}

/** BM25's tokenizer: lowercased runs of Unicode letters and digits, no stemming, no stop words. */
export function bm25Tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

export class Bm25 {
  private readonly docs: Array<Map<string, number>>;
  private readonly lengths: number[];
  private readonly df = new Map<string, number>();
  private readonly avgdl: number;

  constructor(texts: string[], private readonly k1 = 1.2, private readonly b = 0.75) {
    this.docs = texts.map((text) => {
      const tf = new Map<string, number>();
      for (const token of bm25Tokens(text)) tf.set(token, (tf.get(token) ?? 0) + 1);
      return tf;
    });
    this.lengths = texts.map((_, i) => [...this.docs[i].values()].reduce((a, c) => a + c, 0));
    this.avgdl = this.lengths.reduce((a, c) => a + c, 0) / Math.max(1, texts.length);
    for (const tf of this.docs) for (const term of tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  /** Document indexes with a positive score, best first (ties by index). */
  rank(query: string): number[] {
    const n = this.docs.length;
    const terms = [...new Set(bm25Tokens(query))];
    const scores = this.docs.map((tf, i) => {
      let score = 0;
      for (const term of terms) {
        const f = tf.get(term);
        if (!f) continue;
        const df = this.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * this.lengths[i]) / this.avgdl));
      }
      return score;
    });
    return scores
      .map((score, i) => ({ score, i }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((s) => s.i);
  }
}

/** 1-based rank of the first answer within the first DEPTH results, or null. */
function rankOf(ranked: string[], answers: string[]): number | null {
  const at = ranked.slice(0, DEPTH).findIndex((key) => answers.includes(key));
  return at < 0 ? null : at + 1;
}

function score(ranks: Array<number | null>): Score {
  const n = ranks.length;
  const sum = (f: (r: number | null) => number) => ranks.reduce<number>((a, r) => a + f(r), 0) / Math.max(1, n);
  return {
    n,
    hit1: sum((r) => (r === 1 ? 1 : 0)),
    hit5: sum((r) => (r !== null && r <= 5 ? 1 : 0)),
    mrr: sum((r) => (r === null ? 0 : 1 / r)),
  };
}

interface CairnHit {
  repo: string;
  path: string;
}

export async function runSearchEval(options: SearchEvalOptions = {}): Promise<SearchEvalResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`search-eval: ${line}\n`));
  const shared = options.shared ? resolve(options.shared) : defaultSharedDir();
  const cairn = resolve(options.cairn ?? join(projectDir, "bin", "cairn.mjs"));
  const questions = readQuestions(options.questionsFile);
  const empty: SearchEvalResult = { at: new Date().toISOString(), cairn, questions: questions.length, files: 0, notIndexed: [], systems: [], scores: {}, perQuestion: [], indexMs: 0, searchMs: 0 };
  if (!truthSetsPresent(shared)) {
    return { ...empty, skipped: `the truth sets are not there (${join(shared, "corpus-truth")} and ${join(shared, "corpus-truth-2")}): nothing measured` };
  }
  if (!existsSync(cairn)) return { ...empty, skipped: `no Cairn CLI at ${cairn}` };

  const world = buildWorld(shared, { rebuild: options.rebuild, log });
  const byKey = new Map(world.files.map((f) => [f.key, f]));
  for (const q of questions) for (const a of q.answers) if (!byKey.has(a)) throw new Error(`${q.id}: answer ${a} is not in the manifests`);
  const byLocation = new Map(world.files.map((f) => [f.abs, f.key]));

  const systems: SystemName[] = rgInstalled() ? SYSTEMS : SYSTEMS.filter((s) => s !== "rg");
  if (!systems.includes("rg")) log("rg is not installed: scoring Cairn and BM25 only");

  // Cairn: a fresh database, an empty HOME, and no CAIRN_* settings from the caller's environment.
  const scratch = mkdtempSync(join(tmpdir(), "cairn-search-eval-"));
  const db = join(scratch, "cairn.db");
  // CAIRN_RANK_* (ranking experiments) pass through; nothing else of the caller's CAIRN_* settings
  const experiments = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith("CAIRN_RANK_")));
  const env = cleanEnv({ PATH: process.env.PATH, HOME: join(scratch, "home"), TZ: "UTC", NO_COLOR: "1", ...experiments });
  mkdirSync(env.HOME as string, { recursive: true });
  const ranked: Record<SystemName, string[][]> = { cairn: [], rg: [], bm25: [] };
  const cairnRaw: string[][] = [];
  let indexMs = 0;
  let searchMs = 0;
  const indexed = new Set<string>();
  try {
    log(`indexing with ${cairn}…`);
    const started = performance.now();
    const indexSummary = JSON.parse(
      await run(process.execPath, [cairn, "index", "--root", world.root, "--home", world.home, "--db", db, "--json", ...(options.embed ? ["--embed", options.embed] : [])], env),
    ) as { embedded?: unknown };
    if (indexSummary.embedded) log(`embedded: ${JSON.stringify(indexSummary.embedded)}`);
    indexMs = performance.now() - started;
    const listed = JSON.parse(await run(process.execPath, [cairn, "list", "--json", "--kind", "all", "--db", db], env)) as Array<Record<string, unknown>>;
    for (const record of listed) {
      const key = locate(record, world, byLocation);
      if (key) indexed.add(key);
    }

    log(`asking ${questions.length} questions…`);
    const searchStarted = performance.now();
    const width = Math.max(2, Math.min(8, cpus().length));
    const answers = await pool(questions, width, async (q) => {
      const out = JSON.parse(await run(process.execPath, [cairn, "search", "--json", "--db", db, "--limit", String(DEPTH), "--", q.q], env)) as { hits?: CairnHit[] };
      return out.hits ?? [];
    });
    searchMs = performance.now() - searchStarted;
    for (const hits of answers) {
      const keys: string[] = [];
      const raw: string[] = [];
      for (const hit of hits) {
        const key = locate(hit as unknown as Record<string, unknown>, world, byLocation);
        raw.push(key ?? `${hit.repo}:${hit.path}`);
        if (key && !keys.includes(key)) keys.push(key);
      }
      ranked.cairn.push(keys);
      cairnRaw.push(raw);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  // rg: one `rg -l -i -F` per distinct word over the world's files, then files ranked by words held.
  const rgStarted = performance.now();
  if (systems.includes("rg")) {
    const paths = world.files.map((f) => f.abs);
    const words = [...new Set(questions.flatMap((q) => rgWords(q.q)))];
    // What rg answered per word is kept beside the world (same files, same rg), so a rerun asks only new words.
    const cacheFile = join(world.dir, `rg-words-${createHash("sha256").update(execFileSync("rg", ["--version"], { encoding: "utf8" })).digest("hex").slice(0, 8)}.json`);
    const cached = existsSync(cacheFile) ? (JSON.parse(readFileSync(cacheFile, "utf8")) as Record<string, string[]>) : {};
    const holding = new Map<string, Set<string>>(Object.entries(cached).map(([word, keys]) => [word, new Set(keys)]));
    const missing = words.filter((word) => !holding.has(word));
    await pool(missing, Math.max(2, cpus().length), async (word) => {
      const out = await run("rg", ["-l", "-i", "-F", "--no-messages", "--", word, ...paths], process.env, [1]);
      holding.set(word, new Set(out.split("\n").filter(Boolean).map((p) => byLocation.get(p) ?? p)));
    });
    if (missing.length) writeFileSync(cacheFile, JSON.stringify(Object.fromEntries([...holding].map(([word, keys]) => [word, [...keys].sort()]))));
    for (const q of questions) {
      const counts = new Map<string, number>();
      for (const word of rgWords(q.q)) for (const key of holding.get(word) ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
      ranked.rg.push(
        [...counts.entries()]
          .sort((a, b) => b[1] - a[1] || (byKey.get(a[0])?.rel ?? a[0]).localeCompare(byKey.get(b[0])?.rel ?? b[0]))
          .map(([key]) => key),
      );
    }
  }

  if (systems.includes("rg")) log(`rg: ${((performance.now() - rgStarted) / 1000).toFixed(1)} s`);
  const bm25Started = performance.now();
  const bm25 = new Bm25(world.files.map((f) => decodeText(readFileSync(f.abs)).text));
  for (const q of questions) ranked.bm25.push(bm25.rank(q.q).map((i) => world.files[i].key));

  log(`BM25: ${((performance.now() - bm25Started) / 1000).toFixed(1)} s`);
  const perQuestion = questions.map((q, i) => ({
    id: q.id,
    kind: q.kind,
    q: q.q,
    answers: q.answers,
    ranks: Object.fromEntries(systems.map((s) => [s, rankOf(ranked[s][i], q.answers)])) as Partial<Record<SystemName, number | null>>,
    cairnTop: cairnRaw[i].slice(0, 3),
  }));
  const scores: SearchEvalResult["scores"] = {};
  for (const s of systems) {
    scores[s] = { all: score(perQuestion.map((p) => p.ranks[s] ?? null)) };
    for (const kind of KINDS) scores[s][kind] = score(perQuestion.filter((p) => p.kind === kind).map((p) => p.ranks[s] ?? null));
  }
  const answerKeys = [...new Set(questions.flatMap((q) => q.answers))];
  return {
    at: new Date().toISOString(),
    cairn,
    questions: questions.length,
    files: world.files.length,
    notIndexed: answerKeys.filter((k) => !indexed.has(k)).sort(),
    systems,
    scores,
    perQuestion,
    indexMs,
    searchMs,
  };
}

/** A Cairn record or hit (absolute repository path or "global", and a path) → the truth file it is. */
export function locate(record: Record<string, unknown>, world: World, byLocation: Map<string, string>): string | null {
  const repo = typeof record.repo === "string" ? record.repo : typeof record.repoPath === "string" ? record.repoPath : null;
  const path = typeof record.path === "string" ? record.path : typeof record.relPath === "string" ? record.relPath : null;
  if (!path) return null;
  const candidates = [path, repo ? join(repo, path) : null, join(world.home, ".claude", "checkpoints", basename(path))].filter((p): p is string => !!p);
  for (const candidate of candidates) {
    const key = byLocation.get(candidate);
    if (key) return key;
  }
  return null;
}

const fmt = (n: number) => n.toFixed(2);

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c])).join(" | ")} |`;
  return [line(rows[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.slice(1).map(line)].join("\n");
}

const LABEL: Record<SystemName, string> = { cairn: "Cairn", rg: "rg", bm25: "BM25" };

/** The markdown table: one row per kind and overall; hit@1, hit@5 and MRR per system. */
export function renderSearchEval(r: SearchEvalResult): string {
  if (r.skipped) return `Search quality (issue 23): skipped: ${r.skipped}`;
  const header = ["kind", "n", ...r.systems.flatMap((s) => [`${LABEL[s]} hit@1`, `${LABEL[s]} hit@5`, `${LABEL[s]} MRR`])];
  const row = (name: string, key: string) => [name, String(r.scores[r.systems[0]][key].n), ...r.systems.flatMap((s) => [fmt(r.scores[s][key].hit1), fmt(r.scores[s][key].hit5), fmt(r.scores[s][key].mrr)])];
  const lines = [
    `Search quality (issue 23): ${r.questions} questions over ${r.files} real files; Cairn CLI ${r.cairn}`,
    `index ${(r.indexMs / 1000).toFixed(1)} s, ${r.questions} searches ${(r.searchMs / 1000).toFixed(1)} s; answer files Cairn did not index: ${r.notIndexed.length ? r.notIndexed.join(", ") : "none"}`,
    "",
    table([header, ...KINDS.map((k) => row(k, k)), row("all", "all")]),
  ];
  return lines.join("\n");
}

/** One line per question: the answer's rank for each system ("-" = not in the first 10). */
export function renderVerbose(r: SearchEvalResult): string {
  const cell = (n: number | null | undefined) => (n == null ? "-" : String(n));
  const rows = [["id", "kind", ...r.systems.map((s) => LABEL[s]), "question", "Cairn's top 3 when it missed"]];
  for (const p of r.perQuestion) {
    const missed = p.ranks.cairn == null || p.ranks.cairn > 1;
    const top = p.cairnTop.length ? p.cairnTop.map((k) => k.replace(/^corpus-truth(-2)?\/files\//, "")).join(" ; ") : "(no results)";
    rows.push([p.id, p.kind, ...r.systems.map((s) => cell(p.ranks[s])), p.q, missed ? top : ""]);
  }
  return table(rows);
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const result = await runSearchEval({ cairn: argValue("cairn"), shared: argValue("shared"), questionsFile: argValue("questions"), rebuild: process.argv.includes("--rebuild"), embed: argValue("embed") });
  if (result.skipped) {
    process.stderr.write(`search-eval: skipped: ${result.skipped}\n`);
    if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  if (process.argv.includes("--json")) {
    const { perQuestion, ...rest } = result;
    process.stdout.write(`${JSON.stringify(process.argv.includes("--verbose") ? result : { ...rest, perQuestion: perQuestion.map(({ id, kind, ranks }) => ({ id, kind, ranks })) }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${renderSearchEval(result)}\n`);
  if (process.argv.includes("--verbose")) process.stdout.write(`\n${renderVerbose(result)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`search-eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
