/** A temporary world, indexed through the CLI into its own database, and the built server serving it. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuilt, runCli, startServer, type RunningServer } from "./server";

export interface CliRecord {
  id: string;
  repo: string | null;
  path: string;
  title: string | null;
  secrets: { rule: string; line: number; column: number }[];
  problems: string[];
  [key: string]: unknown;
}

export interface ServedWorld {
  dir: string;
  root: string;
  home: string;
  db: string;
  server: RunningServer;
  /** `cairn list --json --kind all` */
  records(): CliRecord[];
  index(): void;
  stop(): Promise<void>;
}

/** Build the server (once), let `populate` write repositories under `root`, index them, serve them. */
export async function serveWorld(prefix: string, populate: (root: string, dir: string) => void): Promise<ServedWorld> {
  await ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const root = join(dir, "code");
  const home = join(dir, "home");
  mkdirSync(root, { recursive: true });
  mkdirSync(home, { recursive: true });
  try {
    return await serve(dir, root, home, populate);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function serve(dir: string, root: string, home: string, populate: (root: string, dir: string) => void): Promise<ServedWorld> {
  populate(root, dir);
  const db = join(dir, "cairn.db");
  const env = { CAIRN_DB: db, CAIRN_HOME: home };
  const index = () => {
    const run = runCli(["index", "--root", root, "--home", home, "--db", db], env);
    if (run.status !== 0) throw new Error(`cairn index failed: ${run.stderr}`);
  };
  index();
  const server = await startServer({ db, home });
  return {
    dir,
    root,
    home,
    db,
    server,
    index,
    records() {
      const run = runCli(["list", "--json", "--kind", "all", "--db", db], env);
      if (run.status !== 0) throw new Error(`cairn list failed: ${run.stderr}`);
      return JSON.parse(run.stdout) as CliRecord[];
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
