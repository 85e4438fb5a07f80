/**
 * Batched questions about one repository. Each question is ONE git process for the whole
 * repository (never one per checkpoint) and its answer is cached on the RepoFacts instance.
 */
import path from "node:path";
import { CommitGraph, DEFAULT_HISTORY_LIMIT, readHistory, readHistoryWithFiles } from "./history";
import { isFullSha, runGit, tryGit } from "./runner";
import { resolveCommits } from "./objects";
import { ObjectStore } from "./object-store";
import { readRefsFromFiles, type FileRef } from "./fs-refs";
import { resolveFromFiles } from "./fs-resolve";
import { filterNeutralisation, noFilterDriversInFiles, statusRefusedMessage, type ConfigDirs } from "./filter-config";

export interface RepoLayout {
  gitDir: string;
  isBare: boolean;
  /** Absolute top of the work tree; null without one (bare clone, inside .git). */
  topLevel: string | null;
}

export { filterNeutralisation, statusRefusedMessage, MAX_FILTER_DRIVERS, MAX_FILTER_NAME_BYTES, type FilterNeutralisation } from "./filter-config";
export {
  parseDiffTreeBlocks,
  parsePorcelainStatus,
  parseStatusV2,
  type ChangedFile,
  type HeadState,
  type RefTip,
  type StatusEntry,
  type StatusSnapshot,
} from "./git-output";
import { parseDiffTreeBlocks, parseStatusV2, type ChangedFile, type HeadState, type RefTip, type StatusEntry, type StatusSnapshot } from "./git-output";

/** Objects at most (packed and loose, an estimate) for one log to list every commit's files (historyWithFiles). */
export const MAX_OBJECTS_FOR_FILES_LOG = 20_000;

function refTip(refName: string, sha: string, isHead: boolean): RefTip {
  const kind = refName.startsWith("refs/heads/") ? "branch" : "remote";
  const shortName = refName.slice(kind === "branch" ? "refs/heads/".length : "refs/remotes/".length);
  return { refName, shortName, kind, sha, isHead };
}

export class RepoFacts {
  private layoutAnswer?: Promise<RepoLayout | null>;
  private headAnswer?: Promise<HeadState>;
  private statusAnswer?: Promise<StatusSnapshot | null>;
  private refsAnswer?: Promise<RefTip[]>;
  private historyAnswer?: { key: string; graph: Promise<CommitGraph>; settled?: CommitGraph };
  /** Paths each commit changed against its parent (a root commit: all), from historyWithFiles or a diff-tree. */
  readonly commitFiles = new Map<string, string[]>();
  private readonly changedCache = new Map<string, ChangedFile[] | null>();
  private readonly remoteHeadNames: string[] = [];
  /** Set when `git status` was refused for this repository (see filterNeutralisation). */
  statusRefusal: string | null = null;
  private configDirs: ConfigDirs | null = null;
  private store?: ObjectStore | null;

  constructor(readonly cwd: string, readonly historyLimit = DEFAULT_HISTORY_LIMIT) {}

  /**
   * The layout as discovery found it (its git folder read from the filesystem), so that `layout()`
   * starts no git process. Only for a repository whose git folder was read (lib/git/fs-stamp.ts).
   */
  knowLayout(layout: RepoLayout): this {
    this.layoutAnswer ??= Promise.resolve(layout);
    return this;
  }

  /** Where git keeps this repository's files (read from the filesystem): lets status skip `git config` when that is certain. */
  knowConfigDirs(dirs: ConfigDirs): this {
    this.configDirs = dirs;
    return this;
  }

  /** Whether this is a repository at all, bare or not, and where its work tree is. */
  layout(): Promise<RepoLayout | null> {
    this.layoutAnswer ??= (async () => {
      const out = await tryGit(this.cwd, ["rev-parse", "--is-bare-repository", "--is-inside-work-tree", "--absolute-git-dir", "--show-cdup"]);
      if (out === null) return null;
      const [bare, insideWorkTree, gitDir, cdup] = out.split("\n");
      if (!gitDir) return null;
      const hasWorkTree = insideWorkTree === "true" && bare !== "true";
      return { gitDir, isBare: bare === "true", topLevel: hasWorkTree ? path.resolve(this.cwd, cdup ?? "") : null };
    })();
    return this.layoutAnswer;
  }

