/**
 * Where git processes are started. Starting a process forks the process that asks: forking the indexer
 * (a large Node heap) costs far more than the git it starts, and blocks its thread meanwhile. So git is
 * started by a small long-lived helper (a bare Node process with no modules of ours, started once and
 * stopped after a few idle seconds), and in this process only when the helper cannot run.
 *
 * The helper only executes: the runner (runner.ts) builds every argument and the whole environment
 * (all its safety settings), and both paths below apply the same limits: no shell, each git in its own
 * process group, the group killed on a timeout, an oversized output or a failure, stdin written then closed.
 * `CAIRN_GIT_HELPER=0` starts git from this process.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface SpawnRequest {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  input: string;
  timeoutMs: number;
  maxBytes: number;
  stderrCap: number;
}

export interface SpawnResult {
  /** The process could not be started (its errno code). */
  spawnError: string | null;
  code: number | null;
  signal: string | null;
  failure: "timeout" | "output-too-large" | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs one git; written as plain JavaScript in a string because the helper runs it too, without our
 * modules. `spawn` and `send` come from the caller.
 */
const RUN_SOURCE = String.raw`function runOne(spawn, request, done) {
  const killGroup = (pid) => {
    if (pid === undefined) return;
    try { process.kill(-pid, "SIGKILL"); } catch { try { process.kill(pid, "SIGKILL"); } catch { /* gone */ } }
  };
  let child;
  try {
    child = spawn("git", request.args, { cwd: request.cwd, env: request.env, stdio: ["pipe", "pipe", "pipe"], shell: false, windowsHide: true, detached: true });
  } catch (error) {
    done({ spawnError: String((error && error.code) || "could not start git"), code: null, signal: null, failure: null, stdout: Buffer.alloc(0), stderr: "" });
    return;
  }
  const chunks = [];
  let size = 0;
  let stderr = "";
  let failure = null;
  let settled = false;
  const finish = (result) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(result);
  };
  const stop = (kind) => {
    if (failure === null) failure = kind;
    killGroup(child.pid);
  };
  const timer = setTimeout(() => stop("timeout"), request.timeoutMs);
  child.stdout.on("data", (chunk) => {
    if (failure) return;
    size += chunk.length;
    if (size > request.maxBytes) stop("output-too-large");
    else chunks.push(chunk);
  });
  child.stderr.on("data", (chunk) => {
    if (stderr.length < request.stderrCap) stderr += chunk.toString("utf8");
  });
  child.on("error", (error) => {
    killGroup(child.pid);
    finish({ spawnError: String((error && error.code) || "could not start git"), code: null, signal: null, failure: null, stdout: Buffer.alloc(0), stderr: "" });
  });
  child.on("close", (code, signal) => {
    // whatever git started and left behind goes with it
    if (code !== 0 || failure) killGroup(child.pid);
    finish({ spawnError: null, code, signal, failure, stdout: failure ? Buffer.alloc(0) : Buffer.concat(chunks, size), stderr });
  });
  child.stdin.on("error", () => undefined); // git may exit before reading everything
  child.stdin.end(request.input);
}`;

const runOne = new Function(`return (${RUN_SOURCE});`)() as (
  spawner: typeof spawn,
  request: SpawnRequest,
  done: (result: SpawnResult) => void,
) => void;

/** The helper: answers `{ id, request }` messages with `{ id, result }`, and leaves when its parent does. */
const HELPER_SOURCE = `"use strict";
const { spawn } = require("node:child_process");
const runOne = ${RUN_SOURCE};
let env = {};
process.on("message", (message) => {
  // a request without an environment has the previous request's one (see spawnGit)
  if (message.env) env = message.env;
  runOne(spawn, { ...message.request, env }, (result) => process.send({ id: message.id, result }));
});
process.on("disconnect", () => process.exit(0));
`;

