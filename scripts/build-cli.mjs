#!/usr/bin/env node
/**
 * Compiles the command line ahead of time: lib/cli.ts and everything it imports from this project into
 * dist/cli/ (ES modules, one chunk per lazily loaded command), so that `cairn` starts without
 * transpiling TypeScript. Packages from node_modules stay external and load as they are. Run by
 * `npm ci` / `npm install` (the `prepare` script) and by bin/cairn.mjs whenever a source is newer.
 */
import { build, stop } from "esbuild";
import { readFileSync, rmSync, writeFileSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");
export const outDir = join(projectDir, "dist", "cli");

/**
 * Two packages load a Node module at start for something a short command never does: commander
 * requires `node:child_process` (with `net`, `dgram` and the streams behind it) for executable
 * subcommands Cairn does not have, and drizzle's migrator `node:crypto` to hash migration files, which
 * db/client.ts reads only when the database lacks the newest one. Each gets a stand-in that loads the
 * real module on first use.
 */
const LAZY = {
  child_process: { importer: /[\\/]node_modules[\\/]commander[\\/]/, contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };" },
  crypto: { importer: /[\\/]node_modules[\\/]drizzle-orm[\\/]migrator\.js$/, contents: "module.exports = { createHash: (...args) => require('node:crypto').createHash(...args) };" },
};
const lazyBuiltins = {
  name: "lazy-builtins",
  setup(build) {
    build.onResolve({ filter: /^(node:)?(child_process|crypto)$/ }, (args) => {
      const name = args.path.replace(/^node:/, "");
      return LAZY[name].importer.test(args.importer) ? { path: name, namespace: "cairn-lazy" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "cairn-lazy" }, (args) => ({ contents: LAZY[args.path].contents, loader: "js" }));
  },
};

/** Bundles into a temporary folder, then swaps it in, so a running `cairn` never sees half a build. */
export async function buildCli({ quiet = false } = {}) {
  const pkg = JSON.parse(readFileSync(join(projectDir, "package.json"), "utf8"));
  // Pure JavaScript packages are bundled too (resolving hundreds of small modules at start cost more than
  // running them); native, very large or build-time packages stay in node_modules. "server-only" is bundled
  // with the react-server condition (an empty module): outside Next it would throw.
  const bundled = new Set(["server-only", "drizzle-orm", "commander", "yaml", "zod"]);
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !bundled.has(name));
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = Date.now();
  try {
    await buildInto(staging, external, quiet);
  } finally {
    // esbuild keeps a service process (~100 MiB) alive until stopped: a long-running `cairn serve` must not carry it
    await stop();
  }
  writeFileSync(join(staging, "BUILT"), `${new Date().toISOString()}\n`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(staging, outDir);
  if (!quiet) process.stderr.write(`cairn: command line compiled into dist/cli in ${Date.now() - started} ms\n`);
}

function buildInto(staging, external, quiet) {
  return build({
    // the prepare worker's own entry: `cairn index` starts it before loading anything else (lib/index/prepare-worker-start.ts)
    entryPoints: { cli: join(projectDir, "lib", "cli.ts"), "prepare-worker": join(projectDir, "lib", "index", "prepare-worker.ts") },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    conditions: ["react-server"],
    external: [...external, ...external.map((name) => `${name}/*`)],
    alias: { "@": projectDir },
    sourcemap: "linked",
    logLevel: quiet ? "error" : "warning",
    banner: { js: "import { createRequire as __cairnCreateRequire } from 'node:module'; const require = __cairnCreateRequire(import.meta.url);" },
    plugins: [lazyBuiltins],
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildCli().catch((error) => {
    process.stderr.write(`cairn: could not compile the command line: ${error?.message ?? error}\n`);
    process.exit(1);
  });
}
