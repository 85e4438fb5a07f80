import "server-only";
import { eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, referencedFiles } from "../../db/schema";
import { diffSinceSave, isAgentFile, type DiffSinceSave } from "../derive/freshness";
import { agentOnlyCommitsOf } from "../derive/freshness-diff";
import { agentOnlyCommits } from "../derive/freshness-bookkeeping";
import type { RefTip } from "../git/repo-facts";
import { isFullSha, tryGit } from "../git/runner";
import { branchName, isRebasedAway, parseFreshness, type FreshnessView } from "../derive/freshness-wording";
import { errorMessage, pageFactsAt } from "./repository-at";
import { documentWithRepository } from "./shared";

export interface DiffCheckpoint {
  id: string;
  title: string | null;
  path: string;
  format: string;
  branch: string | null;
  /** Resolved full sha (null when the file recorded none, or it does not resolve). */
  headSha: string | null;
  /** As the file wrote it. */
  headShaRaw: string | null;
  savedAt: string | null;
  /** The save time may be used to count commits (not a guess from the file's mtime). */
  savedAtUsable: boolean;
  freshness: FreshnessView | null;
}

export interface DiffRepository {
  id: number;
  name: string;
  path: string;
  isBare: boolean;
}

export type DiffBasis = "sha" | "time";
export type DiffAgainst = "head" | "branch";

/** The saved branch as a second thing to diff against, when the repository is on another branch. */
export interface BranchTarget {
  name: string;
  state: "available" | "gone";
  tipSha: string | null;
}

export type DiffOutcome =
  | { kind: "no-repository" }
  | { kind: "repository-gone" }
  | { kind: "not-a-repository" }
  | { kind: "no-commits" }
  | { kind: "nothing-to-diff"; reason: string }
  | { kind: "error"; message: string }
  | { kind: "diff"; diff: DiffSinceSave; toLabel: string };

export interface DiffPageData {
  checkpoint: DiffCheckpoint;
  repo: DiffRepository | null;
  against: DiffAgainst;
  basis: DiffBasis | null;
  /** Which bases this checkpoint allows (for the "instead" links). */
  bases: { sha: boolean; time: boolean };
  currentBranch: string | null;
  branchTarget: BranchTarget | null;
  rebasedAway: boolean;
  /** Plain-words explanations of what is shown and why. */
  notices: string[];
  /** Changed files that are the agent's own (.claude/**, CLAUDE.md, PROMPT.md, indexed documents): counted apart. */
  agentFiles: string[];
  /** Per commit sha: which of the checkpoint's own code files it touched (the commits drift counts as touching them). */
  touching: Record<string, string[]>;
  outcome: DiffOutcome;
}

const DETACHED = /^(?:HEAD|detached|\(.*\))$/i;

function findTip(refs: readonly RefTip[], branch: string): RefTip | null {
  return (
    refs.find((r) => r.kind === "branch" && r.shortName === branch) ??
    refs.find((r) => r.kind === "remote" && r.shortName.slice(r.shortName.indexOf("/") + 1) === branch) ??
    null
  );
}

/** The last first-parent commit of `tip` made at or before the save time (the time basis). */
async function commitBeforeTime(repoPath: string, tip: string, savedAt: string): Promise<string | null> {
  const seconds = Math.floor(Date.parse(savedAt) / 1000);
  if (!Number.isFinite(seconds) || !isFullSha(tip)) return null;
  const out = await tryGit(repoPath, ["rev-list", "--first-parent", "--max-count=1", `--before=@${seconds}`, tip, "--"]);
  const sha = out?.trim() ?? "";
  return isFullSha(sha) ? sha : null;
}


/**
 * The agent's own files and commits, as freshness counts them: commits touching only such files are
 * bookkeeping whatever their subject, and the files are named apart (one git process).
 */
async function markAgentWork(db: CairnDb, repositoryId: number, repoPath: string, diff: DiffSinceSave, data: DiffPageData): Promise<void> {
  const documentPaths = new Set(db.select({ path: documents.path }).from(documents).where(eq(documents.repositoryId, repositoryId)).all().map((row) => row.path));
  const agentOnly = agentOnlyCommitsOf(diff, documentPaths) ?? (await agentOnlyCommits(repoPath, diff.commits.filter((c) => !c.bookkeeping), documentPaths));
  for (const commit of diff.commits) if (agentOnly.has(commit.sha)) commit.bookkeeping = true;
  data.agentFiles = diff.stat.files.map((file) => file.path).filter((file) => isAgentFile(file, documentPaths));
  // the checkpoint's own code files, and the commits that touched them (as "N commits touched M of its files" counts)
  const own = new Set(
    db.select({ path: referencedFiles.path }).from(referencedFiles).where(eq(referencedFiles.documentId, data.checkpoint.id)).all()
      .map((row) => row.path)
      .filter((path) => !isAgentFile(path, documentPaths)),
  );
  if (own.size > 0 && diff.commitFiles) {
    for (const commit of diff.commits) {
      const touched = (diff.commitFiles[commit.sha] ?? []).filter((path) => own.has(path));
      if (touched.length > 0 && !commit.bookkeeping) data.touching[commit.sha] = touched;
    }
  }
  if (data.agentFiles.length > 0) {
    const code = diff.stat.filesChanged - data.agentFiles.length;
    data.notices.push(
      `${code} code ${code === 1 ? "file" : "files"} changed; ${data.agentFiles.length} more ${data.agentFiles.length === 1 ? "is" : "are"} the agent's own (.claude/, checkpoints, notes, CLAUDE.md, PROMPT.md), counted apart and marked below.`,
    );
  }
}

