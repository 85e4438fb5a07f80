import type { RepoFacts } from "../git/repo-facts";
import { savedShaText, type SaveInput } from "../derive/freshness-save";
import { tryGit } from "../git/runner";
import { unitOf } from "../parse/conventions/unit";
import type { PreparedDocument } from "./prepare";

/** The path whose last commit dates an undated record: a convention unit's folder (any file in it), else the file. */
function datedBy(doc: PreparedDocument): string {
  const folder = unitOf(doc.parsed?.meta)?.folder;
  return folder ? folder : doc.path;
}

/** Commit time (seconds) of the newest commit of each spec; the blocks of `git log -- <specs>` fed one by one. */
class LatestCommits {
  readonly latest = new Map<string, number>();

  constructor(private readonly folders: readonly string[]) {}

  /** One commit: its time and the files it lists (as the path-limited log lists them). */
  add(seconds: number, files: readonly string[]): void {
    for (const file of files.map((f) => f.trim()).filter(Boolean)) {
      if (!this.latest.has(file)) this.latest.set(file, seconds);
      for (const folder of this.folders) if (file.startsWith(`${folder}/`) && !this.latest.has(folder)) this.latest.set(folder, seconds);
    }
  }
}

/** One `git log` over just the specs (the runner makes pathspecs literal). */
async function datesFromLog(repoPath: string, specs: readonly string[], folders: readonly string[]): Promise<Map<string, number> | null> {
  const out = await tryGit(repoPath, ["log", "--format=%x01%ct", "--name-only", "-z", "--no-renames", "--", ...specs], {
    timeoutMs: 30_000,
  });
  if (!out) return null;
  const dates = new LatestCommits(folders);
  for (const block of out.split("\x01").slice(1)) {
    const [time, ...rest] = block.split("\n");
    dates.add(Number(time.replace(/\0/g, "")), rest.join("\n").split("\0"));
  }
  return dates.latest;
}

/**
 * The same answer from the history read with every commit's files (RepoFacts.historyWithFiles: a small
 * repository, one log for this and the freshness step): when HEAD's history has no merge, `git log -- <specs>`
 * lists exactly HEAD's first-parent chain's commits that touch a spec, newest first, with the files that match.
 * Null when that does not hold (a merge, no HEAD, a large repository): the log is asked.
 */
async function datesFromHistory(
  facts: RepoFacts,
  prepared: readonly PreparedDocument[],
  specs: readonly string[],
  folders: readonly string[],
): Promise<Map<string, number> | null> {
  const head = (await facts.head()).headSha;
  if (!head) return null;
  const refs = await facts.refs();
  // the saved commits too (one no branch reaches any more), so that the freshness step finds every tip it needs here
  const saved = facts.commitsFromFiles(prepared.map((doc) => savedShaText({ headSha: doc.parsed?.headSha ?? null } as SaveInput)).filter((sha): sha is string => sha !== null));
  const graph = await facts.historyWithFiles([head, ...refs.map((ref) => ref.sha), ...saved]);
  if (!graph || graph.truncated) return null;
  const matches = (file: string) => specs.some((spec) => file === spec || (folders.includes(spec) && file.startsWith(`${spec}/`)));
  const dates = new LatestCommits(folders);
  for (let node = graph.get(head); node; node = node.parents[0] ? graph.get(node.parents[0]) : undefined) {
    const files = facts.commitFiles.get(node.sha);
    if (node.parents.length > 1 || !files || (node.parents[0] && !graph.has(node.parents[0]))) return null;
    dates.add(node.committedAt, files.filter(matches));
  }
  return dates.latest;
}

/**
 * For files with no date in their content or name, the last commit that touched them (for a convention unit, the
 * last commit that touched its folder): from the history of a small repository already read with its files
 * (`facts`), else one `git log` over just those paths.
 */
export async function fillCommitDates(repoPath: string, prepared: PreparedDocument[], facts: RepoFacts | null = null): Promise<void> {
  const undated = prepared.filter((d) => d.parsed && !d.parsed.savedAt && d.source === "worktree");
  if (undated.length === 0) return;
  const specs = [...new Set(undated.map(datedBy))];
  const folders = specs.filter((s) => !undated.some((d) => d.path === s));
  const latest = (facts ? await datesFromHistory(facts, prepared, specs, folders) : null) ?? (await datesFromLog(repoPath, specs, folders));
  if (!latest) return;
  for (const doc of undated) {
    const seconds = latest.get(datedBy(doc));
    if (!seconds || !doc.parsed) continue;
    doc.parsed.savedAt = new Date(seconds * 1000).toISOString();
    doc.parsed.savedAtSource = "commit";
  }
}
