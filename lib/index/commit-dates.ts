import { tryGit } from "../git/runner";
import type { PreparedDocument } from "./prepare";

/**
 * For files with no date in their content or name, the last commit that touched them: one `git log`
 * over just those paths (the runner makes pathspecs literal).
 */
export async function fillCommitDates(repoPath: string, prepared: PreparedDocument[]): Promise<void> {
  const undated = prepared.filter((d) => d.parsed && !d.parsed.savedAt && d.source === "worktree");
  if (undated.length === 0) return;
  const out = await tryGit(repoPath, ["log", "--format=%x01%ct", "--name-only", "-z", "--no-renames", "--", ...undated.map((d) => d.path)], {
    timeoutMs: 30_000,
  });
  if (!out) return;
  const latest = new Map<string, number>();
  for (const block of out.split("\x01").slice(1)) {
    const [time, ...rest] = block.split("\n");
    const seconds = Number(time.replace(/\0/g, ""));
    for (const file of rest.join("\n").split("\0").map((f) => f.trim()).filter(Boolean)) {
      if (!latest.has(file)) latest.set(file, seconds);
    }
  }
  for (const doc of undated) {
    const seconds = latest.get(doc.path);
    if (!seconds || !doc.parsed) continue;
    doc.parsed.savedAt = new Date(seconds * 1000).toISOString();
    doc.parsed.savedAtSource = "commit";
  }
}