  /**
   * Current branch and HEAD commit. With a work tree they come free with `status()` (porcelain v2
   * `--branch`); a bare clone asks two small processes.
   */
  head(): Promise<HeadState> {
    this.headAnswer ??= (async () => {
      const snapshot = await this.statusSnapshot();
      return snapshot ? snapshot.head : this.headWithoutStatus();
    })();
    return this.headAnswer;
  }

  /**
   * Current branch and HEAD commit from two small processes, without `git status` (which reads the whole
   * work tree): for a caller that needs HEAD alone (the diff page), or a bare clone.
   */
  async headWithoutStatus(): Promise<HeadState> {
    const [symbolic, sha] = await Promise.all([
      tryGit(this.cwd, ["symbolic-ref", "--quiet", "HEAD"]),
      tryGit(this.cwd, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]),
    ]);
    const refName = symbolic?.trim() ?? "";
    const currentBranch = refName.startsWith("refs/heads/") ? refName.slice("refs/heads/".length) : null;
    const headSha = sha?.trim() ?? "";
    return { currentBranch, detached: currentBranch === null && isFullSha(headSha), headSha: isFullSha(headSha) ? headSha : null };
  }

  /** `git status --short` entries now; null without a work tree. */
  async status(): Promise<StatusEntry[] | null> {
    return (await this.statusSnapshot())?.entries ?? null;
  }

  /**
   * ONE `git status --porcelain=v2 --branch -z` (after one `git config` read that neutralises clean/smudge
   * filter drivers, since status may pipe file contents through them): the dirty entries, the branch and
   * HEAD, and the raw output (a fingerprint of HEAD, index and work tree). Null for a bare clone.
   */
  statusSnapshot(): Promise<StatusSnapshot | null> {
    this.statusAnswer ??= (async () => {
      // files that certainly configure no filter driver need no `git config` to say so
      const certain = this.configDirs ? await noFilterDriversInFiles(this.configDirs) : null;
      const filters = certain ? { ok: true as const, overrides: [] } : await filterNeutralisation(this.cwd);
      if (!filters.ok) {
        this.statusRefusal = statusRefusedMessage(filters.reason, filters.waits);
        return null;
      }
      const configOverrides = filters.overrides;
      const out = await tryGit(this.cwd, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal", "--ignore-submodules=dirty"], {
        configOverrides,
        timeoutMs: 30_000,
      });
      return out === null ? null : parseStatusV2(out);
    })();
    return this.statusAnswer;
  }

  /**
   * Local branches and remote-tracking refs with their tip commits: from the repository's files when its
   * git folders are known and plain (fs-refs.ts), else `for-each-ref`.
   */
  refs(): Promise<RefTip[]> {
    this.refsAnswer ??= (async () => {
      const store = this.objectStore();
      const fromFiles = store && this.configDirs ? readRefsFromFiles(this.configDirs, store) : null;
      if (fromFiles) return this.refTips(fromFiles);
      const format = "--format=%(objectname)%00%(objecttype)%00%(refname)%00%(HEAD)%00%(symref)";
      const out = await tryGit(this.cwd, ["for-each-ref", format, "refs/heads", "refs/remotes"]);
      const tips: RefTip[] = [];
      for (const line of (out ?? "").split("\n")) {
        const [sha, type, refName, headMark, symref] = line.split("\u0000");
        if (symref && refName?.startsWith("refs/remotes/") && refName.endsWith("/HEAD")) this.remoteHeadNames.push(symref);
        if (!isFullSha(sha) || type !== "commit" || !refName || symref) continue;
        tips.push(refTip(refName, sha, headMark === "*"));
      }
      return tips;
    })();
    return this.refsAnswer;
  }

  private refTips(refs: readonly FileRef[]): RefTip[] {
    const tips: RefTip[] = [];
    for (const { refName, sha, symref, isHead } of refs) {
      if (symref && refName.startsWith("refs/remotes/") && refName.endsWith("/HEAD")) this.remoteHeadNames.push(symref);
      if (!symref) tips.push(refTip(refName, sha, isHead));
    }
    return tips;
  }

  /** The object store read from the files (object-store.ts), for a repository whose git folders are known and plain. */
  private objectStore(): ObjectStore | null {
    if (this.store === undefined) this.store = this.configDirs ? ObjectStore.of(this.configDirs) : null;
    return this.store;
  }

  /** What `refs/remotes/origin/HEAD` (else another remote's HEAD) points at, e.g. "refs/remotes/origin/main"; read with refs(). */
  async remoteHead(): Promise<string | null> {
    await this.refs();
    return this.remoteHeadNames.find((name) => name.startsWith("refs/remotes/origin/")) ?? this.remoteHeadNames[0] ?? null;
  }

  /** The commits of `values` the repository's files answer for certain (fs-resolve.ts); no git process. */
  commitsFromFiles(values: readonly string[]): string[] {
    const store = this.objectStore();
    return store && this.configDirs ? [...resolveFromFiles(this.configDirs, store, values).values()] : [];
  }

  /**
   * Full shas for checkpoint values: those the object store answers for certain (fs-resolve.ts), the rest
   * with one `cat-file --batch-check` (values on stdin).
   */
  async resolveCommits(values: readonly string[]): Promise<Map<string, string | null>> {
    const store = this.objectStore();
    const known = store && this.configDirs ? resolveFromFiles(this.configDirs, store, values) : new Map<string, string>();
    const rest = values.filter((value) => !known.has(value));
    const asked = rest.length > 0 ? await resolveCommits(this.cwd, rest) : new Map<string, string | null>();
    return new Map(values.map((value) => [value, known.get(value) ?? asked.get(value) ?? null]));
  }

  /**
   * The commit graph of every tip (one `git log`). Ask once with all tips you need; asking again with
   * tips the graph read lacks reads the history again (a graph holding every tip asked answers as well).
   */
  history(tips: readonly string[]): Promise<CommitGraph> {
    const wanted = [...new Set(tips.filter(isFullSha))].sort();
    const key = wanted.join(",");
    const read = this.historyAnswer;
    if (read?.key === key) return read.graph;
    if (read?.settled && !read.settled.truncated && wanted.every((sha) => read.settled?.has(sha))) return read.graph;
    const answer: { key: string; graph: Promise<CommitGraph>; settled?: CommitGraph } = { key, graph: readHistory(this.cwd, tips, this.historyLimit) };
    answer.graph.then((graph) => (answer.settled = graph), () => undefined);
    this.historyAnswer = answer;
    return answer.graph;
  }

  /**
   * The history of `tips` with every commit's files (one `git log --name-only`), for a repository small enough
   * that listing every commit's files costs less than another process (ObjectStore.smallerThan); null when
   * it is not, or git failed. Its graph then answers history() as well, its files commitFiles.
   */
  async historyWithFiles(tips: readonly string[]): Promise<CommitGraph | null> {
    if (!this.objectStore()?.smallerThan(MAX_OBJECTS_FOR_FILES_LOG)) return null;
    const wanted = [...new Set(tips.filter(isFullSha))].sort();
    const read = await readHistoryWithFiles(this.cwd, wanted, this.historyLimit);
    if (!read) return null;
    for (const [sha, files] of read.files) this.commitFiles.set(sha, files);
    this.historyAnswer = { key: wanted.join(","), graph: Promise.resolve(read.graph), settled: read.graph };
    return read.graph;
  }

  /** The graph the last history() read, once read; null before. */
  historyRead(): CommitGraph | null {
    return this.historyAnswer?.settled ?? null;
  }

  /**
   * Files changed between each base commit and `tip` (as `git diff --name-status base tip`), for all
   * bases in ONE `git diff-tree --stdin`; cached per base and tip. Null for a base git rejected.
   */
  async filesChangedSince(bases: readonly string[], tip: string): Promise<Map<string, ChangedFile[] | null>> {
    const wanted = [...new Set(bases.filter(isFullSha))];
    const missing = isFullSha(tip) ? wanted.filter((base) => !this.changedCache.has(`${base}..${tip}`)) : [];
    if (missing.length > 0) {
      const input = missing.map((base) => `${tip} ${base}\n`).join("");
      const out = await tryGit(this.cwd, ["diff-tree", "--stdin", "-r", "-z", "--name-status", "--always", "--no-renames"], {
        input,
        timeoutMs: 30_000,
      });
      const blocks = out === null ? [] : parseDiffTreeBlocks(out);
      const aligned = blocks.length === missing.length;
      missing.forEach((base, index) => this.changedCache.set(`${base}..${tip}`, aligned ? blocks[index] ?? null : null));
    }
    return new Map(wanted.map((base) => [base, this.changedCache.get(`${base}..${tip}`) ?? null]));
  }
}
