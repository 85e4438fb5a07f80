/**
 * What is embedded of a document (issue 38): a few passages, each short enough for a sentence model to hold
 * whole: the title with its first section; the remaining work and next steps; the decisions; the summary (what
 * was done, the state). Built from the stored, already redacted text.
 */
import { createHash } from "node:crypto";

export interface PassageSource {
  title: string | null;
  body: string;
  decisionsText: string;
  sections: Array<{ canonical: string | null; heading: string; text: string }>;
}

export interface Passage {
  kind: "title" | "next" | "decisions" | "summary";
  text: string;
  hash: string;
}

/** Words per passage at most: the model reads about this much well; longer text only dilutes it. */
export const PASSAGE_WORDS = 80;
const NEXT = new Set(["next-steps", "remaining", "blockers", "working-on", "in-progress", "todo", "open-questions"]);
const SUMMARY = new Set(["summary", "done", "state", "context", "goal", "accomplished", "completed"]);

function words(text: string, max = PASSAGE_WORDS): string {
  const all = text
    .replace(/[#*_`>|[\]{}<>=~-]{2,}/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return all.slice(0, max).join(" ");
}

export function passageHash(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

export function passagesOf(source: PassageSource): Passage[] {
  const out: Array<Omit<Passage, "hash">> = [];
  const title = (source.title ?? "").trim();
  const first = source.sections.find((s) => s.text.trim()) ?? null;
  const head = words(`${title}${title ? ". " : ""}${first ? `${first.heading}: ${first.text}` : source.body}`);
  if (head) out.push({ kind: "title", text: head });
  const next = words(source.sections.filter((s) => s.canonical && NEXT.has(s.canonical)).map((s) => `${s.heading}: ${s.text}`).join(" "));
  if (next) out.push({ kind: "next", text: `${title ? `${title}. ` : ""}${next}` });
  const decisions = words(source.decisionsText);
  if (decisions) out.push({ kind: "decisions", text: `${title ? `${title}. ` : ""}${decisions}` });
  const summarySections = source.sections.filter((s) => s !== first && s.canonical && SUMMARY.has(s.canonical));
  const rest = summarySections.length ? summarySections.map((s) => `${s.heading}: ${s.text}`).join(" ") : source.sections.filter((s) => s !== first).map((s) => `${s.heading}: ${s.text}`).join(" ");
  const summary = words(rest);
  if (summary) out.push({ kind: "summary", text: `${title ? `${title}. ` : ""}${summary}` });
  const seen = new Set<string>();
  return out.filter((p) => !seen.has(p.text) && seen.add(p.text)).map((p) => ({ ...p, hash: passageHash(p.text) }));
}
