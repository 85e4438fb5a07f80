import { tryGit } from "../git/runner";
import { unitOf } from "../parse/conventions/unit";
import type { PreparedDocument } from "./prepare";

/** The path whose last commit dates an undated record: a convention unit's folder (any file in it), else the file. */
function datedBy(doc: PreparedDocument): string {
  const folder = unitOf(doc.parsed?.meta)?.folder;
  return folder ? folder : doc.path;
}

/**
 * For files with no date in their content or name, the last commit that touched them (for a convention unit, the
 * last commit that touched its folder): one `git log` over just those paths (the runner makes pathspecs literal).
 */
export async function fillCommitDates(repoPath: string, prepared: PreparedDocument[]): Promise<void> {
  const undated = prepared.filter((d) => d.parsed && !d.parsed.savedAt && d.source === "worktree");
  if (undated.length === 0) return;
  const specs = [...new Set(undated.map(datedBy))];
  const out = await tryGit(repoPath, ["log", "--format=%x01%ct", "--name-only", "-z", "--no-renames", "--", ...specs], {
    timeoutMs: 30_000,
  });
  if (!out) return;
  const latest = new Map<string, number>();
  const folders = specs.filter((s) => !undated.some((d) => d.path === s));
  for (const block of out.split("\x01").slice(1)) {
    const [time, ...rest] = block.split("\n");
    const seconds = Number(time.replace(/\0/g, ""));
    for (const file of rest.join("\n").split("\0").map((f) => f.trim()).filter(Boolean)) {
      if (!latest.has(file)) latest.set(file, seconds);
      for (const folder of folders) if (file.startsWith(`${folder}/`) && !latest.has(folder)) latest.set(folder, seconds);
    }
  }
  for (const doc of undated) {
    const seconds = latest.get(datedBy(doc));
    if (!seconds || !doc.parsed) continue;
    doc.parsed.savedAt = new Date(seconds * 1000).toISOString();
    doc.parsed.savedAtSource = "commit";
  }
}
