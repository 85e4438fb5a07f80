/**
 * `CLAUDE.md` / `AGENTS.md` / `STATUS.md` with a `## Recent sessions` list: the record is the newest entry. A
 * `CLAUDE.md` / `AGENTS.md` that keeps one dated `## Session Context` block (overwritten each session: date, work
 * state, decisions, next steps) instead: the record is that block.
 */
import type { ParseInput, ParseResult, Parser } from "./types";
import { parseDateText } from "./heuristics/dates";
import { flattenFrontmatter, readFrontmatter } from "./heuristics/frontmatter-block";
import { frontmatterPairs } from "./heuristics/keyvalue";
import { outline, sectionEnd, type Outline } from "./heuristics/markdown";
import { normaliseStatus } from "./heuristics/status";
import { baseName, lowerPath, normaliseText, squash, stripInlineMarkdown } from "./heuristics/text";
import { cleanTitle, readMarkdown } from "./markdown-document";

const RECENT = /recent sessions|session log|sessions? history|letzte sitzungen|sessões recentes|sesiones recientes/i;
/** The heading of a one-session record kept at the end of a rules file. */
const SESSION_CONTEXT = /^(?:current |last |latest )?session (?:context|state|snapshot)$/i;
const SESSION_CONTEXT_LINE = /^#{1,6}[ \t]+(?:current |last |latest )?session (?:context|state|snapshot)[ \t]*#*[ \t]*$/im;

interface Entry {
  heading: string;
  date: string | null;
  title: string | null;
  body: string;
}

/** A file whose whole content is one line naming another file: a git symlink checked out as text. */
export function isSymlinkStub(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length < 256 && !trimmed.includes("\n") && /^[\w./-]+\.(?:md|markdown|txt)$/i.test(trimmed);
}

/** Title words of an entry heading once its date, time, zone and tags are gone. */
function entryTitle(text: string): string | null {
  const plain = squash(stripInlineMarkdown(text))
    .replace(/^\[?\d{4}-\d{2}-\d{2}(?:\s*[-–—]\s*\d{1,2}:\d{2}(?::\d{2})?|[/T ,]+[\d:/-]*)?\]?/, "")
    .replace(/^\d{1,2}\/\d{1,2}\/\d{4},?\s*[\d:]*\s*(?:AM|PM)?/i, "")
    .replace(/\((?:[A-Z]{2,5}|UTC[^)]*|checkpoint|session)\)/gi, "")
    .replace(/\(\d+(?:st|nd|rd|th) session\)/i, "")
    .replace(/^[\s\-–—|·:]+|[\s\-–—|·:]+$/g, "");
  const first = plain.split(/\s+[—–]\s+/)[0]?.trim();
  // a heading that was only a date and time leaves nothing worth calling a title
  return first && !/^\d{1,2}:\d{2}(?::\d{2})?$/.test(first) ? cleanTitle(first) : null;
}

