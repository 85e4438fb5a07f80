/** Status words in every spelling, normalised to the four statuses Cairn knows. */
import type { Status } from "../types";
import { squash, stripInlineMarkdown } from "./text";
import { wordsPattern } from "./words";

export interface NormalisedStatus {
  status: Status | null;
  raw: string;
}

/** Words for finished work, still-going work and blocked work: the vocabulary table's, in every language it has. */
const DONE_WORDS = wordsPattern("done");
const GOING_WORDS = wordsPattern("inProgress");
/** The same words in the languages other than English (English statements are read by their sentence shapes below). */
const DONE_ELSEWHERE = wordsPattern("done", { except: ["English"] });
const GOING_ELSEWHERE = wordsPattern("inProgress", { except: ["English"] });

const RULES: Array<[RegExp, Status]> = [
  [/supersede|obsolete|replaced by|deprecated|archived/i, "superseded"],
  [wordsPattern("blocked"), "blocked"],
  [/\b(not|un)[ -]?(done|complete|finished)|incomplete|未完了|未完成|미완료/i, "in-progress"],
];

/** Normalise a status as written ("DONE", "blocked — waiting on X", "✅ Complete"); mixed values ("Complete, testing pending") have no normal form. */
export function normaliseStatus(written: string | null | undefined): NormalisedStatus | null {
  if (!written) return null;
  const raw = squash(stripInlineMarkdown(written));
  if (!raw) return null;
  for (const [pattern, status] of RULES) {
    if (pattern.test(raw)) return { status, raw };
  }
  // "not started", "not yet begun": nothing going on yet (no normal form); "75% COMPLETE": a progress figure, not done
  if (/\bnot\s+(?:yet\s+)?(?:started|begun)\b/i.test(raw)) return { status: null, raw };
  if (/(?<![\d.])(?:\d{1,2}(?:[.,]\d+)?)\s?%/.test(raw)) return { status: null, raw };
  // "✅ Ready to merge", "Ready for review", "✅ Production-ready": ready for a step that is not the work's own
  // (no normal form), unless a plain done word says more
  const words = raw.replace(/[^\p{L}\p{N}\s-]/gu, " ").trim();
  if (/^(?:[\p{L}]+[- ])?ready\b/iu.test(words) && !wordsPattern("done").test(words)) return { status: null, raw };
  const done = DONE_WORDS.test(raw);
  const going = GOING_WORDS.test(raw);
  if (done && going) return { status: null, raw };
  if (going) return { status: "in-progress", raw };
  if (done) return { status: "completed", raw };
  return { status: null, raw };
}

/**
 * The status a "current task" / "current state" statement gives the saved work ("The initiative is **COMPLETE**.",
 * "開発完了"): only a plain done or in-progress statement counts; blocked, mixed or no status word gives null.
 */
export function statusFromStatement(text: string): NormalisedStatus | null {
  // a closing emoji ("Implementation Complete! ✅") is no part of the sentence's shape
  const raw = squash(stripInlineMarkdown(text)).replace(/[\s\p{Extended_Pictographic}\uFE0F\u200D]+$/u, "");
  if (!raw) return null;
  if (/block|waiting (on|for)|on hold|supersede|partial|pending|\b(not|un)[ -]?(done|complete|finished)|\bnot\s+(?:\w+\s+){1,2}(?:done|complete|completed|finished)\b|incomplete|未完|미완/i.test(raw)) return null;
  // "Project 1 is COMPLETE — do not rework it": a numbered part done is not the work done
  if (/\b(?:project|phase|step|task|part|stage|sprint|wave|milestone|ticket|issue|leg|batch)\s*#?\d+\b[^.;]{0,60}?\b(?:is|are|was|were)\s+(?:\w+\s+)?(?:complete|completed|done|finished)\b/i.test(raw)) return null;
  if (/\b(?:no|nothing)\s+(?:\w+\s+){0,3}(?:is\s+|are\s+)?(?:in[ -]progress|ongoing|running)/i.test(raw)) return null;
  // "Half of the importer is done": a part done is not the work done
  if (/\b(?:half|partly|partially|part of|some of|most of|much of|mostly|almost|nearly)\b|\b\d{1,2}\s?%/i.test(raw)) return null;
  // "上一個 Session 完成了 Phase 1": 完成了 with an object reports a part done, not the work
  const doneText = raw.replace(/完成了\s*\S/g, " ");
  const done = /\b(?:is|are|was|were|now|fully|all|everything)\s+(?:\w+\s+)?(?:complete|completed|done|finished|shipped|delivered)\b|(?:^|[-—:–]\s*)(?:complete|completed|done|finished)\b|\bcomplete[.!]?$/i.test(doneText) || DONE_ELSEWHERE.test(doneText);
  const going = /\b(?:in[ -]progress|ongoing|wip|still (?:working|going|running))\b/i.test(raw) || GOING_ELSEWHERE.test(raw);
  if (done === going) return null;
  return { status: done ? "completed" : "in-progress", raw: raw.length > 120 ? `${raw.slice(0, 117)}…` : raw };
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
