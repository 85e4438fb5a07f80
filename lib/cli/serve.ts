import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chooseHome, envRoots, openDb } from "./options";
import { roots as rootsTable } from "../../db/schema";

// the compiled command line (dist/cli) is told where the project is; from source, it is two folders up
const projectDir = process.env.CAIRN_PROJECT_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCE_FOLDERS = ["app", "components", "lib", "db"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "package.json", "postcss.config.mjs"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** A build is needed when there is none, or when a source file is newer than it. */
export function buildIsStale(): boolean {
  const buildId = join(projectDir, process.env.CAIRN_DIST_DIR ?? ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = Math.max(...SOURCE_FOLDERS.map((f) => newestMtime(join(projectDir, f))), ...SOURCE_FILES.map((f) => newestMtime(join(projectDir, f))));
  return sources > built;
}

export async function runServe(opts: { port: string; host: string; db?: string; root?: string[]; home?: string; index: boolean }) {
  const { db, path: dbPath } = openDb(opts);
  for (const root of opts.root ?? []) db.insert(rootsTable).values({ path: resolve(root) }).onConflictDoNothing().run();
  if (process.env.CAIRN_SKIP_BUILD !== "1" && buildIsStale()) {
    process.stderr.write("Building the dashboard (first run or sources changed)…\n");
    const build = spawnSync(process.execPath, [join(projectDir, "node_modules", "next", "dist", "bin", "next"), "build"], {
      cwd: projectDir,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("the dashboard build failed (see the output above)");
  }
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    NEXT_TELEMETRY_DISABLED: "1",
    CAIRN_DB: dbPath,
    CAIRN_HOST: opts.host,
    CAIRN_PORT: String(Number(opts.port) || 3000),
    CAIRN_HOME: chooseHome(opts.home),
    CAIRN_INDEX_AT_START: opts.index ? "1" : "0",
    CAIRN_ROOTS: envRoots().join(":"),
  };
  // the compiled command line runs the server itself: no second Node process, no TypeScript compiled at
  // start (the tsx fallback runs with the react-server condition, which Next must not see: it starts one)
  if (!process.execArgv.some((arg) => arg.includes("react-server"))) {
    Object.assign(process.env, env);
    process.chdir(projectDir); // where the separate server process ran
    const { runServer } = await import("../server/main");
    return runServer();
  }
  const child = spawn(process.execPath, ["--import", "tsx", join(projectDir, "lib", "server", "main.ts")], {
    cwd: projectDir,
    env,
    stdio: "inherit",
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  await new Promise<void>((resolveExit) => child.on("exit", (code) => {
    process.exitCode = code ?? 0;
    resolveExit();
  }));
}
