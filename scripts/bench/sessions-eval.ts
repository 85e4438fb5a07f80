/**
 * The session readers against real logs labelled by hand (`npx tsx scripts/bench/sessions-eval.ts`).
 *
 * Reads `.cairn-real/sessions/` (gitignored: real session logs from public repositories, see its MANIFEST.tsv, and
 * `labels.json`, written before any reader ran on them). Skips with a message when the folder is absent. For each
 * labelled log: finds the reader the way the indexer does (the agent's root-relative path, or the repository-relative
 * path for exports), reads it in chunks of lines as the indexer would (companion files beside it), and compares the
 * summary with the labels field by field. Prints fields right / labelled per field and per agent, and each miss.
 * Then hit@5 of the labelled questions over a real index of the same logs (scripts/bench/sessions-hits.ts, in a
 * child: Cairn's search, and the index's full-text table of session turns); `--no-hits` leaves it out.
 * `--json` prints the figures as JSON. `--chunk N` sets the lines per chunk (default 500).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, resolve } from "node:path";
import { sessionReaders } from "@/lib/sessions/registry";
import type { LogRef, SessionReader, SessionSummary } from "@/lib/sessions/types";

interface Label {
  file: string;
  agent: string;
  sessionId: string | null;
  cwd: string | null;
  branches: string[] | null;
  startedAt: string | null;
  endedAt: string | null;
  title: string | null;
  userTurns: number | null;
  filesEdited: string[] | null;
  commits: Array<{ sha: string }> | null;
  models: string[] | null;
  parent?: string;
}

const DIR = resolve(process.cwd(), ".cairn-real/sessions");
const args = process.argv.slice(2);
const asJson = args.includes("--json");
const chunkAt = args.indexOf("--chunk");
const CHUNK = chunkAt >= 0 ? Math.max(1, Number(args[chunkAt + 1]) || 500) : 500;
const COMPANION_CAP = 1024 * 1024;

/** The path the indexer would hand `classify`: under the agent's root, or inside the repository. */
function relPathFor(file: string, agent: string): string | null {
  const p = file.replace(/\\/g, "/");
  const marker: Record<string, string> = { "claude-code": "/.claude/", codex: "/.codex/", "gemini-cli": "/.gemini/", "copilot-cli": "/.copilot/" };
  const m = marker[agent];
  if (m) {
    const at = p.indexOf(m);
    return at >= 0 ? p.slice(at + m.length) : null;
  }
  // repository exports: <agent>/<owner+repo>/<repo-relative path>
  return p.split("/").slice(2).join("/");
}

function readLog(reader: SessionReader<any>, ref: LogRef, path: string): { summary: SessionSummary; problems: number; turns: number } {
  const text = readFileSync(path, "utf8");
  const companions: Record<string, string | null> = {};
  for (const name of ref.companions ?? []) {
    const at = posix.normalize(posix.join(dirname(path).replace(/\\/g, "/"), name));
    companions[name] = existsSync(at) ? readFileSync(at, "utf8").slice(0, COMPANION_CAP) : null;
  }
  let state = reader.initial(ref);
  let problems = 0;
  let turns = 0;
  if (ref.mode === "document") {
    const r = reader.read(state, { path, ref, lines: [text], firstLine: 1, companions });
    state = r.state;
    problems += r.problems.length;
    turns += r.turns.length;
  } else {
    const lines = text.split("\n");
    const complete = text.endsWith("\n") ? lines.slice(0, -1) : lines.slice(0, -1); // a partial last line waits
    for (let i = 0; i < complete.length; i += CHUNK) {
      const r = reader.read(state, { path, ref, lines: complete.slice(i, i + CHUNK), firstLine: i + 1, companions });
      state = r.state;
      problems += r.problems.length;
      turns += r.turns.length;
    }
  }
  return { summary: reader.summarize(state), problems, turns };
}

