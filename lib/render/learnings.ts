/**
 * PROJECT-NOTES.md as what it is: a list of learnings, each with the checkpoint it was promoted from. Pure: the
 * file's text in, the learnings out (grouped under the heading above them), code blocks skipped.
 */
import { posix } from "node:path";

export interface Learning {
  /** The learning's Markdown, without its list marker and its "([checkpoint](…))" link. */
  text: string;
  /** The checkpoint it came from, as a path from the repository's root (resolved from the notes file's folder). */
  checkpoint: string | null;
  /** The heading it sits under, when the notes have headings below the title. */
  group: string | null;
}

const MAX_LEARNINGS = 2000;
const LINK = /\s*\(\[checkpoint\]\((?:<([^>]+)>|([^)\s]+))\)\)\s*$/;

export function learningsOf(markdown: string, notesPath: string): Learning[] {
  const out: Learning[] = [];
  const folder = posix.dirname(notesPath);
  let group: string | null = null;
  let fence = false;
  for (const line of markdown.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    if (/^\s*(?:`{3,}|~{3,})/.test(line)) fence = !fence;
    if (fence) continue;
    const heading = /^\s*#{2,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      group = heading[1];
      continue;
    }
    const bullet = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)\s*$/.exec(line);
    if (!bullet) continue;
    const link = LINK.exec(bullet[1]);
    const target = link ? posix.normalize(posix.join(folder, (link[1] ?? link[2]).trim())) : null;
    out.push({ text: link ? bullet[1].slice(0, link.index) : bullet[1], checkpoint: target && !target.startsWith("..") ? target : null, group });
    if (out.length >= MAX_LEARNINGS) break;
  }
  return out;
}
