/**
 * Pointer files: a `LATEST.md` (or any short document) whose content only names another file. It is stored
 * with `alias_of` = the named document's id and shown as an alias of it, not as a checkpoint of its own in
 * lists, the queue and counts.
 */
import { posix } from "node:path";
import type { CairnDb } from "../../db/client";
import { statement } from "./statements";

/** Longer than this, a file says more than where to look. */
const MAX_POINTER_CHARS = 600;
const MAX_OTHER_WORDS = 12;
const FILE_EXT = /\.(?:md|markdown|html?|ya?ml|json|txt)$/i;

/**
 * The one file a pointer's text names, or null when the text says anything more than that: at most a few
 * short lines, one heading, a handful of words around exactly one file name (a Markdown link, a code span or a
 * bare path).
 */
export function pointerTarget(text: string): string | null {
  const body = text.replace(/^\uFEFF/, "").replace(/<!--[\s\S]*?-->/g, "").trim();
  if (!body || body.length > MAX_POINTER_CHARS) return null;
  const lines = body.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length > 5) return null;
  const targets = new Set<string>();
  let rest = body;
  const take = (pattern: RegExp) => {
    rest = rest.replace(pattern, (_match, target: string) => {
      const clean = target.trim().replace(/^<|>$/g, "").replace(/#.*$/, "");
      if (FILE_EXT.test(clean)) targets.add(clean);
      return " ";
    });
  };
  take(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g); // [text](target)
  take(/`([^`\s]+)`/g); // `target`
  take(/(?<![\w/.-])((?:\.{0,2}\/)?[\w.@-]+(?:\/[\w.@-]+)*\.[A-Za-z]{2,8})(?![\w/])/g); // bare path
  if (targets.size !== 1) return null;
  const words = rest
    .replace(/^#+\s+/gm, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length > MAX_OTHER_WORDS) return null;
  return [...targets][0];
}

/** Repository-relative paths a pointer at `fromPath` may mean by `target`, nearest first. */
export function pointerCandidates(fromPath: string, target: string): string[] {
  const clean = target.replace(/^\.\//, "");
  const fromFolder = posix.normalize(posix.join(posix.dirname(fromPath), clean));
  const fromRoot = posix.normalize(clean.replace(/^\/+/, ""));
  return [...new Set([fromFolder, fromRoot])].filter((p) => !p.startsWith("../"));
}

/** Point every pointer file of a repository at its target's document (and forget pointers that no longer are). */
export function markAliases(db: CairnDb, repositoryId: number): void {
  const rows = statement(
    db,
    'SELECT "id", "path", "source", "size", "alias_of" AS aliasOf, CASE WHEN "size" <= ? THEN "original" END AS original FROM "documents" WHERE "repository_id" = ?',
  ).all(MAX_POINTER_CHARS * 4, repositoryId) as { id: string; path: string; source: string; size: number; aliasOf: string | null; original: string | null }[];
  const byPath = new Map<string, string>();
  for (const row of rows) if (row.source === "worktree" || !byPath.has(row.path)) byPath.set(row.path, row.id);
  for (const row of rows) {
    const target = row.original ? pointerTarget(row.original) : null;
    const aliasOf = target ? (pointerCandidates(row.path, target).map((p) => byPath.get(p)).find((id) => id && id !== row.id) ?? null) : null;
    if (aliasOf !== row.aliasOf) statement(db, 'UPDATE "documents" SET "alias_of" = ? WHERE "id" = ?').run(aliasOf, row.id);
  }
}
