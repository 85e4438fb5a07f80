/** Shared reading of a Markdown checkpoint body through the heuristics: every Markdown family starts here. */
import { emptyDocument } from "./types";
import type { CanonicalSection, Format, Kind, ParsedDocument, ParsedReference, ReferenceRole } from "./types";
import { canonicalHeading } from "./heuristics/headings";
import { extractKeyValues, findValue, KEYS, type KeyValue } from "./heuristics/keyvalue";
import { headingIndexAt, outline, sectionsOf, titleHeading, type Outline } from "./heuristics/markdown";
import { gitStatusPath, pathsInLine } from "./heuristics/paths";
import { normaliseStatus, supersededNotice } from "./heuristics/status";
import { extractTasks } from "./heuristics/tasks";
import { parseDateText, resolveDate, type FoundDate } from "./heuristics/dates";
import { fileStem, squash, stripInlineMarkdown } from "./heuristics/text";

export interface MarkdownReadOptions {
  format: Format;
  kind?: Kind;
  path: string;
  /** Body text, already normalised, frontmatter removed. */
  body: string;
  /** Dates known before the body (frontmatter): tried first. */
  priorDates?: Array<string | null | undefined>;
  /** Does the family keep a task list? (false => tasks null) */
  hasTasks?: boolean;
}

export interface MarkdownRead {
  document: ParsedDocument;
  outline: Outline;
  pairs: KeyValue[];
  titleLine: number | null;
}

const ROLE_BY_SECTION: Partial<Record<CanonicalSection, ReferenceRole>> = {
  "key-files": "key",
  "modified-files": "modified",
  research: "research",
};
const ROLE_RANK: Record<ReferenceRole, number> = { key: 4, modified: 3, plan: 2, research: 2, mentioned: 1 };
const STEP_SECTIONS = new Set<CanonicalSection>(["remaining", "next-steps"]);
/** Titles that name the kind of file rather than the work ("# Checkpoint", "# Last Session"). */
const GENERIC_TITLE = /^(?:(?:session|task|project|resume|latest|last|final)\s+)*(?:checkpoint|handoff|session|session notes|session state|session summary|summary|notes|state|resume|last session(?: summary| tldr| log)?|handoff\.md)(?:\s+checkpoint)?$/i;
/** Headings whose first line states the work well enough to serve as a title. */
const GOAL_HEADING = /goal|objective|task|working on|worked on|purpose|mission|request|focus|what we'?re|ziel|aufgabe|objectif|objetivo|obiettivo|목표|작업|מטרה|cel\b|目标|目的|課題/i;
const TITLE_PREFIX = /^(?:session |task |resume |final )?(?:checkpoint|handoff|session[ -]state|체크포인트|핸드오프|übergabe|passagem|traspaso|passaggio)\s*[:：]\s+/i;

/** Heading text as a title: plain words, without a leading "Checkpoint:" label. */
export function cleanTitle(text: string | null | undefined): string | null {
  if (!text) return null;
  const plain = squash(stripInlineMarkdown(text)).replace(/\s*\[checkpoint\]\s*$/i, "");
  const stripped = plain.replace(TITLE_PREFIX, "");
  return (stripped || plain).slice(0, 300) || null;
}

/** Merge a reference into the list, keeping the strongest role per path. */
export function addReference(refs: ParsedReference[], path: string, role: ReferenceRole): void {
  const existing = refs.find((r) => r.path === path);
  if (!existing) refs.push({ path, role });
  else if (ROLE_RANK[role] > ROLE_RANK[existing.role]) existing.role = role;
}

/** A slug in the file name, as a last-resort title ("2026-04-12-1430-fix-auth.md" -> "fix auth"). */
export function titleFromFileName(path: string): string | null {
  const words = fileStem(path)
    .replace(/^\d{8}[-_T]?\d{0,6}|\d{4}-\d{2}-\d{2}(?:[T_-]\d{2}-?\d{2}(?:-?\d{2})?(?:-\d{3}Z?)?)?/g, " ")
    .replace(/[-_:]+/g, " ")
    .trim();
  if (!/\p{L}{3,}/u.test(words)) return null;
  if (/^(?:latest|current|handoff|checkpoint|last session|session state|prompt|next session|readme|index|notes|state|resume)$/i.test(words)) return null;
  return words;
}

function firstLine(text: string): string | null {
  const line = text
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, "").replace(/^\s*\*\*[^*]{1,30}?:\*\*:?\s*|^\s*\*\*[^*]{1,30}?\*\*:\s*/, ""))
    .map((l) => squash(stripInlineMarkdown(l)))
    .find((l) => l.length > 0 && !/^<!--/.test(l));
  return line ? (line.length > 120 ? `${line.slice(0, 117)}…` : line) : null;
}

function firstToken(value: string | undefined): string | null {
  const token = value?.trim().split(/[\s,;]+/)[0]?.replace(/[.,;:)]+$/, "");
  return token && token !== "-" && !/^(?:none|n\/a|unknown|null|tbd)$/i.test(token) ? token : null;
}

