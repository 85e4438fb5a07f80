/**
 * Test support: real temporary git repositories. Setup and the "what does git itself say"
 * oracle use plain git directly (not the runner), with a clean environment and a private HOME.
 * Used only by *.test.ts files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const temporaryDirectories: string[] = [];

export function makeTempDir(prefix = "cairn-git-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirectories.push(dir);
  return dir;
}

/** Removes every directory made by makeTempDir (call from afterAll/afterEach). */
export function removeTempDirs(): void {
  for (const dir of temporaryDirectories.splice(0)) rmSync(dir, { recursive: true, force: true });
}

let privateHome: string | null = null;

function oracleEnvironment(date?: string): NodeJS.ProcessEnv {
  privateHome ??= makeTempDir("cairn-home-");
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("GIT_")) delete env[name];
  return {
    ...env,
    HOME: privateHome,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@e",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@e",
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
  };
}

/** Plain git, for setting up fixtures and for expected values. */
export function plainGit(cwd: string, args: readonly string[], date?: string): string {
  return execFileSync("git", ["-c", "init.defaultBranch=main", ...args], {
    cwd,
    env: oracleEnvironment(date),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export class TestRepo {
  private clock = Date.parse("2026-01-01T00:00:00Z") / 1000;

  constructor(readonly dir: string) {}

  static create(): TestRepo {
    const repo = new TestRepo(makeTempDir());
    repo.git("init", "-q");
    return repo;
  }

  git(...args: string[]): string {
    return plainGit(this.dir, args);
  }

  write(file: string, content: string): void {
    const full = path.join(this.dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }

  /** Writes files, stages everything, commits; returns the new HEAD sha. Each commit is one minute later. */
  commit(message: string, files: Record<string, string> = {}, at?: Date): string {
    for (const [file, content] of Object.entries(files)) this.write(file, content);
    this.clock += 60;
    const date = at ? at.toISOString() : `@${this.clock} +0000`;
    plainGit(this.dir, ["add", "-A"], date);
    plainGit(this.dir, ["commit", "-q", "--allow-empty", "-m", message], date);
    return this.sha("HEAD");
  }

  sha(rev: string): string {
    return this.git("rev-parse", "--verify", `${rev}^{commit}`).trim();
  }

  /** `git rev-list --count base..tip`: the oracle for commit counts. */
  countBetween(base: string, tip = "HEAD"): number {
    return Number(this.git("rev-list", "--count", `${base}..${tip}`).trim());
  }
}
