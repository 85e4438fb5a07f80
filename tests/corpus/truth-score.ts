/** Scoring Cairn's reading of a labelled file against its truth label, field by field, with the reason of each miss. */
import { companionsFor, parseDocument, parsersFor } from "../../lib/parse/registry";
import { recordStatus } from "../../lib/parse/heuristics/status";
import type { ParsedDocument } from "../../lib/parse/types";
import { readTruthFile, truthCompanions, type TruthEntry } from "./truth-files";

export const FIELDS = ["found", "title", "date", "status", "branch", "sha", "tasks"] as const;
export type Field = (typeof FIELDS)[number];

export interface Reading {
  checkpoint: boolean;
  title: string | null;
  date: string | null;
  status: "in-progress" | "completed" | null;
  branch: string | null;
  sha: string | null;
  tasks: string | null;
  sources: Record<string, string>;
}

export interface FieldScore {
  field: Field;
  right: boolean;
  got: string | null;
  want: string | null;
  source: string | null;
}

export interface FileScore {
  entry: TruthEntry;
  reading: Reading;
  problems: string[];
  fields: FieldScore[];
}

/** The record's date as the file wrote it (its own time zone), else the UTC day of savedAt. */
function dateOf(doc: ParsedDocument): string | null {
  if (!doc.savedAt || doc.savedAtSource === "mtime" || doc.savedAtSource === "commit") return null;
  const local = doc.meta.savedDate;
  return typeof local === "string" ? local : doc.savedAt.slice(0, 10);
}

function tasksOf(total: number | null, done: number | null): string | null {
  return total === null || total === undefined ? null : `${done ?? 0}/${total}`;
}

export function readingOf(doc: ParsedDocument | null): Reading {
  if (!doc) return { checkpoint: false, title: null, date: null, status: null, branch: null, sha: null, tasks: null, sources: {} };
  const tasks = doc.tasks && doc.tasks.length ? tasksOf(doc.tasks.length, doc.tasks.filter((t) => t.done).length) : null;
  return {
    checkpoint: true,
    title: doc.title,
    date: dateOf(doc),
    status: recordStatus(doc.status),
    branch: doc.branch,
    sha: doc.headSha,
    tasks,
    sources: { ...((doc.meta.fieldSources as Record<string, string> | undefined) ?? {}), ...(doc.fieldSources ?? {}) },
  };
}

/** Titles compare on their words: spacing and inline Markdown marks do not count. */
const plainTitle = (t: string | null) => (t === null ? null : t.replace(/[*`_]/g, "").replace(/\s+/g, " ").trim());
/** A short sha is right when it starts the stated one (or the other way round), at 7 or more characters. */
function sameSha(got: string | null, want: string | null): boolean {
  if (!got || !want) return got === want;
  const a = got.toLowerCase();
  const b = want.toLowerCase();
  return a.length >= 7 && b.length >= 7 && (a.startsWith(b) || b.startsWith(a));
}

export function scoreFile(entry: TruthEntry, all: TruthEntry[]): FileScore {
  const text = readTruthFile(entry);
  const companions = truthCompanions(entry, all, companionsFor(entry.path));
  const result = parseDocument({ path: entry.path, text, companions });
  const reading = readingOf(result.document);
  const t = entry.truth;
  const notCheckpoint = entry.family === "not-a-checkpoint";
  const src = (key: string) => reading.sources[key] ?? null;
  const field = (f: Field, right: boolean, got: string | null, want: string | null, source: string | null): FieldScore => ({
    field: f,
    // a file that is not a checkpoint is read right when Cairn reads no checkpoint in it
    right: right || (notCheckpoint && !reading.checkpoint),
    got,
    want,
    source,
  });
  const fields: FieldScore[] = [
    field("found", reading.checkpoint === !notCheckpoint, reading.checkpoint ? "checkpoint" : "none", notCheckpoint ? "none" : "checkpoint", null),
    field("title", plainTitle(reading.title) === plainTitle(t.title), reading.title, t.title, src("title")),
    field("date", reading.date === t.date, reading.date, t.date, src("savedAt")),
    field("status", reading.status === t.status, reading.status, t.status, src("status")),
    field("branch", reading.branch === t.branch, reading.branch, t.branch, src("branch")),
    field("sha", sameSha(reading.sha, t.sha), reading.sha, t.sha, src("headSha")),
    field("tasks", reading.tasks === tasksOf(t.tasks_total, t.tasks_done), reading.tasks, tasksOf(t.tasks_total, t.tasks_done), src("tasks")),
  ];
  return { entry, reading, problems: result.problems, fields };
}

export interface FieldTotals {
  field: Field;
  right: number;
  total: number;
}

export function totals(scores: FileScore[]): FieldTotals[] {
  return FIELDS.map((field) => {
    const all = scores.map((s) => s.fields.find((f) => f.field === field)!);
    return { field, right: all.filter((f) => f.right).length, total: all.length };
  });
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

/** The per-field table, then per family, then every miss with what was read, what was wanted and from where. */
export function report(scores: FileScore[]): string {
  const lines: string[] = [];
  const sum = totals(scores);
  lines.push("field    right/total  accuracy");
  for (const t of sum) lines.push(`${t.field.padEnd(8)} ${`${t.right}/${t.total}`.padStart(11)}  ${pct(t.right, t.total).padStart(8)}`);
  const core = sum.filter((t) => ["title", "date", "status", "branch", "sha"].includes(t.field));
  const coreRight = core.reduce((n, t) => n + t.right, 0);
  const coreTotal = core.reduce((n, t) => n + t.total, 0);
  lines.push(`title+date+status+branch+sha: ${coreRight}/${coreTotal} (${pct(coreRight, coreTotal)})`);
  lines.push("");
  const families = [...new Set(scores.map((s) => s.entry.family))].sort();
  lines.push(`${"family".padEnd(26)} files  ${FIELDS.map((f) => f.padStart(7)).join(" ")}`);
  for (const family of families) {
    const group = scores.filter((s) => s.entry.family === family);
    const cells = totals(group).map((t) => `${t.right}/${t.total}`.padStart(7));
    lines.push(`${family.padEnd(26)} ${String(group.length).padStart(5)}  ${cells.join(" ")}`);
  }
  const misses = scores.flatMap((s) => s.fields.filter((f) => !f.right).map((f) => ({ s, f })));
  if (misses.length) {
    lines.push("", `misses (${misses.length}):`);
    for (const { s, f } of misses) {
      const reason =
        f.field !== "found"
          ? `got ${JSON.stringify(f.got)} want ${JSON.stringify(f.want)}`
          : s.reading.checkpoint
            ? `read as a checkpoint, but it is not one (title ${JSON.stringify(s.reading.title)})`
            : s.problems.join("; ") ||
              (parsersFor(s.entry.path).length ? `claimed by ${parsersFor(s.entry.path).map((p) => p.format).join(", ")} but declined on its content` : "no parser claims this path");
      lines.push(`  ${f.field.padEnd(6)} ${s.entry.localFile.replace(/^files\//, "")}: ${reason}${f.source ? ` [from ${f.source}]` : ""}`);
    }
  }
  return lines.join("\n");
}