/**
 * What changed since a checkpoint was saved, computed on request (the diff page is an explicit
 * view of the change; every git call is capped and time-limited by the runner).
 */
export async function loadDiffPage(db: CairnDb, id: string, params: { against?: string; basis?: string }): Promise<DiffPageData | null> {
  const row = documentWithRepository(db, id);
  if (!row) return null;
  const { doc, repo } = row;
  const freshness = parseFreshness(doc.freshness);
  const savedAtUsable = !!doc.savedAt && doc.savedAtSource !== "mtime" && Number.isFinite(Date.parse(doc.savedAt));
  const data: DiffPageData = {
    checkpoint: {
      id: doc.id, title: doc.title, path: doc.path, format: doc.format, branch: doc.branch,
      headSha: doc.headSha, headShaRaw: doc.headShaRaw, savedAt: doc.savedAt, savedAtUsable, freshness,
    },
    repo: repo ? { id: repo.id, name: repo.name, path: repo.path, isBare: repo.isBare } : null,
    against: "head",
    basis: null,
    bases: { sha: !!doc.headSha, time: savedAtUsable },
    currentBranch: repo?.currentBranch ?? null,
    branchTarget: null,
    rebasedAway: freshness ? isRebasedAway(freshness) : false,
    notices: [],
    agentFiles: [],
    touching: {},
    outcome: { kind: "no-repository" },
  };
  if (!repo) return data;
  const found = await pageFactsAt(repo.path);
  if (found === "gone") return { ...data, outcome: { kind: "repository-gone" } };
  if (found === "not-a-repository") return { ...data, outcome: { kind: "not-a-repository" } };
  const { head, refs } = found;
  data.currentBranch = head.currentBranch;
  if (!head.headSha) return { ...data, outcome: { kind: "no-commits" } };

  const saved = branchName(doc.branch);
  if (saved && !DETACHED.test(saved) && saved !== head.currentBranch) {
    const tip = findTip(refs, saved);
    data.branchTarget = { name: saved, state: tip ? "available" : "gone", tipSha: tip?.sha ?? null };
  }
  const onBranch = params.against === "branch" && data.branchTarget?.state === "available";
  data.against = onBranch ? "branch" : "head";
  const toSha = onBranch && data.branchTarget?.tipSha ? data.branchTarget.tipSha : head.headSha;
  const toLabel = onBranch ? `the tip of ${saved}` : `HEAD${head.currentBranch ? ` (${head.currentBranch})` : " (detached)"}`;

  const wanted = params.basis === "time" || params.basis === "sha" ? params.basis : null;
  let basis: DiffBasis | null = wanted && data.bases[wanted] ? wanted : data.bases.sha ? "sha" : data.bases.time ? "time" : null;
  if (found.isBare || repo.isBare) data.notices.push("Bare repository: there is no work tree, so only committed changes are shown.");

  try {
    let diff: DiffSinceSave | null = null;
    // the commit that added or last changed the checkpoint's file is where drift counts from (issue 39): the banner's numbers
    const own = !onBranch && !params.basis && freshness?.ownCommitSha && isFullSha(freshness.ownCommitSha) ? freshness.ownCommitSha : null;
    if (own) {
      diff = await diffSinceSave(repo.path, own, toSha);
      if (diff) data.notices.push(`Compared from ${own.slice(0, 7)}, the commit that added or last changed this checkpoint's file: its own commit is not drift.`);
    }
    if (!diff && basis === "sha" && doc.headSha) {
      diff = await diffSinceSave(repo.path, doc.headSha, toSha);
      if (diff && data.rebasedAway) {
        data.notices.push(
          `The saved commit ${doc.headSha.slice(0, 7)} is no longer in the current history (rebased or reset away). The files below compare its tree with ${toLabel}; the commits are those it lacks.`,
        );
      }
      if (!diff) {
        data.notices.push(`The saved commit ${doc.headSha.slice(0, 7)} can no longer be read from this repository.`);
        basis = data.bases.time ? "time" : null;
      }
    }
    if (!diff && basis === "time" && doc.savedAt) {
      const recorded = doc.headShaRaw?.trim();
      data.notices.push(
        recorded && !doc.headSha
          ? `The commit this checkpoint recorded (${recorded.slice(0, 12)}) is not in this repository; showing commits since its save time instead.`
          : recorded
            ? "Showing commits since the save time instead of since the saved commit."
            : "This checkpoint recorded no commit; showing commits since its save time.",
      );
      const base = await commitBeforeTime(repo.path, toSha, doc.savedAt);
      data.notices.push(
        base
          ? `Compared from ${base.slice(0, 7)}, the last commit made before the save.`
          : "No commit on this line of history is older than the save time: every commit came after it, compared with an empty repository.",
      );
      diff = await diffSinceSave(repo.path, base, toSha);
    }
    data.basis = basis;
    if (!diff) {
      const reason = basis === null
        ? "This checkpoint recorded neither a commit nor a usable save time: there is nothing to compare it with."
        : "The commits to compare could not be found in this repository.";
      return { ...data, outcome: { kind: "nothing-to-diff", reason } };
    }
    await markAgentWork(db, repo.id, repo.path, diff, data);
    if (!onBranch && !found.isBare && (freshness?.dirtyNow ?? 0) > 0) {
      data.notices.push(`Uncommitted changes (${freshness?.dirtyNow} entries in git status at the last index) are not part of this diff.`);
    }
    return { ...data, outcome: { kind: "diff", diff, toLabel } };
  } catch (error) {
    data.basis = basis;
    return { ...data, outcome: { kind: "error", message: errorMessage(error) } };
  }
}

export { loadComparePage, type CommitsBetween, type ComparePageData, type CompareOption, type CompareSide } from "./compare";