function entriesUnder(o: Outline, index: number): Entry[] {
  const parent = o.headings[index];
  const end = sectionEnd(o, index);
  const children = o.headings.map((h, i) => ({ h, i })).filter(({ h }) => !h.pseudo && h.line > parent.line && h.line < end);
  const childLevel = Math.min(...children.map(({ h }) => h.level));
  const entries: Entry[] = [];
  for (const { h, i } of children.filter(({ h }) => h.level === childLevel)) {
    const body = o.lines.slice(h.line + 1, Math.min(sectionEnd(o, i), end)).join("\n");
    const dateLine = body.split("\n").find((l) => l.trim()) ?? "";
    const date = parseDateText(h.text) ?? parseDateText(dateLine.length < 80 ? dateLine : "");
    entries.push({ heading: h.text, date, title: entryTitle(h.text), body });
  }
  if (entries.length) return entries;
  // Same-level dated headings following the list heading (`## 2026-04-12 - 14:30 (CEST) (checkpoint)`).
  for (let i = index + 1; i < o.headings.length; i++) {
    const h = o.headings[i];
    if (h.pseudo) continue;
    const date = parseDateText(h.text);
    if (h.level !== parent.level || !date) break;
    entries.push({ heading: h.text, date, title: entryTitle(h.text), body: o.lines.slice(h.line + 1, sectionEnd(o, i)).join("\n") });
  }
  if (entries.length) return entries;
  // A bullet list: `- **2026-05-30** — `Title` — what happened`, continuation lines indented.
  const lines = o.lines.slice(parent.line + 1, end);
  let current: Entry | null = null;
  for (const line of lines) {
    const item = /^[-*+]\s+(.*)$/.exec(line);
    if (item) {
      const date = parseDateText(item[1].slice(0, 60));
      const code = /`([^`]+)`/.exec(item[1])?.[1];
      current = { heading: item[1], date, title: code ? cleanTitle(code) : entryTitle(item[1]), body: item[1] };
      entries.push(current);
    } else if (current && /^\s+\S/.test(line)) current.body += `\n${line.trim()}`;
  }
  return entries.filter((e) => e.date);
}

/** Labels of a session block that name a field of the record (kept as `Label: value` lines). */
const BLOCK_FIELD = /^(?:date|time|updated|last updated|saved|branch|git branch|commit|head|sha|last commit|status|state|project)$/i;

/**
 * A session block written as labelled list items (`- Date: …`, `- Next steps:` over indented items) as the shared
 * reader reads Markdown: a field (`- Date: …`, `- Branch: …`) stays a `Label: value` line, any other label becomes a
 * heading over its value or its items.
 */
export function sessionBlockMarkdown(lines: string[]): string {
  const out: string[] = [];
  let nested = false;
  for (const line of lines) {
    const item = /^[-*+][ \t]+(?:\*\*)?([^:*\n]{1,40}?)(?:\*\*)?:(?:\*\*)?[ \t]*(.*)$/.exec(line);
    if (item) {
      const [label, value] = [item[1].trim(), item[2].trim()];
      nested = !value;
      // a field (date, branch, commit, status) stays a labelled line; prose under a label is a section of its own
      if (nested) out.push(`### ${label}`);
      else if (BLOCK_FIELD.test(label)) out.push(`${label}: ${value}`);
      else out.push(`### ${label}`, value);
    } else if (nested && /^[ \t]+\S/.test(line)) out.push(line.replace(/^[ \t]{2,4}/, ""));
    else {
      nested = false;
      out.push(line);
    }
  }
  return out.join("\n");
}

/** The last dated `## Session Context` block of a CLAUDE.md / AGENTS.md, read as the record; the file's H1 its title. */
function sessionContext(path: string, o: Outline) {
  if (!/^(?:claude|agents)\.md$/.test(baseName(lowerPath(path)))) return null;
  const index = o.headings.findLastIndex((h) => !h.pseudo && SESSION_CONTEXT.test(squash(stripInlineMarkdown(h.text))));
  if (index < 0) return null;
  const heading = o.headings[index];
  // the block under the file's own H1 (its title), so that the block's first label is not taken for one
  const h1 = o.headings.find((h) => h.level === 1 && !h.pseudo);
  const block = sessionBlockMarkdown(o.lines.slice(heading.line + 1, sectionEnd(o, index)));
  const body = `# ${h1 ? o.lines[h1.line].replace(/^#\s+/, "") : heading.text}\n\n${block}`;
  const { document: doc } = readMarkdown({ format: "claude-md-sessions", path, body });
  if (!doc.savedAt || doc.savedAtSource !== "content") return null; // an undated block is instructions, not a save
  doc.meta.entryHeading = squash(stripInlineMarkdown(heading.text)).slice(0, 200);
  return doc;
}

