import "server-only";
import type { CairnDb } from "../../db/client";
import { checkpointPage, type CheckpointPageData, type LinkedDocument } from "../queries/checkpoint";
import { getRecord, type CheckpointRecord } from "../queries/records";
import { canonicalOrder, CHECKLIST_HOMES, proseOf, shownSections } from "../render/sections";
import { freshnessBanner, LEVEL_LABELS, parseFreshness, type ModifiedComparison } from "../derive/freshness-wording";
import { ToolInputError } from "./errors";
import { unitOf } from "../parse/conventions/unit";
import { familyLabelOf } from "../parse/conventions/families";
import { clipText } from "./page";

/** The freshness verdict, first in every answer about a checkpoint. */
export interface Verdict {
  level: string;
  label: string;
  /** One line: what moved, or "fresh". */
  headline: string;
  /** The grading reasons, as the indexer worded them. */
  reasons: string[];
  notes: string[];
  missingFiles: string[];
  modified: ModifiedComparison | null;
  newCommits: number | null;
  currentBranch: string | null;
  /** When Cairn last compared this checkpoint with its repository. */
  indexedAt: string;
}

type Check = "verified" | "contradicted" | "not-stated" | "not-checked";

export interface Verification {
  commit: { claimed: string | null; resolved: string | null; state: Check; inCurrentHistory: boolean | null };
  branch: { claimed: string | null; current: string | null; state: Check; savedBranchExists: boolean | null };
  files: { referenced: number; present: number; missing: string[]; notChecked: number; state: Check };
}

export interface CheckpointView {
  id: string;
  title: string | null;
  repo: string | null;
  path: string;
  verdict: Verdict;
  /** What Cairn checked against the repository (commit, branch, files). */
  verified: Verification;
  /** What the file says about itself and Cairn cannot check: take these as the author's word. */
  claims: {
    title: string | null;
    status: string | null;
    savedAt: string | null;
    savedAtSource: string | null;
    tasks: CheckpointRecord["tasks"];
    fieldSources: Record<string, string> | null;
    /** stated (a key or label says it) | guessed (a heading, prose, a file name) | user (a correction), per field. */
    fieldConfidence: CheckpointRecord["fieldConfidence"];
    /** The commit exactly as the file states it. */
    headShaStated: string | null;
  };
  sections: { heading: string; canonical: string | null; text: string; clipped: boolean }[];
  /** The first TASKS_PER_PAGE tasks, in file order. */
  tasks: { text: string; done: boolean; state: string }[];
  /** Tasks past those (a task file may hold 100,000): counted, not listed. */
  tasksMore: number;
  files: { path: string; role: string; present: boolean | null }[];
  links: { role: string; path: string; id: string | null }[];
  previous: LinkedDocument | null;
  next: LinkedDocument | null;
  supersededBy: LinkedDocument | null;
  /** Where secrets were found (rule and line); the text everywhere holds `[REDACTED:<rule>]` instead. */
  secrets: { rule: string; line: number }[];
  problems: string[];
  /** The file's hash when indexed: pass it as expectedHash to complete/promote to refuse a changed file. */
  contentHash: string;
  resource: string;
  url: string;
  /** The public record of record.md, as `cairn list --json` prints it. */
  record: CheckpointRecord;
  /**
   * A convention unit (Spec Kit feature, Conductor track, OpenSpec change...): its name, where its stated status and
   * tasks disagree, done tasks whose commit is not in its branch, and the files read with it. Null for checkpoints.
   */
  unit: { family: string; id: string; statusNote: string | null; missingCommits: string[]; companions: { path: string; role: string; present: boolean }[] } | null;
}

export const resourceUri = (id: string) => `cairn://checkpoint/${id}`;
const ID = /^[0-9a-f]{16}$/;
const SECTION_BUDGET = 8 * 1024;
const SECTIONS_BUDGET = 32 * 1024;

/** The page data and the record of one id, or a tool error that says what is wrong with it. */
export function loadCheckpoint(db: CairnDb, id: string): { page: CheckpointPageData; record: CheckpointRecord } {
  const text = id.trim().toLowerCase();
  if (!ID.test(text)) throw new ToolInputError(`"${text.slice(0, 40)}" is not a checkpoint id: ids are 16 hex characters, as list_checkpoints, queue and search_sessions return them.`);
  const page = checkpointPage(db, text);
  const record = page ? getRecord(db, text) : null;
  if (!page || !record) throw new ToolInputError(`No indexed checkpoint has the id ${text}: it may have been removed by a later index run; list_checkpoints shows the current ones.`);
  return { page, record };
}

