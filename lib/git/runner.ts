/**
 * THE git runner. Every git process Cairn starts goes through `runGitBuffer`.
 *
 * Repositories are untrusted input: their `.git/config`, hooks and attributes can name programs
 * to run. The runner never uses a shell, pins the options that would start such programs, switches
 * every transport off (so no fetch, lazy or explicit, can run a remote helper, ssh or upload-pack),
 * strips inherited GIT_* variables, and bounds every call by a timeout and an output cap. A repository
 * whose git folders hold a FIFO or device is refused before git starts (folder-hazard.ts). Each git
 * runs in its own process group, and the whole group is killed on a timeout or an oversized output.
 * The process itself is started by spawner.ts (from a small helper process when it can).
 */
import { dirname, resolve } from "node:path";
import { spawnGit } from "./spawner";
import { gitFolderHazard } from "./folder-hazard";

export const DEFAULT_TIMEOUT_MS = 10_000;

/** `CAIRN_GIT_TIMEOUT_MS` caps every git call's time limit (a slow disk may want more, tests want less). */
function timeLimit(requested: number | undefined): number {
  const cap = Number(process.env.CAIRN_GIT_TIMEOUT_MS);
  const wanted = requested ?? DEFAULT_TIMEOUT_MS;
  return Number.isFinite(cap) && cap > 0 ? Math.min(wanted, cap) : wanted;
}
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** Placed before the subcommand on every call. */
export const SAFE_LEADING_ARGS: readonly string[] = [
  "--no-pager",
  "--no-optional-locks",
  "--literal-pathspecs",
  "-c", "core.fsmonitor=false",
  "-c", "core.hooksPath=/dev/null",
  "-c", "core.untrackedCache=false",
  "-c", "protocol.allow=never",
  "-c", "log.showSignature=false",
  "-c", "credential.helper=",
  "-c", "submodule.recurse=false",
  "-c", "diff.ignoreSubmodules=dirty",
  "-c", "status.submoduleSummary=false",
  "-c", "core.splitIndex=false",
  "-c", "gc.auto=0",
  "-c", "maintenance.auto=false",
];

/**
 * A protocol name no git knows. `GIT_ALLOW_PROTOCOL` overrides every `protocol.allow` and
 * `protocol.<name>.allow` a repository's config sets: with only this name allowed, git refuses
 * ext::, file://, ssh://, http(s):// and every remote helper before starting anything.
 */
export const NO_TRANSPORT = "cairn-no-transport";

/** Subcommands that can run external diff drivers or textconv filters. */
const DIFF_PRODUCING_SUBCOMMANDS = new Set(["diff", "log", "show", "diff-tree"]);
const DIFF_SAFETY_ARGS = ["--no-ext-diff", "--no-textconv", "--no-color"];

/** `refused`: not started at all, its git folders hold a FIFO or device git would wait on (folder-hazard.ts). */
export type GitFailureKind = "exit" | "timeout" | "output-too-large" | "spawn" | "refused";

/** git's words when an object it needs is not in the clone (a partial clone, a pruned or broken repository). */
const MISSING_OBJECT = /lazy fetching disabled|unable to read [0-9a-f]{7,}|missing (?:blob|tree|commit) object|bad object|could not read (?:object|blob)|transport '[^']*' not allowed|promisor remote/i;

export class GitError extends Error {
  readonly args: readonly string[];
  readonly exitCode: number | null;
  readonly stderrFirstLine: string;
  readonly kind: GitFailureKind;
  /** git stopped because an object is not in this clone (it is never fetched). */
  readonly missingObjects: boolean;

  constructor(args: readonly string[], kind: GitFailureKind, exitCode: number | null, stderrFirstLine: string, stderr = stderrFirstLine) {
    super(`git ${args.join(" ")} failed (${kind}${exitCode === null ? "" : ` ${exitCode}`}): ${stderrFirstLine}`);
    this.name = "GitError";
    this.args = args;
    this.kind = kind;
    this.exitCode = exitCode;
    this.stderrFirstLine = stderrFirstLine;
    this.missingObjects = kind === "exit" && MISSING_OBJECT.test(stderr);
  }
}

/** The calm sentence a page shows when the saved commit's objects are not in the clone. */
export const MISSING_OBJECTS_MESSAGE =
  "The saved commit's files are not in this clone (a partial or shallow clone, or objects were pruned): Cairn never fetches them, so this diff is unavailable.";

export interface GitCallOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Written to git's stdin, which is then closed. Without it stdin is closed at once. */
  input?: string;
  /**
   * Extra configuration as [key, value] pairs, passed through GIT_CONFIG_COUNT/KEY_n/VALUE_n so
   * that any key (even one containing "=") is taken literally. Used to neutralise filter drivers.
   */
  configOverrides?: ReadonlyArray<readonly [string, string]>;
}

let spawnedProcesses = 0;

/** How many git processes the runner has started since the last reset. */
export function gitProcessCount(): number {
  return spawnedProcesses;
}

export function resetGitProcessCount(): void {
  spawnedProcesses = 0;
}

