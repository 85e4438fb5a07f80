#!/usr/bin/env node
// Runs the TypeScript CLI through tsx. The react-server condition lets server-only modules load outside Next.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsx = import.meta.resolve("tsx");
const child = spawn(
  process.execPath,
  ["--conditions=react-server", "--import", tsx, join(projectDir, "lib", "cli.ts"), ...process.argv.slice(2)],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
