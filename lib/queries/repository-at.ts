import "server-only";
/** The repository at exactly a path (never an enclosing one), and git failures in plain words: shared by the diff and compare pages. */
import { realpath, stat } from "node:fs/promises";
import { RepoFacts } from "../git/repo-facts";
import { GitError, MISSING_OBJECTS_MESSAGE } from "../git/runner";

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

const real = (path: string) => realpath(path).catch(() => path);

/**
 * The repository at exactly `path`, or why not. git looks upwards for a repository, so a folder
 * that lost its .git would otherwise be answered by an enclosing repository.
 */
export async function repositoryAt(path: string): Promise<{ facts: RepoFacts; isBare: boolean } | "gone" | "not-a-repository"> {
  if (!(await isDirectory(path))) return "gone";
  const facts = new RepoFacts(path);
  const layout = await facts.layout();
  if (!layout) return "not-a-repository";
  const [here, top, gitDir] = await Promise.all([real(path), layout.topLevel ? real(layout.topLevel) : null, real(layout.gitDir)]);
  const same = layout.topLevel ? top === here : gitDir === here;
  return same ? { facts, isBare: layout.isBare } : "not-a-repository";
}

export function errorMessage(error: unknown): string {
  if (error instanceof GitError) {
    if (error.missingObjects) return MISSING_OBJECTS_MESSAGE;
    if (error.kind === "timeout") return "git took too long to compute this diff.";
    if (error.kind === "output-too-large") return "The change is too large to show.";
    return `git could not compute the diff: ${error.stderrFirstLine || error.kind}`;
  }
  return "The diff could not be computed.";
}