const norm = (s: string) => s.normalize("NFC").toLowerCase().replace(/[`*_#>"'“”‘’]/g, "").replace(/\s+/g, " ").trim();
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const second = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 19) : null);
const pathMatch = (a: string, b: string) => {
  const x = a.replace(/\\/g, "/");
  const y = b.replace(/\\/g, "/");
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
};

type Verdict = boolean | null;

function judge(label: Label, s: SessionSummary): Record<string, Verdict> {
  const out: Record<string, Verdict> = {};
  out.sessionId = label.sessionId === null ? null : s.sessionId === label.sessionId;
  out.cwd = label.cwd === null ? null : s.cwd === label.cwd;
  out.branches = label.branches === null ? null : sameSet(s.branches, label.branches);
  out.startedAt = label.startedAt === null ? null : second(s.startedAt) === second(label.startedAt);
  out.endedAt = label.endedAt === null ? null : second(s.endedAt) === second(label.endedAt);
  if (label.title === null) out.title = null;
  else {
    const want = norm(label.title).slice(0, 40);
    const got = norm(s.title ?? "");
    out.title = got.length > 0 && (got.startsWith(want) || want.startsWith(got.replace(/…$/, "")));
  }
  out.userTurns = label.userTurns === null ? null : s.userTurns === label.userTurns;
  out.filesEdited =
    label.filesEdited === null
      ? null
      : label.filesEdited.length === s.filesEdited.length && label.filesEdited.every((f) => s.filesEdited.some((g) => pathMatch(g.path, f)));
  out.commits =
    label.commits === null
      ? null
      : label.commits.length === new Set(s.commits.map((c) => c.sha.slice(0, 7))).size && label.commits.every((c) => s.commits.some((g) => g.sha.slice(0, 7) === c.sha.slice(0, 7)));
  out.models = label.models === null ? null : sameSet(s.models, label.models);
  return out;
}

function main(): void {
  const labelsPath = join(DIR, "labels.json");
  if (!existsSync(labelsPath)) {
    console.log(`sessions-eval: skipped: ${labelsPath} not found (real session logs are not kept in the repository; see the script's header)`);
    return;
  }
  const labels = JSON.parse(readFileSync(labelsPath, "utf8")) as { sessions: Label[] };
  const readers = sessionReaders();
  const perField: Record<string, { right: number; labelled: number }> = {};
  const perAgent: Record<string, { right: number; labelled: number; sessions: number; found: number }> = {};
  const misses: string[] = [];
  let found = 0;
  let problems = 0;
  for (const label of labels.sessions) {
    const agentRow = (perAgent[label.agent] ??= { right: 0, labelled: 0, sessions: 0, found: 0 });
    agentRow.sessions++;
    const rel = relPathFor(label.file, label.agent);
    const reader = readers.find((r) => r.agent === label.agent);
    const ref = rel && reader ? reader.classify(rel) : null;
    const path = join(DIR, label.file);
    if (!reader || !ref || !existsSync(path)) {
      misses.push(`${label.file}: not found as a session (${!reader ? "no reader" : !ref ? `classify(${rel}) = null` : "file missing"})`);
      continue;
    }
    found++;
    agentRow.found++;
    const { summary, problems: p } = readLog(reader, ref, path);
    problems += p;
    for (const [field, verdict] of Object.entries(judge(label, summary))) {
      if (verdict === null) continue;
      const row = (perField[field] ??= { right: 0, labelled: 0 });
      row.labelled++;
      agentRow.labelled++;
      if (verdict) {
        row.right++;
        agentRow.right++;
      } else {
        const got = (summary as unknown as Record<string, unknown>)[field];
        const want = (label as unknown as Record<string, unknown>)[field];
        const show = (v: unknown) => JSON.stringify(field === "filesEdited" && Array.isArray(v) ? v.map((f) => (typeof f === "string" ? f : (f as { path: string }).path)) : field === "commits" && Array.isArray(v) ? v.map((c) => (c as { sha: string }).sha) : v)?.slice(0, 300);
        misses.push(`${label.agent} ${label.file.split("/").pop()}: ${field} = ${show(got)}, labelled ${show(want)}`);
      }
    }
  }
  const total = Object.values(perField).reduce((a, r) => ({ right: a.right + r.right, labelled: a.labelled + r.labelled }), { right: 0, labelled: 0 });
  const hits = args.includes("--no-hits") ? null : questionHits();
  const figures = { sessions: labels.sessions.length, found, fieldsRight: total.right, fieldsLabelled: total.labelled, perField, perAgent, readerProblems: problems, chunkLines: CHUNK, hits };
  if (asJson) {
    console.log(JSON.stringify({ ...figures, misses }, null, 2));
    return;
  }
  console.log(`sessions found: ${found}/${labels.sessions.length}`);
  console.log(`fields right: ${total.right}/${total.labelled} (${((100 * total.right) / Math.max(1, total.labelled)).toFixed(1)}%)`);
  for (const [f, r] of Object.entries(perField)) console.log(`  ${f.padEnd(12)} ${r.right}/${r.labelled}`);
  for (const [a, r] of Object.entries(perAgent)) console.log(`  ${a.padEnd(12)} found ${r.found}/${r.sessions}, fields ${r.right}/${r.labelled}`);
  console.log(`reader problems: ${problems}`);
  if (hits && "rows" in hits) {
    const rows = hits.rows as Array<{ q: string; search: number | null; fts: number | null }>;
    const either = rows.filter((r) => (r.search ?? 99) <= 5 || (r.fts ?? 99) <= 5).length;
    console.log(`hit@5 over ${rows.length} questions: Cairn search ${String(hits.hit5Search)}, session turns full-text ${String(hits.hit5Fts)}, either ${either} (${String(hits.sessions)} sessions indexed)`);
    for (const r of rows) if ((r.search ?? 99) > 5 && (r.fts ?? 99) > 5) console.log(`  not in the first 5: ${r.q} (search ${r.search ?? "-"}, full-text ${r.fts ?? "-"})`);
  } else if (hits) console.log(`hit@5 not measured: ${String(hits.error)}`);
  if (misses.length) {
    console.log("misses:");
    for (const m of misses) console.log(`  ${m}`);
  }
}

/** Hit@5 over a real index of the labelled logs, in a child process (the search module is server-only). */
function questionHits(): Record<string, unknown> {
  const work = mkdtempSync(join(tmpdir(), "cairn-sessions-eval-"));
  try {
    const child = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", join(process.cwd(), "scripts", "bench", "sessions-hits.ts"), DIR, work], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (child.status !== 0) return { error: child.stderr.split("\n").filter(Boolean).slice(-2).join(" | ") };
    return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
