/**
 * `npm run demo`: demo repositories in a temporary folder, indexed, summarised, then served until Ctrl-C.
 * The temporary folder is removed however the demo ends: Ctrl-C (SIGINT), SIGTERM, the server exiting
 * by itself, or a failure on the way.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildVariedRepository } from "../fixtures/varied";
import { buildWorld } from "../fixtures/world";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI = join(projectDir, "bin", "cairn.mjs");

export class DemoUsageError extends Error {}

export interface DemoOptions {
  port: number;
}

const USAGE = "usage: npm run demo -- [--port N]";

/** `--port N` / `--port=N` (else $PORT, else 3000): a whole number from 1 to 65535, or a clear message. */
export function parseDemoArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): DemoOptions {
  let raw: string | undefined = env.PORT;
  let from = "PORT";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--port") {
      if (i + 1 >= argv.length) throw new DemoUsageError(`--port needs a number (${USAGE})`);
      raw = argv[++i];
      from = "--port";
    } else if (arg.startsWith("--port=")) {
      raw = arg.slice("--port=".length);
      from = "--port";
    } else if (arg === "--help" || arg === "-h") {
      throw new DemoUsageError(USAGE);
    } else {
      throw new DemoUsageError(`unknown option ${JSON.stringify(arg)} (${USAGE})`);
    }
  }
  if (raw === undefined || raw === "") return { port: 3000 };
  const port = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new DemoUsageError(`${from} must be a port number from 1 to 65535, not ${JSON.stringify(raw)}`);
  }
  return { port };
}

/** Runs the command line and returns its stdout (stderr passes through: the index's progress bar). */
function cairn(args: string[], track: (child: ChildProcess | null) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    track(child);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      track(null);
      if (code === 0) resolve(out);
      else reject(new Error(`cairn ${args[0]} ${signal ? `was stopped (${signal})` : `failed (exit ${code})`}`));
    });
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Runs the demo; resolves with the exit code once the temporary folder is gone. */
export async function runDemo(options: DemoOptions): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "cairn-demo-"));
  let child: ChildProcess | null = null;
  let stopping: NodeJS.Signals | null = null;
  let removed = false;
  const removeDir = () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    process.stderr.write("\nStopping the demo…\n");
    if (child) child.kill(signal);
  };
  const onInt = () => onSignal("SIGINT");
  const onTerm = () => onSignal("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  // last resort, should the process end some other way (process.exit elsewhere): synchronous, so it runs
  process.on("exit", removeDir);
  const track = (c: ChildProcess | null) => (child = c);
  const stopped = () => stopping !== null;

  try {
    process.stderr.write(`Creating demo repositories in ${dir}…\n`);
    const world = buildWorld(dir, { repositories: 4, htmlCheckpoints: 5, start: new Date(Date.now() - 2 * 86_400_000) });
    // fresh, drifted, landed, dormant and superseded saves, so the queue has something to say
    buildVariedRepository(world.root);
    if (stopped()) return 0;

    const db = join(dir, "cairn.db");
    // the demo's handoffs are a teammate's ("Demo Dev"): the user is someone else, whatever the global git identity
    writeFileSync(join(dir, "config.json"), JSON.stringify({ identity: { emails: ["you@example.invalid"], names: ["You"] } }) + "\n");
    const summary = JSON.parse(await cairn(["index", "--root", world.root, "--home", world.home, "--db", db, "--json"], track)) as { repositories: number };
    if (stopped()) return 0;
    const checkpoints = (JSON.parse(await cairn(["list", "--json", "--db", db], track)) as { status?: string | null }[]);
    const open = checkpoints.filter((c) => c.status === "in-progress").length;
    const queue = (JSON.parse(await cairn(["queue", "--json", "--db", db], track)) as { action: string }[]);
    if (stopped()) return 0;
    const byAction = new Map<string, number>();
    for (const item of queue) byAction.set(item.action, (byAction.get(item.action) ?? 0) + 1);
    const actions = [...byAction].map(([action, n]) => `${n} ${action}`).join(", ");
    process.stdout.write(
      `Demo index: ${plural(summary.repositories, "repository", "repositories")}, ${plural(checkpoints.length, "checkpoint")} (${open} in progress), ` +
        `${plural(queue.length, "item")} in What to do next${actions ? ` (${actions})` : ""}.\n`,
    );

    const url = `http://127.0.0.1:${options.port}`;
    const code = await new Promise<number>((resolve) => {
      const server = spawn(process.execPath, [CLI, "serve", "--port", String(options.port), "--no-index", "--db", db], {
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, CAIRN_DB: db, CAIRN_ROOTS: world.root, CAIRN_HOME: world.home },
      });
      child = server;
      server.stdout!.on("data", (chunk: Buffer) => {
        const text = chunk.toString();
        process.stdout.write(text);
        if (text.includes("Cairn is serving")) process.stdout.write(`Open ${url} — Ctrl-C to stop (the demo folder is removed then).\n`);
      });
      server.on("error", (error) => {
        process.stderr.write(`demo: ${error.message}\n`);
        resolve(1);
      });
      server.on("exit", (exitCode, signal) => resolve(stopped() ? 0 : (exitCode ?? (signal ? 1 : 0))));
    });
    return code;
  } catch (error) {
    if (stopped()) return 0;
    process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    child = null;
    removeDir();
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
    process.off("exit", removeDir);
    process.stderr.write(`Removed ${dir}\n`);
  }
}
