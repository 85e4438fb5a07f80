/**
 * Hit@5 of the labelled questions over a real index (child of scripts/bench/sessions-eval.ts; the search module is
 * server-only, so this runs with `--conditions=react-server`). `sessions-hits.ts REAL_DIR WORK_DIR` lays the
 * labelled logs out as a home (`~/.claude`, `~/.codex`, `~/.gemini`, `~/.copilot`) and the repository exports
 * (SpecStory, Aider) as git repositories under a root, runs `cairn index` on them, then asks each question:
 * - through Cairn's search (what `cairn search` answers: documents, and sessions once search ranks them);
 * - through the index's full-text table of session turns (bm25 over what was stored, best turn per session).
 * Prints one JSON object: per question the rank of the expected session in each, and hit@5 of each.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { getDb } from "../../db/client";
import { indexRoots } from "../../lib/index/indexer";
import { listSessions } from "../../lib/queries/sessions";
import { searchDocuments } from "../../lib/queries/search";

interface Label {
  file: string;
  agent: string;
  sessionId: string | null;
}
interface Question {
  q: string;
  expect?: string;
  expectFile?: string;
}

const [realDir, work] = process.argv.slice(2);
const labels = JSON.parse(readFileSync(join(realDir, "labels.json"), "utf8")) as { sessions: Label[]; questions: Question[] };
const home = join(work, "home");
const root = join(work, "code");
const MARK: Record<string, string> = { "claude-code": ".claude", codex: ".codex", "gemini-cli": ".gemini", "copilot-cli": ".copilot" };

function copy(from: string, to: string): void {
  if (!existsSync(from)) return;
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

const projects: Record<string, string> = {};
const repos = new Set<string>();
for (const label of labels.sessions) {
  const src = join(realDir, label.file);
  const mark = MARK[label.agent];
  if (mark) {
    const rel = label.file.slice(label.file.indexOf(`/${mark}/`) + 1);
    copy(src, join(home, rel));
    if (label.agent === "gemini-cli") {
      const base = label.file.slice(0, label.file.indexOf(`/${mark}/`) + mark.length + 1);
      const p = join(realDir, base, "projects.json");
      if (existsSync(p)) Object.assign(projects, (JSON.parse(readFileSync(p, "utf8")) as { projects: Record<string, string> }).projects);
      const slug = /\/tmp\/([^/]+)\//.exec(label.file)?.[1];
      if (slug) copy(join(realDir, base, "tmp", slug, ".project_root"), join(home, ".gemini", "tmp", slug, ".project_root"));
    }
    if (label.agent === "copilot-cli") copy(join(dirname(src), "workspace.yaml"), join(home, dirname(label.file.slice(label.file.indexOf(`/${mark}/`) + 1)), "workspace.yaml"));
  } else {
    // <agent>/<owner+repo>/<repository-relative path>
    const parts = label.file.split("/");
    const repo = join(root, parts[1]);
    copy(src, join(repo, ...parts.slice(2)));
    repos.add(repo);
  }
}
if (Object.keys(projects).length) writeFileSync(join(home, ".gemini", "projects.json"), JSON.stringify({ projects }));
mkdirSync(root, { recursive: true });
for (const repo of repos) {
  const git = (...a: string[]) => spawnSync("git", ["-C", repo, ...a], { encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "x", GIT_AUTHOR_EMAIL: "x@x", GIT_COMMITTER_NAME: "x", GIT_COMMITTER_EMAIL: "x@x" } });
  git("init", "-q");
  git("add", "-A", "-f");
  git("commit", "-q", "-m", "exports");
}

const db = getDb(join(work, "cairn.db"));
const summary = await indexRoots(db, { roots: [root], home, sessionEnv: {} });
const sessions = listSessions(db, { subagents: true, limit: 10_000 });
const sqlite = (db as unknown as { $client: { prepare: (s: string) => { all: (...a: unknown[]) => unknown[] } } }).$client;

function expected(q: Question): { ids: Set<string>; files: string[] } {
  const ids = new Set<string>();
  const files: string[] = [];
  if (q.expect) for (const s of sessions) if (s.sessionId === q.expect && !s.parentId) ids.add(s.id);
  if (q.expectFile) {
    const parts = q.expectFile.split("/");
    files.push(parts.slice(2).join("/"));
    for (const s of sessions) if (s.path.replace(/\\/g, "/").endsWith(parts.slice(2).join("/"))) ids.add(s.id);
  }
  return { ids, files };
}

function ftsQuery(q: string): string {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w));
  return [...new Set(words)].map((w) => `"${w}"`).join(" OR ");
}
const STOP = new Set("the a an of in on to and or for with is it we did do does when which what how why that this my our should i be from at by".split(" "));

const rows: Array<{ q: string; search: number | null; fts: number | null }> = [];
for (const question of labels.questions) {
  const want = expected(question);
  // Cairn's search: hits in order, each a session (by its id) or a document (by its path)
  const found = searchDocuments(db, question.q, { limit: 20 });
  let searchRank: number | null = null;
  found.hits.slice(0, 20).forEach((hit, i) => {
    if (searchRank !== null) return;
    const json = JSON.stringify(hit);
    if ([...want.ids].some((id) => json.includes(`"${id}"`)) || want.files.some((f) => json.includes(f)) || (question.expect && json.includes(question.expect))) searchRank = i + 1;
  });
  let ftsRank: number | null = null;
  const match = ftsQuery(question.q);
  if (match) {
    const scored = sqlite.prepare(`SELECT rowid AS r, bm25(session_turns_fts) AS score FROM session_turns_fts WHERE session_turns_fts MATCH ? ORDER BY score LIMIT 5000`).all(match) as Array<{ r: number; score: number }>;
    const owner = sqlite.prepare(`SELECT session_id AS id FROM session_turns WHERE rowid = ?`);
    const ranked: Array<{ id: string }> = [];
    for (const row of scored) {
      const id = (owner.all(row.r)[0] as { id: string } | undefined)?.id;
      if (id && !ranked.some((x) => x.id === id)) ranked.push({ id });
      if (ranked.length >= 20) break;
    }
    const at = ranked.findIndex((r) => want.ids.has(r.id));
    ftsRank = at >= 0 ? at + 1 : null;
  }
  rows.push({ q: question.q, search: searchRank, fts: ftsRank });
}
const hit5 = (k: "search" | "fts") => rows.filter((r) => r[k] !== null && r[k]! <= 5).length;
process.stdout.write(
  `${JSON.stringify({ indexed: summary.sessions ?? null, sessions: sessions.length, questions: rows.length, hit5Search: hit5("search"), hit5Fts: hit5("fts"), rows })}\n`,
);
