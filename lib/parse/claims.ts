/** Path globs shared by several families (kept here so parsers do not import each other). */
import { lowerPath } from "./heuristics/text";

/** Generic checkpoint folders read by the shared heuristics (other-md), also open to frontmatter-md. */
export function claimsOtherMarkdown(path: string): boolean {
  const p = lowerPath(path);
  return /(^|\/)(?:\.claude\/checkpoints|\.claude\/handoffs|\.borg\/checkpoints|docs\/checkpoints)\/(?:.+\/)?[^/]+\.md$/.test(p);
}

/** Folder readmes, indexes and templates describe a checkpoint folder; they are not checkpoints. */
export function isFolderDoc(path: string): boolean {
  return /(^|\/)(?:readme|index|template|templates?[-_][^/]*)\.md$/.test(lowerPath(path));
}
