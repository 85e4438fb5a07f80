/**
 * Reviews of a checkpoint: `.claude/reviews/<checkpoint-stem>.md`. Kind review, no status.
 * Each review is a dated section followed by its Markdown comment:
 *
 *   ## 2026-11-30 14:05 UTC — Ana Silva — approved
 *   Looks good; the migration note answers my question.
 */
import { emptyDocument } from "./types";
import type { ParseInput, ParseResult, Parser } from "./types";
import { parseDateText } from "./heuristics/dates";
import { fileStem, lowerPath, normaliseText, splitSpaced, squash } from "./heuristics/text";
import { outline, sectionEnd } from "./heuristics/markdown";
import { cleanTitle } from "./markdown-document";

export { REVIEW_VERDICTS, type ReviewVerdict } from "./review-verdicts";
import type { ReviewVerdict } from "./review-verdicts";

export interface ReviewEntry {
  at: string | null;
  /** The date as written in the heading. */
  atRaw: string;
  reviewer: string;
  verdict: ReviewVerdict | null;
  verdictRaw: string;
  comment: string;
}

function normaliseVerdict(raw: string): ReviewVerdict | null {
  const v = raw.toLowerCase().trim();
  if (/^(?:approved?|lgtm|accept(?:ed)?|ok|👍|✅)$/.test(v)) return "approved";
  if (/^(?:changes(?: requested)?|request(?:ed)? changes|needs? (?:changes|work)|rejected?|❌)$/.test(v)) return "changes";
  if (/^(?:comment(?:ed)?|note|question|💬)$/.test(v)) return "comment";
  return null;
}

/** The heading line the writer should produce for a review (round-trips through the parser). */
export function formatReviewHeading(entry: { at: Date; reviewer: string; verdict: ReviewVerdict }): string {
  const iso = entry.at.toISOString();
  return `## ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC — ${squash(entry.reviewer)} — ${entry.verdict}`;
}

export const reviewParser: Parser = {
  format: "review",
  priority: 90,
  claims(relPath) {
    return /(^|\/)\.claude\/reviews\/[^/]+\.md$/.test(lowerPath(relPath));
  },
  parse(input: ParseInput): ParseResult {
    const text = normaliseText(input.text);
    if (!text.trim()) return { document: null, problems: ["file is empty"] };
    const problems: string[] = [];
    const doc = emptyDocument("review", "review");
    const o = outline(text);
    const reviews: ReviewEntry[] = [];
    o.headings.forEach((h, index) => {
      if (h.pseudo) return;
      if (h.level === 1) {
        doc.title = cleanTitle(h.text);
        return;
      }
      if (h.level !== 2) return;
      const parts = splitSpaced(h.text, "—–-").map((s) => s.trim());
      const comment = o.lines.slice(h.line + 1, sectionEnd(o, index)).join("\n").trim();
      if (parts.length < 3) {
        problems.push(`review heading "${h.text}" is not "date — reviewer — verdict"`);
        return;
      }
      const verdictRaw = parts[parts.length - 1];
      const verdict = normaliseVerdict(verdictRaw);
      if (!verdict) problems.push(`unknown review verdict "${verdictRaw}"`);
      const at = parseDateText(parts[0]);
      if (!at) problems.push(`review date "${parts[0]}" is not a date`);
      reviews.push({ at, atRaw: parts[0], reviewer: parts.slice(1, -1).join(" — "), verdict, verdictRaw, comment });
    });
    const stem = fileStem(input.path);
    doc.title = doc.title ?? `Review of ${stem}`;
    doc.meta.reviews = reviews;
    doc.meta.reviewOf = stem;
    const latest = reviews.map((r) => r.at).filter((a): a is string => !!a).sort().pop();
    if (latest) {
      doc.savedAt = latest;
      doc.savedAtSource = "content";
    }
    doc.sections = reviews.map((r) => ({ canonical: null, heading: `${r.atRaw} — ${r.reviewer} — ${r.verdictRaw}`, level: 2, text: r.comment }));
    if (reviews.length === 0) problems.push("no reviews found");
    return { document: doc, problems };
  },
};