export const claudeMdParser: Parser = {
  format: "claude-md-sessions",
  priority: 80,
  claims(relPath) {
    return /^(?:claude|agents|status)\.md$/.test(baseName(lowerPath(relPath)));
  },
  accepts(input) {
    if (isSymlinkStub(input.text)) return false;
    if (/^#{1,6}\s+.*(?:recent sessions|session log|sessions? history)/im.test(input.text)) return true;
    // a Session Context block is read only when dated: an undated one is a template of what to write
    if (!/^(?:claude|agents)\.md$/.test(baseName(lowerPath(input.path))) || !SESSION_CONTEXT_LINE.test(input.text)) return false;
    return sessionContext(input.path, outline(readFrontmatter(normaliseText(input.text)).body)) !== null;
  },
  parse(input: ParseInput): ParseResult {
    const text = normaliseText(input.text);
    if (!text.trim()) return { document: null, problems: ["file is empty"] };
    if (isSymlinkStub(text)) return { document: null, problems: [`git symlink stub pointing at ${text.trim()}: not a checkpoint`] };
    const o = outline(readFrontmatter(text).body);
    const listIndex = o.headings.findIndex((h) => !h.pseudo && RECENT.test(h.text));
    if (listIndex < 0) {
      const context = sessionContext(input.path, o);
      return context ? { document: context, problems: [] } : { document: null, problems: ["no Recent sessions list"] };
    }
    const entries = entriesUnder(o, listIndex);
    if (!entries.length) return { document: null, problems: ["the Recent sessions list has no dated entries"] };
    const newest = entries.reduce((best, e) => (e.date && (!best.date || e.date > best.date) ? e : best), entries[0]);
    const entryMeta = entries.map((e) => ({ heading: squash(stripInlineMarkdown(e.heading)).slice(0, 200), date: e.date, title: e.title }));

    if (!/^(?:claude|agents)\.md$/.test(baseName(lowerPath(input.path)))) {
      // A state file (STATUS.md) is the record itself, its sessions a log inside it: read it whole, newest date wins.
      const block = readFrontmatter(text);
      const { document: whole } = readMarkdown({ format: "claude-md-sessions", path: input.path, body: block.body, frontmatter: frontmatterPairs(flattenFrontmatter(block.data)) });
      if (newest.date && (!whole.savedAt || whole.savedAtSource !== "content" || newest.date > whole.savedAt)) {
        whole.savedAt = newest.date;
        whole.savedAtSource = "content";
        whole.meta.savedDate = newest.date.slice(0, 10);
        whole.fieldSources = { ...whole.fieldSources, savedAt: "heading:entry" };
      }
      whole.meta.entries = entryMeta;
      whole.meta.entryHeading = squash(stripInlineMarkdown(newest.heading)).slice(0, 200);
      return { document: whole, problems: block.problems };
    }

    const { document: doc } = readMarkdown({ format: "claude-md-sessions", path: input.path, body: newest.body });
    if (!doc.sections.some((s) => s.canonical)) {
      // A one-paragraph entry ("- **2026-05-30** — `Title` — what happened") is the record of what was done.
      doc.sections.push({ canonical: "done", heading: squash(stripInlineMarkdown(newest.heading)).slice(0, 200), level: 3, text: newest.body.trim() });
    }
    const h1 = o.headings.find((h) => h.level === 1 && !h.pseudo);
    const doneLine = /\*{0,2}Done(?: since last save)?:?\*{0,2}:?\s*(.+)/i.exec(newest.body)?.[1];
    const summary = doneLine ? cleanTitle(squash(stripInlineMarkdown(doneLine)).slice(0, 100)) : null;
    doc.title = newest.title ?? summary ?? cleanTitle(h1?.text) ?? doc.title;
    doc.savedAt = newest.date;
    doc.savedAtSource = newest.date ? "content" : null;
    if (!doc.status) {
      const tagged = /\(checkpoint\)|\[checkpoint\]/i.test(newest.heading);
      const fromWord = normaliseStatus(tagged ? "in progress" : null);
      doc.status = fromWord?.status ?? "completed";
      doc.statusRaw = tagged ? "(checkpoint)" : "closed";
    }
    doc.meta.entries = entryMeta;
    doc.meta.entryHeading = squash(stripInlineMarkdown(newest.heading)).slice(0, 200);
    return { document: doc, problems: [] };
  },
};
