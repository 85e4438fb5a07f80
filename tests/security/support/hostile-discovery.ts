/**
 * The hostile repositories of issue 29 (parts 1, 3, 4), written into real work trees: a backtracking
 * `.cairnignore` rule with the long name it chokes on, thousands of harmless rules, checkpoint names that are
 * symlinks out of their repository, and many tracked Markdown files.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** 27 bytes: as a backtracking regular expression, minutes on one 40-character name. */
export const BACKTRACKING_RULE = "*a*a*a*a*a*a*a*a*a*a*a*a*b";
/** The name it chokes on: 40 characters, no `b`. */
export const CHOKING_NAME = "a".repeat(40);

/** A marker only the file outside the repository holds: it must never reach the index. */
export const OUTSIDE_MARKER = "quokkasecretmarker";

/** Writes the backtracking rule and the name it chokes on (in a folder and at the root). */
export function writeBacktrackingRule(repo: string): void {
  writeFileSync(join(repo, ".cairnignore"), `${BACKTRACKING_RULE}\n`);
  mkdirSync(join(repo, "docs"), { recursive: true });
  writeFileSync(join(repo, "docs", CHOKING_NAME), "plain\n");
  writeFileSync(join(repo, `${CHOKING_NAME}.md`), "# plain\n");
}

/** `count` harmless rules, none matching anything the repository holds. */
export function harmlessRules(count: number): string {
  return Array.from({ length: count }, (_, i) => `never-${i}/**/*.tmp`).join("\n") + "\n";
}

/**
 * A file outside the repository (a stand-in for `~/.ssh/config` or `~/.netrc`) written as a checkpoint would be,
 * so that a reader following a link to it would index it; and links to it under checkpoint names.
 */
export function linkOutOf(repo: string, outsideFile: string, names: string[] = ["HANDOFF.md", ".claude/checkpoints/x.md"]): void {
  mkdirSync(dirname(outsideFile), { recursive: true });
  writeFileSync(
    outsideFile,
    `# Handoff: ${OUTSIDE_MARKER} host config\n\n- Created: 2026-05-01T10:00:00Z\n- Branch: main\n\n## Next Steps\n1. Host ${OUTSIDE_MARKER} IdentityFile ~/.ssh/id_ed25519\n`,
  );
  for (const name of names) {
    mkdirSync(dirname(join(repo, name)), { recursive: true });
    symlinkSync(outsideFile, join(repo, name));
  }
}

/** `count` tracked-to-be Markdown files that are not checkpoints, 500 a folder (each is sniffed). */
export function writeManyMarkdown(repo: string, count: number, folder = "notes"): void {
  for (let i = 0; i < count; i++) {
    const dir = join(repo, folder, `part-${Math.floor(i / 500)}`);
    if (i % 500 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `note-${i}.md`), `# Note ${i}\n\nNothing to see.\n`);
  }
}