/** A branch value: the first code span when the value is prose ("already created: `feat/x`"), else its first word. */
function branchFrom(pair: KeyValue | null): string | null {
  if (!pair) return null;
  const code = /`([^`\s]+)`/.exec(pair.rawValue)?.[1];
  if (code && pair.value.split(/\s+/).length > 2) return firstToken(code);
  return firstToken(pair.value);
}

function shaFrom(text: string | undefined): string | null {
  const m = text ? /\b([0-9a-f]{7,40})\b/i.exec(text) : null;
  return m && /\d/.test(m[1]) ? m[1] : null;
}

/** Read a Markdown body into a document with the shared heuristics. */
export function readMarkdown(options: MarkdownReadOptions): MarkdownRead {
  const doc = emptyDocument(options.format, options.kind ?? "checkpoint");
  const o = outline(options.body);
  const title = titleHeading(o);
  const titleLine = title?.line ?? null;
  doc.sections = sectionsOf(o, titleLine);
  const pairs = extractKeyValues(o.lines, o.inCode);

  const firstSectionLine = o.headings.find((h) => h.line !== titleLine)?.line ?? o.lines.length;
  const header = o.lines.slice(0, Math.min(firstSectionLine, 25)).filter((_, i) => !o.inCode[i]).join("\n");
  const headerPairs = pairs.filter((p) => p.line < 60);
  const dateKeys = headerPairs.filter((p) => KEYS.date.test(p.key) && p.value).map((p) => p.value);
  const date = resolveDate([...(options.priorDates ?? []), ...dateKeys, title?.text, header], options.path) ?? latestHeadingDate(o);
  if (date) {
    doc.savedAt = date.iso;
    doc.savedAtSource = date.source;
  }

  const goalSection = doc.sections.slice(0, 4).find((s) => s.canonical === "working-on" && GOAL_HEADING.test(s.heading) && s.text.trim());
  const headingTitle = cleanTitle(title?.text);
  const goalLine = goalSection ? firstLine(goalSection.text) : null;
  const keyTitle = cleanTitle(findValue(pairs.filter((p) => p.line < firstSectionLine), KEYS.title)?.value);
  const specific = headingTitle && !GENERIC_TITLE.test(headingTitle) ? headingTitle : null;
  doc.title = specific ?? keyTitle ?? goalLine ?? headingTitle ?? titleFromFileName(options.path);

  const branch = findValue(headerPairs, KEYS.branch) ?? findValue(pairs, KEYS.branch);
  doc.branch = branchFrom(branch) ?? proseBranch(o);
  doc.headSha = shaFrom(findValue(headerPairs, KEYS.head)?.value) ?? proseSha(o);
  doc.project = findValue(headerPairs, KEYS.project)?.value || null;

  const statusPair = findValue(headerPairs, KEYS.status);
  const status = normaliseStatus(statusPair?.value);
  if (status) {
    doc.status = status.status;
    doc.statusRaw = status.raw;
  }
  const superseded = supersededNotice(options.body);
  if (superseded) {
    doc.status = "superseded";
    doc.statusRaw = superseded;
  }

  const canonicalAt = (line: number): CanonicalSection | null => {
    for (let h = headingIndexAt(o, line); h >= 0; h--) {
      const canonical = canonicalHeading(o.headings[h].text);
      if (canonical) return canonical;
      if (o.headings[h].level <= 2) return null;
    }
    return null;
  };
  doc.tasks = options.hasTasks === false ? null : extractTasks(o.lines, {
    inCode: o.inCode,
    inStepSection: (line) => STEP_SECTIONS.has(canonicalAt(line) as CanonicalSection),
  });

  o.lines.forEach((line, index) => {
    if (o.inCode[index] || o.headings.some((h) => h.line === index && !h.pseudo)) return;
    const canonical = canonicalAt(index);
    const role = (canonical && ROLE_BY_SECTION[canonical]) ?? "mentioned";
    const status = canonical === "modified-files" ? gitStatusPath(line) : null;
    if (status) addReference(doc.references, status, role);
    for (const path of pathsInLine(line)) addReference(doc.references, path, role);
  });
  return { document: doc, outline: o, pairs, titleLine };
}

/** Journals ("newest first" or appended): the latest date written in a heading. */
function latestHeadingDate(o: Outline): FoundDate | null {
  let latest: string | null = null;
  for (const h of o.headings) {
    if (h.pseudo) continue;
    // Entry headings start with their date ("## 2026-04-01 — CI", "## Сессия от 24.06.2025"); paths do not count.
    const lead = stripInlineMarkdown(h.text).slice(0, 32);
    if (/[/\w]-?\d{4}-\d{2}-\d{2}|\d{4}-\d{2}-\d{2}[-\w]*\//.test(lead)) continue;
    const iso = parseDateText(lead);
    if (iso && (!latest || iso > latest)) latest = iso;
  }
  return latest ? { iso: latest, source: "content" } : null;
}

function proseBranch(o: Outline): string | null {
  for (let i = 0; i < Math.min(o.lines.length, 60); i++) {
    if (o.inCode[i]) continue;
    const m = /\b(?:branch|zweig|브랜치|ענף)\b[^`\n]{0,12}`([^`\s]+)`/i.exec(o.lines[i]) ?? /`([^`\s]+)`\s*=\s*\**`?[0-9a-f]{7,40}\b/.exec(o.lines[i]);
    if (m) return m[1];
  }
  return null;
}

function proseSha(o: Outline): string | null {
  for (let i = 0; i < Math.min(o.lines.length, 60); i++) {
    if (o.inCode[i]) continue;
    const m = /\bHEAD\b[^0-9a-f\n]{0,12}([0-9a-f]{7,40})\b/.exec(o.lines[i]) ?? /`[^`\s]+`\s*=\s*\**`?([0-9a-f]{7,40})\b/.exec(o.lines[i]);
    if (m && /\d/.test(m[1])) return m[1];
  }
  return null;
}
