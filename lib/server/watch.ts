/**
 * Live index: watch only where checkpoints and freshness can change, and re-index just the repository a
 * change touched, within a second. Watched per repository: its `.claude/` folder (recursively, shallow),
 * its root-level candidate files, and git's HEAD, index, logs/HEAD and FETCH_HEAD (freshness and
 * teammates' branches); plus the home's `.claude/checkpoints`. Runs in the server process (not in Next's
 * bundles: no "server-only" here); progress and `indexed` events go through the shared `indexStatus`.
 * One watch per folder (dir-watch.ts), set up a few repositories at a time so the server keeps answering.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, sep } from "node:path";
import { getDb, type CairnDb } from "../../db/client";
import { repositories } from "../../db/schema";
import { SKIPPED_FOLDERS } from "../discover/limits";
import { indexGlobalCheckpoints, indexRepositoryAt } from "../index/index-repository";
import { withPrepareWorker } from "../index/prepare-pool";
import { emptySummary, type IndexSummary } from "../index/progress";
import { indexStatus } from "../index/status";
import { DirWatcher } from "./dir-watch";
import { commonDirOf, gitDirOf, gitFilesOf, type RepoEntry } from "./git-dirs";
import { isCandidatePath } from "../parse/registry";
import { isSniffable } from "../parse/routes";

export interface WatchOptions {
  db: CairnDb;
  /** Whose `.claude/checkpoints` to watch; null for none. */
  home: string | null;
  debounceMs?: number;
  /** A flush never waits longer than this after the first change, however busy the disk is. */
  maxWaitMs?: number;
  log?: (message: string) => void;
}

export { gitDirOf } from "./git-dirs";

export interface LiveWatcher {
  /** Resolves once the initial watch set is in place. */
  ready: Promise<void>;
  /** Re-read the repositories from the database and watch new ones (done after every index run). */
  refresh(): Promise<void>;
  /** Resolves when no change is waiting and no re-index is running. */
  idle(): Promise<void>;
  close(): Promise<void>;
  /** Paths currently watched (for tests and diagnostics). */
  watched(): string[];
}

const DEEP_DEPTH = 5;
const CATCH_UP_MS = 500;
/** Repositories set up between two turns of the event loop (the server answers in between). */
const SLICE = 8;
/** Writer's temporary and lock files: the writer re-indexes its own writes. */
const WRITER_FILE = /^\..*\.cairn-(?:tmp-[0-9a-f]+|lock)$/;

const isUnder = (parent: string, child: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);

