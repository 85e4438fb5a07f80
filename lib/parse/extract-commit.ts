/**
 * The branch and the commit the work stands at: labels (frontmatter first, then the header, then anywhere for an
 * explicit HEAD label), a conventional branch name in the title, a `## Branch` section, `branch @ sha`, a state
 * heading naming its commit, the first of the recent commits, then sentence shapes.
 */
import { canonicalHeading, cleanHeading } from "./heuristics/headings";
import { branchAtSha, branchFromProse, branchFromTitle, branchFromValue, shaFromProse, shaFromValue } from "./heuristics/fields";
import { KEYS, pairSource, type KeyValue } from "./heuristics/keyvalue";
import type { Outline, OutlineHeading } from "./heuristics/markdown";
import { stripInlineMarkdown } from "./heuristics/text";
import { wordsPattern } from "./heuristics/words";
import { describesFile, HEADER_LINES, MAX_PROSE_LINE, realHeadings, sectionFirstLine, type ExtractInput } from "./extract-outline";

const RECENT_COMMITS = /recent commits|latest commits|last commits|últimos commits|ultimos commits|letzte commits|commits? recentes|derniers commits|最近のコミット|最近的提交|최근 커밋|git log/i;
/** A status or state word in a heading (any language of the vocabulary). */
const STATE_WORDS = wordsPattern("statusLabels");

/** The longest a label line is once its whitespace runs are squeezed (a bold label of 40 characters and its marks). */
const LABEL_LINE_MAX = 60;

/**
 * A line that is only a "Recent commits" label (`**Recent commits:**`, `- Recent commits`). Whitespace runs are
 * squeezed first and long lines refused before any pattern runs: the pattern once tried every split of a line of
 * 128-space runs between its adjacent optional whitespace groups (issue 42: 0.85 s for a 3.9 KB line).
 */
export function isRecentCommitsLabel(line: string): boolean {
  if (!/commit|git log|コミット|提交|커밋/i.test(line)) return false;
  const squeezed = line.replace(/\s+/g, " ").trim();
  if (squeezed.length > LABEL_LINE_MAX) return false;
  return /^(?:[-*+] )?(?:\*\*|__)?[^:*]{0,40}(?:\*\*|__)? ?:? ?(?:\*\*|__)?$/.test(squeezed) && RECENT_COMMITS.test(squeezed);
}

/** The first commit hash listed under a "Recent commits" heading or label (fences included: it is git's output). */
function recentCommitsSha(o: Outline): string | null {
  const headingByLine = new Map<number, OutlineHeading>();
  for (const h of o.headings) if (!headingByLine.has(h.line)) headingByLine.set(h.line, h); // the first, as find() gave
  for (let l = 0; l < o.lines.length; l++) {
    const line = o.lines[l];
    const heading = headingByLine.get(l);
    const isLabel = !heading && isRecentCommitsLabel(line);
    if (!(heading && RECENT_COMMITS.test(heading.text)) && !isLabel) continue;
    for (let k = l + 1; k < Math.min(o.lines.length, l + 12); k++) {
      const text = o.lines[k].trim();
      if (!text || /^(?:```|~~~)/.test(text)) continue;
      const m = /^(?:[-*+]\s+|\d+[.)]\s+)?`?([0-9a-f]{7,40})\b/i.exec(text);
      return m && shaFromValue(m[1]) ? m[1] : null;
    }
  }
  return null;
}


/** The branch and HEAD commit the body states; `sources` gets where each came from. */
export function pickBranchAndSha(o: Outline, input: ExtractInput, bodyPairs: KeyValue[], sources: Record<string, string>): { branch: string | null; headSha: string | null } {
  let branch: string | null = null;
  let headSha: string | null = null;
  for (const p of [...input.frontmatter, ...bodyPairs.filter((p) => p.line < HEADER_LINES), ...bodyPairs.filter((p) => p.line >= HEADER_LINES)]) {
    if (!branch && KEYS.branch.test(p.key)) {
      branch = branchFromValue(p.rawValue);
      if (branch) sources.branch = pairSource(p);
    }
    // "HEAD:" / "Last commit:" anywhere near the top; a bare "Commit:" only where it describes the whole file
    const bare = KEYS.commit.test(p.key);
    if (!headSha && RECENT_COMMITS.test(p.key) && p.line < HEADER_LINES) {
      // "**Recent commits:** `4bc062d` gitignore · `728d712` docs": the first listed is where HEAD was
      headSha = shaFromValue(p.rawValue.split(/[·,;|]/)[0]);
      if (headSha) sources.headSha = pairSource(p);
    }
    // an explicit HEAD label counts anywhere ("**HEAD**: `6584896`" under a late "## Branch Status")
    if (!headSha && KEYS.head.test(p.key) && (p.style === "frontmatter" || (!bare && p.style !== "table") || (p.line < HEADER_LINES && describesFile(o, p)))) {
      headSha = shaFromValue(p.value, { labelled: true });
      if (headSha) sources.headSha = pairSource(p);
    }
  }
  if (!branch) {
    const h1 = realHeadings(o).find((h) => h.level === 1);
    branch = h1 ? branchFromTitle(h1.text) : null;
    if (branch) sources.branch = "h1";
  }
  if (!branch) {
    const h = realHeadings(o).find((x) => KEYS.branch.test(cleanHeading(x.text).toLowerCase()));
    const first = h ? sectionFirstLine(o, h) : null;
    branch = first ? branchFromValue(first) : null;
    if (branch) sources.branch = "section:branch";
  }
  for (let l = 0; l < o.lines.length && (!branch || !headSha); l++) {
    if (o.inCode[l] || o.lines[l].length > MAX_PROSE_LINE || !o.lines[l].includes("@")) continue;
    const at = branchAtSha(o.lines[l]);
    if (at && l < HEADER_LINES) {
      if (!branch && at.branch) {
        branch = at.branch;
        sources.branch = "text:branch-at-sha";
      }
      if (!headSha) {
        headSha = at.sha;
        sources.headSha = "text:branch-at-sha";
      }
    }
  }
  if (!headSha) {
    // a state heading that names its commit: "## Stato MVP (commit 67fffb1)", "## Current state @ abc1234"
    for (const h of realHeadings(o)) {
      if (!STATE_WORDS.test(cleanHeading(h.text)) && canonicalHeading(h.text) !== "state") continue;
      const m = /\bcommit\s*[:=]?\s*`?([0-9a-f]{7,40})\b/i.exec(stripInlineMarkdown(h.text));
      if (m && shaFromValue(m[1])) {
        headSha = m[1];
        sources.headSha = "heading:state";
        break;
      }
    }
  }
  if (!headSha) {
    headSha = recentCommitsSha(o);
    if (headSha) sources.headSha = "section:recent-commits";
  }
  for (let l = 0; l < o.lines.length && (!branch || !headSha); l++) {
    if (o.inCode[l] || o.lines[l].length > MAX_PROSE_LINE) continue;
    if (!branch) {
      branch = branchFromProse(o.lines[l]);
      if (branch) sources.branch = "text:prose";
    }
    if (!headSha) {
      headSha = shaFromProse(o.lines[l]);
      if (headSha) sources.headSha = "text:prose";
    }
  }

  return { branch, headSha };
}