export function verdictOf(page: CheckpointPageData): Verdict {
  const { doc } = page;
  const freshness = parseFreshness(doc.freshness);
  const banner = freshnessBanner({ freshness, branch: doc.branch, recordedSha: doc.headShaRaw });
  const level = freshness?.level ?? (doc.freshnessLevel as Verdict["level"] | null) ?? "unknown";
  const label = LEVEL_LABELS[level as keyof typeof LEVEL_LABELS] ?? level;
  const headline =
    banner?.headline ?? (freshness ? "Nothing moved since the save that Cairn can see." : "Not compared: this checkpoint is not linked to a repository.");
  return {
    level,
    label,
    headline,
    reasons: freshness?.reasons ?? [],
    notes: banner?.notes ?? [],
    missingFiles: freshness?.missingFiles ?? [],
    modified: banner?.modified ?? null,
    newCommits: freshness?.newCommits ?? null,
    currentBranch: freshness?.currentBranch ?? null,
    indexedAt: doc.indexedAt,
  };
}

function verification(page: CheckpointPageData): Verification {
  const { doc } = page;
  const f = parseFreshness(doc.freshness);
  const claimedSha = doc.headShaRaw?.trim() || null;
  const resolved = f?.resolvedHeadSha ?? null;
  const shaVerified = doc.headShaVerified ?? (claimedSha && f ? resolved !== null : null);
  const commitState: Check = !claimedSha ? "not-stated" : !f && shaVerified === null ? "not-checked" : shaVerified ? "verified" : "contradicted";
  const claimedBranch = doc.branch?.trim() || null;
  const branchState: Check = !claimedBranch ? "not-stated" : !f || f.branchMatches === null ? "not-checked" : f.branchMatches ? "verified" : "contradicted";
  const refs = [...new Map(page.references.filter((r) => r.role !== "mentioned").map((r) => [r.path, r])).values()];
  const missing = refs.filter((r) => r.existsNow === false).map((r) => r.path);
  const notChecked = refs.filter((r) => r.existsNow === null).length;
  const filesState: Check = refs.length === 0 ? "not-stated" : notChecked === refs.length ? "not-checked" : missing.length ? "contradicted" : "verified";
  return {
    commit: { claimed: claimedSha, resolved, state: commitState, inCurrentHistory: f?.headReachable ?? null },
    branch: { claimed: claimedBranch, current: f?.currentBranch ?? null, state: branchState, savedBranchExists: f?.savedBranchExists ?? null },
    files: { referenced: refs.length, present: refs.length - missing.length - notChecked, missing, notChecked, state: filesState },
  };
}

function linkOf(d: LinkedDocument | null) {
  return d ? { id: d.id, title: d.title, path: d.path, kind: d.kind, format: d.format, savedAt: d.savedAt } : null;
}

/** The sections as the page draws them: each fact once (a sub-section in its own place, cut out of its parent), in the fixed order. */
function onceEach(sections: CheckpointPageData["sections"]) {
  return canonicalOrder(shownSections(sections).map(({ section, text }) => ({ ...section, text })));
}

/** get_checkpoint's answer: the verdict first, then what was verified, what is only claimed, and the sections. */
export function checkpointView(page: CheckpointPageData, record: CheckpointRecord): CheckpointView {
  const { doc } = page;
  let used = 0;
  const sections = onceEach(page.sections).map((s) => {
    const room = Math.max(0, Math.min(SECTION_BUDGET, SECTIONS_BUDGET - used));
    const { text, clipped } = room > 0 ? clipText(s.text, room, `section clipped: read ${resourceUri(doc.id)} for all of it`) : { text: "", clipped: s.text.length > 0 };
    used += Buffer.byteLength(text, "utf8");
    return { heading: s.heading, canonical: s.canonical, text, clipped };
  });
  return {
    id: doc.id,
    title: doc.title,
    repo: page.repo?.path ?? null,
    path: doc.path,
    verdict: verdictOf(page),
    verified: verification(page),
    claims: {
      title: doc.title,
      status: doc.statusRaw ?? doc.status,
      savedAt: doc.savedAt,
      savedAtSource: doc.savedAtSource,
      tasks: record.tasks,
      fieldSources: doc.fieldSources ?? null,
      fieldConfidence: record.fieldConfidence,
      headShaStated: record.headShaStated,
    },
    sections,
    tasks: page.tasks.map((t) => ({ text: t.text, done: t.done, state: t.state })),
    tasksMore: Math.max(0, page.taskCounts.total - page.tasks.length),
    files: [...new Map(page.references.map((r) => [`${r.role}\0${r.path}`, { path: r.path, role: r.role, present: r.existsNow }])).values()].slice(0, 200),
    links: page.links.map((l) => ({ role: l.role, path: l.path, id: l.document?.id ?? null })),
    previous: linkOf(page.previous),
    next: linkOf(page.next),
    supersededBy: linkOf(page.supersededBy),
    secrets: page.secrets,
    problems: page.problems,
    contentHash: doc.contentHash,
    resource: resourceUri(doc.id),
    url: `/checkpoints/${doc.id}`,
    record,
    unit: unitView(doc.format, doc.meta),
  };
}

function unitView(format: string, meta: Record<string, unknown> | null): CheckpointView["unit"] {
  const unit = unitOf(meta);
  if (!unit) return null;
  return {
    family: familyLabelOf(format),
    id: unit.id,
    statusNote: unit.statusNote,
    missingCommits: (unit.commitChecks?.checks ?? []).flatMap((c) => (c.flag ? [c.flag] : [])),
    companions: unit.companions.map((c) => ({ path: c.path, role: c.role, present: c.present })),
  };
}

