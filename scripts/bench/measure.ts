/** Timing helpers and the child-process measurements of the benchmark. */
import { execFile, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { findCandidateFiles } from "../../lib/discover/candidates";
import { findRepositories } from "../../lib/discover/repositories";

const run = promisify(execFile);

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** The floor any indexer pays: read every candidate file, and one `git status` per repository. */
export async function baseline(root: string): Promise<{ ms: number; repositories: number; files: number; bytes: number }> {
  const started = performance.now();
  const repos = await findRepositories(root);
  let files = 0;
  let bytes = 0;
  for (const repo of repos) {
    const scan = await findCandidateFiles(repo.path, root);
    const reads = await Promise.all(scan.files.map((f) => readFile(f.absPath)));
    files += reads.length;
    bytes += reads.reduce((n, b) => n + b.length, 0);
    await run("git", ["status", "--porcelain"], { cwd: repo.path, maxBuffer: 64 * 1024 * 1024 });
  }
  return { ms: performance.now() - started, repositories: repos.length, files, bytes };
}

export interface IndexRun {
  wallMs: number;
  /** What the indexer itself reported (without process start-up). */
  indexerMs: number | null;
  peakRssMiB: number | null;
  rssSource: string;
  summary: Record<string, unknown> | null;
}

const TIME = "/usr/bin/time";

/**
 * `node bin/cairn.mjs index ...` as a child process. Peak RSS from GNU time (the largest process of
 * the tree: wait4 folds in the children the wrapper waited for), else from a wrapper that indexes in
 * its own process and reports process.resourceUsage().maxRSS.
 */
export async function indexChild(projectDir: string, args: { root: string; home: string; db: string }): Promise<IndexRun> {
  const cli = ["index", "--root", args.root, "--home", args.home, "--db", args.db, "--json"];
  const useTime = existsSync(TIME) && spawnSync(TIME, ["-v", "true"]).status === 0;
  const command = useTime
    ? { file: TIME, argv: ["-v", process.execPath, join(projectDir, "bin", "cairn.mjs"), ...cli] }
    : {
        file: process.execPath,
        argv: ["--conditions=react-server", "--import", "tsx", join(projectDir, "scripts", "bench", "index-child.ts"), ...cli],
      };
  const started = performance.now();
  const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const child = spawn(command.file, command.argv, { cwd: projectDir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CAIRN_DB: args.db } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (c) => resolve({ stdout: out, stderr: err, code: c }));
  });
  const wallMs = performance.now() - started;
  if (code !== 0) throw new Error(`cairn index failed (${code}): ${stderr.split("\n").filter(Boolean).slice(-3).join(" | ")}`);
  let summary: Record<string, unknown> | null = null;
  try {
    summary = JSON.parse(stdout.slice(stdout.indexOf("{"))) as Record<string, unknown>;
  } catch {
    /* no summary */
  }
  let peakRssMiB: number | null = null;
  if (useTime) {
    const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
    peakRssMiB = kb ? Number(kb) / 1024 : null;
  } else {
    const reported = /^maxRSS (\d+)$/m.exec(stderr)?.[1];
    peakRssMiB = reported ? Number(reported) / 1024 : null;
  }
  const indexerMs = typeof summary?.durationMs === "number" ? summary.durationMs : null;
  return { wallMs, indexerMs, peakRssMiB, rssSource: useTime ? "GNU time -v" : "process.resourceUsage()", summary };
}

/** `rg -l -i -F` over the world for one pattern; hidden and git-ignored files too (checkpoints live in .claude/). */
export function rgOnce(root: string, pattern: string): { ms: number; files: number } {
  const started = performance.now();
  const result = spawnSync("/usr/bin/rg", ["-l", "-i", "-F", "--hidden", "--no-ignore", "-g", "!.git", "-e", pattern, root], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0 && result.status !== 1) throw new Error(`rg failed: ${result.stderr}`);
  return { ms, files: result.stdout.split("\n").filter(Boolean).length };
}

export function rgInstalled(): boolean {
  return existsSync("/usr/bin/rg") && spawnSync("/usr/bin/rg", ["--version"]).status === 0;
}