const IDLE_MS = 5_000;
/** The helper answers within the git's own time limit; this is only a backstop against a stuck helper. */
const HELPER_GRACE_MS = 15_000;

interface Pending {
  resolve: (result: SpawnResult) => void;
  request: SpawnRequest;
  backstop: NodeJS.Timeout;
}

let helper: ChildProcess | null = null;
/** The environment the helper last received: an identical one (nearly every call) is not sent again. */
let helperEnv: NodeJS.ProcessEnv | null = null;
let helperBroken = false;
let nextId = 0;
const pending = new Map<number, Pending>();
let idleTimer: NodeJS.Timeout | null = null;

function helperWanted(): boolean {
  return !helperBroken && process.env.CAIRN_GIT_HELPER !== "0" && typeof process.execPath === "string";
}

/** Everything in flight when the helper goes away is started here instead. */
function abandonHelper(broken: boolean): void {
  const gone = helper;
  helper = null;
  helperEnv = null;
  if (broken) helperBroken = true;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (gone && gone.connected) gone.disconnect();
  const retry = [...pending.values()];
  pending.clear();
  for (const entry of retry) {
    clearTimeout(entry.backstop);
    runOne(spawn, entry.request, entry.resolve);
  }
}

function startHelper(): ChildProcess | null {
  const env = { PATH: process.env.PATH ?? "", LC_ALL: "C" } as unknown as NodeJS.ProcessEnv;
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ["--max-old-space-size=64", "-e", HELPER_SOURCE], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      serialization: "advanced",
      env,
      windowsHide: true,
    });
  } catch {
    helperBroken = true;
    return null;
  }
  child.on("message", (message: { id: number; result: SpawnResult }) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    clearTimeout(entry.backstop);
    const stdout = message.result.stdout as unknown as Uint8Array;
    entry.resolve({ ...message.result, stdout: Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength) });
    settle();
  });
  child.on("error", () => {
    if (helper === child) abandonHelper(true);
  });
  child.on("exit", () => {
    if (helper === child) abandonHelper(pending.size > 0);
  });
  child.unref();
  return child;
}

/** Keep this process alive only while answers are awaited; stop the helper after a few idle seconds. */
function settle(): void {
  const channel = helper?.channel as { ref(): void; unref(): void } | undefined;
  if (pending.size > 0) {
    channel?.ref();
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    return;
  }
  channel?.unref();
  if (!idleTimer) {
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (pending.size === 0 && helper) abandonHelper(false);
    }, IDLE_MS);
    idleTimer.unref();
  }
}

function sameEnvironment(a: NodeJS.ProcessEnv, b: NodeJS.ProcessEnv): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key] || !Object.hasOwn(b, key)) return false;
  return true;
}

/** Runs one git process (in the helper when it can) and reports how it ended. */
export function spawnGit(request: SpawnRequest): Promise<SpawnResult> {
  return new Promise<SpawnResult>((resolve) => {
    if (helperWanted() && !helper) helper = startHelper();
    if (!helper || !helper.connected) {
      runOne(spawn, request, resolve);
      return;
    }
    const id = nextId++;
    const backstop = setTimeout(() => {
      if (pending.delete(id)) {
        abandonHelper(true);
        resolve({ spawnError: null, code: null, signal: "SIGKILL", failure: "timeout", stdout: Buffer.alloc(0), stderr: "" });
      }
    }, request.timeoutMs + HELPER_GRACE_MS);
    backstop.unref();
    pending.set(id, { resolve, request, backstop });
    settle();
    const sameEnv = helperEnv !== null && sameEnvironment(helperEnv, request.env);
    helperEnv = request.env;
    try {
      helper.send({ id, request: { ...request, env: undefined }, env: sameEnv ? undefined : request.env });
    } catch {
      abandonHelper(true);
    }
  });
}

/** Stops the helper now (tests, shutdown); the next git call starts another. */
export function stopGitHelper(): void {
  if (helper) abandonHelper(false);
}