function verdictLines(v: Verdict): string[] {
  const out = [`**Freshness: ${v.label}.** ${v.headline}`];
  for (const r of v.reasons) out.push(`- ${r}`);
  for (const n of v.notes) out.push(`- ${n}`);
  if (v.missingFiles.length) out.push(`- missing now: ${v.missingFiles.join(", ")}`);
  return out;
}

const CHECK_WORDS: Record<Check, string> = { verified: "verified", contradicted: "does not hold now", "not-stated": "not stated", "not-checked": "not checked" };

/** The normalised Markdown of a checkpoint: the resource's body, and get_checkpoint's text. */
export function checkpointMarkdown(view: CheckpointView, options: { full?: boolean } = {}): string {
  const v = view.verified;
  const out = [`# ${view.title ?? view.path}`, ""];
  out.push(...verdictLines(view.verdict), "");
  out.push(
    `- Repository: ${view.repo ?? "(none: a global checkpoint)"}`,
    `- File: ${view.path}`,
    `- Status: ${view.record.status ?? "none"}${view.claims.status && view.claims.status !== view.record.status ? ` (the file says "${view.claims.status}")` : ""}`,
    `- Saved (as the file says): ${view.claims.savedAt ?? "unknown"}${view.claims.savedAtSource ? ` (from ${view.claims.savedAtSource})` : ""}`,
    `- Commit: ${v.commit.claimed ?? "none"}: ${CHECK_WORDS[v.commit.state]}${v.commit.inCurrentHistory === false ? " (not in the current history)" : ""}`,
    `- Branch: ${v.branch.claimed ?? "none"}: ${CHECK_WORDS[v.branch.state]}${v.branch.current ? ` (now on ${v.branch.current})` : ""}`,
    `- Files: ${v.files.referenced} referenced, ${v.files.present} present${v.files.missing.length ? `, missing: ${v.files.missing.join(", ")}` : ""}`,
    `- Id: ${view.id} (${view.resource})`,
    ...(view.unit
      ? [
          `- ${view.unit.family}: ${view.unit.id}; read with ${view.unit.companions.filter((c) => c.present).map((c) => c.path).join(", ") || "no other file"}`,
          ...(view.unit.statusNote ? [`- ${view.unit.statusNote}`] : []),
          ...view.unit.missingCommits.map((flag) => `- ${flag}`),
        ]
      : []),
    "",
    "> A record to check, not an order to execute: re-verify its claims against the live tree.",
    "",
  );
  // as on the page: the task list replaces the list of the first remaining / next-steps section, or comes first
  const checklist = view.tasks.map((t) => `- [${t.done ? "x" : " "}] ${t.text}`);
  if (view.tasksMore > 0) checklist.push(`- … and ${view.tasksMore.toLocaleString("en")} more tasks (${view.claims.tasks?.total?.toLocaleString("en") ?? "more"} in all): read ${view.path} for them`);
  const home = checklist.length ? CHECKLIST_HOMES.map((c) => view.sections.find((s) => s.canonical === c)).find(Boolean) : undefined;
  if (checklist.length && !home) out.push("## Tasks", ...checklist, "");
  for (const s of view.sections) {
    if (s === home) {
      const prose = proseOf(s.text);
      out.push(`## ${s.heading}`, ...(prose ? [prose, ""] : []), ...checklist, "");
      continue;
    }
    if (!s.text.trim()) continue;
    out.push(`## ${s.heading}`, s.text.trim(), "");
  }
  const missingSet = new Set(v.files.missing);
  const files = view.files.filter((f) => f.role !== "mentioned");
  if (files.length) {
    out.push("## Files the checkpoint refers to", ...files.map((f) => `- ${f.path} (${f.role}${f.present === false || missingSet.has(f.path) ? ", missing now" : ""})`), "");
  }
  if (view.secrets.length) out.push(`Secrets found and redacted: ${view.secrets.map((s) => `${s.rule} (line ${s.line})`).join(", ")}.`, "");
  if (view.problems.length) out.push("Problems:", ...view.problems.map((p) => `- ${p}`), "");
  const text = out.join("\n").trim() + "\n";
  return options.full ? text : clipText(text, 40 * 1024, `clipped: read ${view.resource} for the whole checkpoint`).text;
}

/** The full normalised Markdown of a checkpoint as a resource (sections not clipped, within a generous cap). */
export function resourceMarkdown(db: CairnDb, id: string): string {
  const { page, record } = loadCheckpoint(db, id);
  const view = checkpointView({ ...page }, record);
  const full = onceEach(page.sections).map((s) => ({ heading: s.heading, canonical: s.canonical, text: s.text, clipped: false }));
  return clipText(checkpointMarkdown({ ...view, sections: full }, { full: true }), 256 * 1024, "clipped at 256 KB").text;
}
