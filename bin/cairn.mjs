#!/usr/bin/env node
// The `cairn` command. Runs the command line compiled ahead of time into dist/cli (made by `npm ci`'s
// prepare step); recompiles it first when a source file is newer (esbuild, well under a second), and
// falls back to running the TypeScript through tsx only when it cannot be compiled.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const builtMarker = join(projectDir, "dist", "cli", "BUILT");
const entry = join(projectDir, "dist", "cli", "cli.js");
const SOURCES = ["lib", "db", "package.json"];

function newerThan(path, since) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return false;
  }
  if (!info.isDirectory()) return info.mtimeMs > since;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".") || name.endsWith(".test.ts")) continue;
    if (newerThan(join(path, name), since)) return true;
  }
  return false;
}

function isStale() {
  if (!existsSync(builtMarker) || !existsSync(entry)) return true;
  const built = statSync(builtMarker).mtimeMs;
  return SOURCES.some((name) => newerThan(join(projectDir, name), built));
}

// node:child_process is loaded only here: loading it (with net and the streams) is a good part of a short command's start
async function runThroughTsx() {
  const { spawn } = await import("node:child_process");
  const tsx = import.meta.resolve("tsx");
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", tsx, join(projectDir, "lib", "cli.ts"), ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

process.env.CAIRN_PROJECT_DIR ??= projectDir;
process.env.CAIRN_MIGRATIONS ??= join(projectDir, "db", "migrations");

let compiled = process.env.CAIRN_CLI_TSX !== "1";
if (compiled && isStale()) {
  try {
    const { buildCli } = await import(pathToFileURL(join(projectDir, "scripts", "build-cli.mjs")).href);
    await buildCli({ quiet: true });
  } catch {
    compiled = false;
  }
}
if (compiled) {
  try {
    await import(pathToFileURL(entry).href);
  } catch (error) {
    // a build swapped in at this very moment by another `cairn`: the sources still work
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    await runThroughTsx();
  }
} else await runThroughTsx();
