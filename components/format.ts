/** Small display helpers shared by pages (no DB, no fs). */
export function formatDate(iso: string | null): string {
  if (!iso) return "unknown date";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace("T", " ");
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "";
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  const abs = Math.abs(seconds);
  const units: [number, string][] = [
    [60, "second"],
    [60, "minute"],
    [24, "hour"],
    [30, "day"],
    [12, "month"],
    [Number.POSITIVE_INFINITY, "year"],
  ];
  let value = abs;
  for (const [size, name] of units) {
    if (value < size) {
      const n = Math.max(1, Math.floor(value));
      const label = `${n} ${name}${n === 1 ? "" : "s"}`;
      return seconds >= 0 ? `${label} ago` : `in ${label}`;
    }
    value /= size;
  }
  return "";
}

/**
 * The families (documents.format), in words a newcomer can decode: a short label, one line of help shown beside
 * it, and whether its files are checkpoints to resume (a freshness grade and a resume prompt make sense). The one
 * place that decides both.
 */
export const FAMILIES: Record<string, { label: string; help: string; resumable: boolean }> = {
  html: { label: "HTML checkpoint", help: "a page saved under .claude/checkpoints/ by the checkpoint skill", resumable: true },
  "frontmatter-md": { label: "Markdown checkpoint", help: "a Markdown file whose frontmatter holds its status and branch", resumable: true },
  "last-session": { label: ".claude/last-session.md briefing", help: "what the last session left for the next one to read first", resumable: true },
  "prompt-md": { label: "PROMPT.md checkpoint", help: "a workspace's PROMPT.md: the state and next steps for the next session", resumable: true },
  "global-md": { label: "~/.claude/checkpoints note", help: "a checkpoint saved in your home folder, outside any repository", resumable: true },
  "session-state": { label: "Session-state file", help: "a session's saved state: .claude/session-state/…, SESSION_STATE.md", resumable: true },
  handoff: { label: "Handoff", help: "notes for whoever picks the work up: .claude/handoffs/…, HANDOFF.md", resumable: true },
  "claude-md-sessions": { label: "CLAUDE.md session log", help: "the newest entry of a “Recent sessions” list in CLAUDE.md or STATUS.md", resumable: true },
  "project-notes": { label: "PROJECT-NOTES.md", help: "the project's lasting learnings, promoted from checkpoints: not a checkpoint", resumable: false },
  review: { label: "Review file", help: "reviews of a checkpoint, kept under .claude/reviews/", resumable: false },
  "other-md": { label: "Other Markdown note", help: "a Markdown file read as a checkpoint for its name or its place", resumable: true },
  data: { label: "YAML/JSON state file", help: "a session's state written as data (status, branch, tasks)", resumable: true },
};

/** Readable names of the families (documents.format). */
export const FAMILY_LABELS: Record<string, string> = Object.fromEntries(Object.entries(FAMILIES).map(([format, f]) => [format, f.label]));

export function familyLabel(format: string): string {
  return FAMILY_LABELS[format] ?? format;
}

export function familyHelp(format: string): string | null {
  return FAMILIES[format]?.help ?? null;
}

/**
 * Is this document a checkpoint or handoff to resume? Then its page shows the freshness banner and the Resume
 * panel. Research, plans, journals (PROJECT-NOTES.md) and reviews are read, not resumed.
 */
export function isResumable(doc: { format: string; kind: string }): boolean {
  return doc.kind === "checkpoint" && (FAMILIES[doc.format]?.resumable ?? true);
}

export const KIND_LABELS: Record<string, string> = {
  checkpoint: "Checkpoint",
  research: "Research",
  plan: "Plan",
  journal: "Journal",
  review: "Review",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "2026-11-02" for a date input. */
export function dayOf(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "";
}