export function startWatcher(options: WatchOptions): LiveWatcher {
  const { db } = options;
  const debounceMs = options.debounceMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? 800;
  const log = options.log ?? ((m: string) => process.stderr.write(`cairn watch: ${m}\n`));
  const globalDir = options.home ? join(options.home, ".claude", "checkpoints") : null;
  const repos = new Map<string, RepoEntry>();
  const watchedPaths = new Set<string>();
  const dirtyRepos = new Set<string>();
  let dirtyGlobal = false;
  let timer: NodeJS.Timeout | null = null;
  let firstDirtyAt = 0;
  let flushing: Promise<void> | null = null;
  let closed = false;
  let started = false;

  const shallowIgnored = (path: string): boolean => {
    const parent = dirname(path);
    if (!repos.has(parent)) return false; // git files and the repository folder itself
    const name = basename(path);
    // the user's discovery rules, and Markdown/HTML found by content, live at the top too
    return !(name === ".claude" || name === ".cairnignore" || isCandidatePath(name) || isSniffable(name));
  };
  const deepIgnored = (path: string, stats?: { isDirectory(): boolean }): boolean => {
    const name = basename(path);
    if (WRITER_FILE.test(name)) return true;
    if (stats?.isDirectory() && !(globalDir && path === globalDir)) {
      if (SKIPPED_FOLDERS.has(name) || name === ".git") return true;
      if (name === "worktrees" && basename(dirname(path)) === ".claude") return true; // agents' full checkouts
      if (!repos.has(path) && existsSync(join(path, ".git"))) return true; // a nested repository or worktree checkout
    }
    return false;
  };
  const onError = (e: unknown) => log(String(e));
  // like discovery: never enter a symlinked folder (it may lead out of the repository)
  const watchers = {
    shallow: new DirWatcher({ depth: 0, ignored: shallowIgnored, onEvent: (event, path) => onEvent(event, path), onError }),
    deep: new DirWatcher({ depth: DEEP_DEPTH, ignored: deepIgnored, onEvent: (event, path) => onEvent(event, path), onError }),
  };
  const readies: Promise<void>[] = [];

  /** `again`: a folder made anew (removed and re-created) is watched afresh. */
  function add(kind: "shallow" | "deep", path: string, again = false): void {
    if ((watchedPaths.has(path) && !again) || closed) return;
    watchedPaths.add(path);
    readies.push(watchers[kind].add(path).catch((e: unknown) => onError(e)));
  }

  /** Who a changed path belongs to: the home's global folder, or repositories (all worktrees share FETCH_HEAD). */
  function ownersOf(path: string): string[] | "global" {
    if (globalDir && isUnder(globalDir, path)) return "global";
    const sharing = [...repos.values()].filter((e) => e.commonDir !== e.gitDir && gitFilesOf(e).includes(path)).map((e) => e.path);
    let best: RepoEntry | null = null;
    for (const entry of repos.values()) {
      if ((isUnder(entry.path, path) || isUnder(entry.gitDir, path)) && (!best || entry.path.length > best.path.length)) best = entry;
    }
    return [...new Set([...(best ? [best.path] : []), ...sharing])];
  }

  function schedule(): void {
    if (closed) return;
    const now = Date.now();
    if (!timer) firstDirtyAt = now;
    if (timer) clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstDirtyAt + maxWaitMs - now));
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, wait);
  }

  function onEvent(event: string, path: string): void {
    const owners = ownersOf(path);
    if (event === "addDir") {
      if (basename(path) === ".claude" && repos.has(dirname(path))) add("deep", path, true);
      return;
    }
    if (owners === "global") dirtyGlobal = true;
    else if (owners.length) owners.forEach((o) => dirtyRepos.add(o));
    else return;
    schedule();
  }

  async function reindex(targets: string[], global: boolean): Promise<IndexSummary> {
    const summary = emptySummary([]);
    const total = targets.length + (global ? 1 : 0);
    indexStatus.report({ phase: "repositories", total });
    let done = 0;
    const merge = (s: IndexSummary) => {
      summary.repositories += s.repositories;
      summary.parsed += s.parsed;
      summary.problems += s.problems;
      summary.secrets += s.secrets;
      for (const key of ["new", "changed", "removed", "unchanged"] as const) summary.documents[key] += s.documents[key];
    };
    const started = Date.now();
    if (global && options.home) {
      merge(await indexGlobalCheckpoints(db, options.home, { recordRun: false }));
      indexStatus.report({ phase: "repository", done: ++done, total, path: globalDir ?? options.home });
    }
    for (const path of targets) {
      try {
        merge(await indexRepositoryAt(db, path, { recordRun: false }));
      } catch (error) {
        log(`re-indexing ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      indexStatus.report({ phase: "repository", done: ++done, total, path });
    }
    summary.durationMs = Date.now() - started;
    return summary;
  }

  /** One re-index at a time, never folded into someone else's run that may have read the repository already. */
  async function flush(): Promise<void> {
    if (flushing) {
      await flushing;
      if (dirtyRepos.size || dirtyGlobal) return flush();
      return;
    }
    const targets = [...dirtyRepos];
    const global = dirtyGlobal;
    dirtyRepos.clear();
    dirtyGlobal = false;
    if (!targets.length && !global) return;
    flushing = (async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        let ran = false;
        try {
          await indexStatus.run(() => {
            ran = true;
            // each changed document on the parse worker, under its time budget (a hostile one is skipped, not waited for)
            return withPrepareWorker(() => reindex(targets, global), { warm: false });
          });
        } catch (error) {
          log(`re-index failed: ${error instanceof Error ? error.message : String(error)}`);
          ran = true;
        }
        if (ran) break;
      }
    })();
    try {
      await flushing;
    } finally {
      flushing = null;
    }
    if (dirtyRepos.size || dirtyGlobal) schedule();
  }

  async function refresh(): Promise<void> {
    if (closed) return;
    const rows = db.select({ path: repositories.path, isBare: repositories.isBare }).from(repositories).all();
    const wanted = new Map(rows.filter((r) => existsSync(r.path)).map((r) => [r.path, r]));
    for (const [path, entry] of repos) {
      if (wanted.has(path)) continue;
      repos.delete(path);
      const shared = new Set([...repos.values()].flatMap(gitFilesOf)); // a worktree's sibling still watches the common files
      const gone = [path, join(path, ".claude"), ...gitFilesOf(entry).filter((f) => !shared.has(f))].filter((p) => watchedPaths.delete(p));
      for (const w of [watchers.shallow, watchers.deep]) w.unwatch(gone);
    }
    const added: string[] = [];
    for (const [path, row] of wanted) {
      if (closed) return;
      if (repos.has(path)) continue;
      if (added.length % SLICE === 0 && added.length) await inPlace();
      const gitDir = gitDirOf(path, row.isBare);
      const entry: RepoEntry = { path, bare: row.isBare, gitDir, commonDir: commonDirOf(gitDir) };
      repos.set(path, entry);
      added.push(path);
      for (const file of gitFilesOf(entry)) add("shallow", file);
      if (entry.bare) continue;
      add("shallow", path);
      if (existsSync(join(path, ".claude"))) add("deep", join(path, ".claude"));
    }
    if (globalDir && existsSync(globalDir)) add("deep", globalDir);
    // a change made between the index run that found a repository and its watch being in place is caught here
    if (started && added.length) {
      setTimeout(() => {
        for (const path of added) if (repos.has(path)) dirtyRepos.add(path);
        schedule();
      }, CATCH_UP_MS).unref();
    }
    started = true;
  }

  /** Waits for the watches asked so far, then lets waiting requests run: a few repositories at a time. */
  async function inPlace(): Promise<void> {
    await Promise.all(readies);
    await new Promise((resolveTurn) => setImmediate(resolveTurn));
  }

  const onIndexed = () => void refresh().catch((e: unknown) => log(String(e)));
  indexStatus.on("indexed", onIndexed);
  // folders that do not exist yet (a first global checkpoint, a new repository's .claude) are picked up here too
  const slowRefresh = setInterval(onIndexed, 30_000);
  slowRefresh.unref();

  const ready = refresh().then(() => Promise.all(readies).then(() => undefined));

  return {
    ready,
    refresh,
    async idle() {
      while (timer || flushing) {
        if (flushing) await flushing;
        else await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(slowRefresh);
      indexStatus.off("indexed", onIndexed);
      watchers.shallow.close();
      watchers.deep.close();
      if (flushing) await flushing.catch(() => undefined);
    },
    watched: () => [...watchedPaths].sort(),
  };
}

/** The server's watcher: the database and home the server uses; `CAIRN_WATCH=0` turns it off. */
export function startServerWatcher(): LiveWatcher | null {
  if (process.env.CAIRN_WATCH === "0") return null;
  const db = getDb(process.env.CAIRN_DB);
  const watcher = startWatcher({ db, home: process.env.CAIRN_HOME ?? homedir() });
  const stop = () => void watcher.close();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return watcher;
}
