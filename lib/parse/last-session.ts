/** RESUME briefings: `.claude/last-session.md` (+ sentinel `.claude/.session-state.json`) and LAST_SESSION.md variants. */
import type { ParseInput, ParseResult, Parser, ParsedDocument } from "./types";
import { findDate } from "./heuristics/dates";
import { baseName, lowerPath, squash, stripInlineMarkdown } from "./heuristics/text";
import { EMPTY_FILE, readMarkdownFile } from "./markdown-family";
import { addReference } from "./markdown-document";
import { titleFromWork } from "./heuristics/work-title";

const SENTINEL = ".session-state.json";

/** The sentinel sits in the `.claude/` folder the briefing belongs to. */
function sentinelPath(relPath: string): string {
  const path = relPath.replace(/\\/g, "/");
  const at = path.toLowerCase().lastIndexOf(".claude/");
  if (at >= 0) return `${path.slice(0, at)}.claude/${SENTINEL}`;
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  return `${dir}.claude/${SENTINEL}`;
}

interface Sentinel {
  at: string | null;
  commit: string | null;
  laptop: string | null;
  branch: string | null;
}

function str(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** Read the sentinel JSON defensively (real ones are sometimes not valid JSON). */
export function readSentinel(text: string, problems: string[]): Sentinel | null {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    problems.push("session sentinel .session-state.json is not valid JSON");
    return null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const git = (record.git && typeof record.git === "object" ? record.git : {}) as Record<string, unknown>;
  return {
    at: str(record.last_run_at) ?? str(record.timestamp),
    commit: str(record.last_run_commit) ?? str(git.commit),
    laptop: str(record.last_run_laptop),
    branch: str(git.branch),
  };
}

function applySentinel(doc: ParsedDocument, sentinel: Sentinel): void {
  doc.meta.sentinel = sentinel;
  const sources = (doc.fieldSources ??= {});
  if (sentinel.commit && !doc.headSha) {
    doc.headSha = sentinel.commit;
    sources.headSha = "sentinel:last_run_commit";
  }
  if (sentinel.branch && !doc.branch) {
    doc.branch = sentinel.branch;
    sources.branch = "sentinel:git.branch";
  }
  const found = findDate(sentinel.at);
  if (found && (doc.savedAtSource === null || doc.savedAtSource === "filename")) {
    doc.savedAt = found.iso;
    doc.savedAtSource = "sentinel";
    doc.meta.savedDate = found.day;
    sources.savedAt = "sentinel:last_run_at";
  }
}

/** `- **<path>:** status + next` bullets of "In flight (per project)". */
function inFlight(doc: ParsedDocument): Array<{ path: string; text: string }> {
  const section = doc.sections.find((s) => /in flight/i.test(s.heading));
  if (!section) return [];
  const items: Array<{ path: string; text: string }> = [];
  for (const line of section.text.split("\n")) {
    const m = /^\s*[-*]\s+\*\*([^*]+?):?\*\*:?\s*(.*)$/.exec(line);
    if (m) items.push({ path: m[1].replace(/`/g, "").trim(), text: squash(stripInlineMarkdown(m[2])) });
  }
  return items;
}

export const lastSessionParser: Parser = {
  format: "last-session",
  priority: 75,
  claims(relPath) {
    return /^last[-_ ]session\.md$/.test(baseName(lowerPath(relPath)));
  },
  companions(relPath) {
    return [sentinelPath(relPath)];
  },
  parse(input: ParseInput): ParseResult {
    const read = readMarkdownFile(input, { format: "last-session" });
    if (!read) return EMPTY_FILE;
    const { document: doc, problems } = read;
    const heading = read.titleLine !== null ? read.outline.lines[read.titleLine] : "";
    const laptop = /\(laptop:\s*([^)]+)\)/i.exec(heading)?.[1]?.trim() ?? null;
    const midFlow = /\[checkpoint\]/i.test(heading);
    if (doc.title) doc.title = doc.title.replace(/\s*\(laptop:[^)]*\)/i, "").trim();
    // the RESUME convention (a laptop in the heading, or the session sentinel beside it): `[checkpoint]` marks a
    // mid-flow save, no tag a closed session; other last-session files state their status or have none
    const sentinelText = input.companions?.[sentinelPath(input.path)];
    if (!doc.status && (midFlow || laptop || sentinelText !== undefined)) {
      doc.status = midFlow ? "in-progress" : "completed";
      doc.statusRaw = midFlow ? "[checkpoint]" : doc.statusRaw ?? "closed";
      doc.fieldSources = { ...doc.fieldSources, status: midFlow ? "h1:checkpoint-tag" : "h1:no-checkpoint-tag" };
    }
    doc.meta.laptop = laptop;
    doc.meta.checkpointTag = midFlow;
    const flights = inFlight(doc);
    if (flights.length) doc.meta.inFlight = flights;
    for (const flight of flights) if (/[/.]/.test(flight.path) && !/\s/.test(flight.path)) addReference(doc.references, flight.path, "mentioned");

    // the heading's date is this family's own field ("# Last session — 2026-12-05, 05:24 (UTC)"): stated, not guessed
    if (doc.fieldSources?.savedAt === "h1") doc.fieldSources = { ...doc.fieldSources, savedAt: "key:last-session-heading" };
    if (sentinelText !== undefined) {
      const sentinel = readSentinel(sentinelText, problems);
      if (sentinel) applySentinel(doc, sentinel);
    }
    // a heading that names only the kind and the date: the title is the work ("What we just did", "Working on")
    titleFromWork(doc);
    if (!doc.title) problems.push("no title");
    return { document: doc, problems };
  },
};
