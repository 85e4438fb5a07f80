/** Status words in every spelling, normalised to the four statuses Cairn knows. */
import type { Status } from "../types";
import { squash, stripInlineMarkdown } from "./text";

export interface NormalisedStatus {
  status: Status | null;
  raw: string;
}

const RULES: Array<[RegExp, Status]> = [
  [/supersede|obsolete|replaced by|deprecated|archived/i, "superseded"],
  [/block|waiting (on|for)|stuck|on hold|⛔|🛑|🚫|parked/i, "blocked"],
  [/\b(not|un)[ -]?(done|complete|finished)|incomplete|partial/i, "in-progress"],
  [/in[ -_]?progress|\bwip\b|active|ongoing|open|pending|started|draft|running|todo|to do|paused|🚧|⏳|🔄|mid-flow|\bcheckpoint\b|in arbeit|en cours|em andamento|in corso|en progreso|진행/i, "in-progress"],
  [/complete|\bdone\b|finished|closed|shipped|merged|resolved|ready|released|✅|✔|☑|abgeschlossen|erledigt|terminé|concluído|completato|completado|완료|הושלם/i, "completed"],
];

/** Normalise a status as written ("DONE", "blocked — waiting on X", "✅ Complete"). */
export function normaliseStatus(written: string | null | undefined): NormalisedStatus | null {
  if (!written) return null;
  const raw = squash(stripInlineMarkdown(written));
  if (!raw) return null;
  for (const [pattern, status] of RULES) {
    if (pattern.test(raw)) return { status, raw };
  }
  return { status: null, raw };
}

/** A `> **Superseded.**` (or "Superseded by ...") blockquote near the top of a Markdown body. */
export function supersededNotice(markdown: string): string | null {
  const head = markdown.split("\n").slice(0, 40);
  for (const line of head) {
    const m = /^\s*>\s*(.*(?:superseded|obsolete|replaced by|deprecated).*)$/i.exec(line);
    if (m) return squash(stripInlineMarkdown(m[1]));
  }
  return null;
}

/** The record's public status (`in-progress | completed | null`): blocked work is still in progress, superseded work is closed. */
export function recordStatus(status: Status | null | undefined): "in-progress" | "completed" | null {
  if (status === "in-progress" || status === "blocked") return "in-progress";
  if (status === "completed" || status === "superseded") return "completed";
  return null;
}