function gitEnvironment(cwd: string, configOverrides: ReadonlyArray<readonly [string, string]> = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GIT_")) delete env[name];
  // a folder that lost its .git must not be answered by a repository that happens to enclose it
  env.GIT_CEILING_DIRECTORIES = dirname(resolve(cwd));
  env.GIT_TERMINAL_PROMPT = "0";
  // no transport at all, whatever the repository allows itself (see NO_TRANSPORT), and no lazy fetch
  // of missing objects from a promisor remote (gits that know the variable; the ban above covers the rest)
  env.GIT_ALLOW_PROTOCOL = NO_TRANSPORT;
  env.GIT_PROTOCOL_FROM_USER = "0";
  env.GIT_NO_LAZY_FETCH = "1";
  env.GIT_NO_REPLACE_OBJECTS = "1";
  delete env.SSH_ASKPASS;
  delete env.SSH_AUTH_SOCK;
  env.GIT_OPTIONAL_LOCKS = "0";
  env.GIT_CONFIG_NOSYSTEM = "1";
  env.GIT_PAGER = "cat";
  env.PAGER = "cat";
  env.LC_ALL = "C";
  const overrides = configOverrides.filter(([key, value]) => !`${key}${value}`.includes("\u0000"));
  if (overrides.length > 0) {
    env.GIT_CONFIG_COUNT = String(overrides.length);
    overrides.forEach(([key, value], index) => {
      env[`GIT_CONFIG_KEY_${index}`] = key;
      env[`GIT_CONFIG_VALUE_${index}`] = value;
    });
  }
  return env;
}

/** The full argument vector: safe leading args, subcommand, diff-safety args, the rest. */
export function buildGitArgs(args: readonly string[]): string[] {
  const [subcommand, ...rest] = args;
  if (subcommand === undefined) throw new Error("runGit needs a subcommand");
  const diffSafety = DIFF_PRODUCING_SUBCOMMANDS.has(subcommand) ? DIFF_SAFETY_ARGS : [];
  return [...SAFE_LEADING_ARGS, subcommand, ...diffSafety, ...rest];
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

const STDERR_CAP = 64 * 1024;

/** Runs git and returns raw stdout bytes. Throws GitError. */
export async function runGitBuffer(cwd: string, args: readonly string[], opts: GitCallOptions = {}): Promise<Buffer> {
  const fullArgs = buildGitArgs(args);
  const hazard = await gitFolderHazard(cwd);
  if (hazard !== null) throw new GitError(args, "refused", null, hazard);
  spawnedProcesses += 1;
  const result = await spawnGit({
    args: fullArgs,
    cwd,
    env: gitEnvironment(cwd, opts.configOverrides),
    input: opts.input ?? "",
    timeoutMs: timeLimit(opts.timeoutMs),
    maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES,
    stderrCap: STDERR_CAP,
  });
  if (result.spawnError !== null) throw new GitError(args, "spawn", null, result.spawnError);
  if (result.failure === "timeout") throw new GitError(args, "timeout", null, `killed (timeout)`);
  if (result.failure === "output-too-large") throw new GitError(args, "output-too-large", null, "output exceeded the cap");
  if (result.code === 0) return result.stdout;
  if (result.code === null) throw new GitError(args, "timeout", null, `killed (${result.signal ?? "signal"})`);
  throw new GitError(args, "exit", result.code, firstLine(result.stderr), result.stderr);
}

/** Runs git and returns stdout as UTF-8 text. Throws GitError. */
export async function runGit(cwd: string, args: readonly string[], opts: GitCallOptions = {}): Promise<string> {
  return (await runGitBuffer(cwd, args, opts)).toString("utf8");
}

/** Like runGit, but null when git fails for any reason. */
export async function tryGit(cwd: string, args: readonly string[], opts: GitCallOptions = {}): Promise<string | null> {
  try {
    return await runGit(cwd, args, opts);
  } catch (error) {
    if (error instanceof GitError) return null;
    throw error;
  }
}

/** An abbreviated or full hexadecimal object id (4..40 hex digits; 64 for SHA-256 repositories). */
export function isSha(value: unknown): value is string {
  return typeof value === "string" && /^(?:[0-9a-fA-F]{4,40}|[0-9a-fA-F]{64})$/.test(value);
}

/** A complete object id as git prints it. */
export function isFullSha(value: unknown): value is string {
  return typeof value === "string" && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value);
}

/**
 * Whether a value read from a checkpoint file may be shown to git as a revision at all:
 * no leading dash (option injection), no control characters, no whitespace, bounded length.
 */
export function isSafeRevisionText(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= 256 &&
    !value.startsWith("-") &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u0020\u007f]/.test(value)
  );
}

/**
 * The ONLY way a single value read from a checkpoint (a sha, a branch) reaches git's argument
 * vector. Returns the full commit id or null when the value does not name a commit.
 */
export async function resolveCommit(cwd: string, value: string): Promise<string | null> {
  if (!isSafeRevisionText(value)) return null;
  const out = await tryGit(cwd, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${value}^{commit}`]);
  const sha = out?.trim() ?? "";
  return isFullSha(sha) ? sha : null;
}

