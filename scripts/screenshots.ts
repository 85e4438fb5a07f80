/**
 * Retakes the README's screenshots (docs/screenshots/*.png) with Playwright and Debian's chromium.
 *
 *   npx tsx scripts/screenshots.ts                               # starts the demo on a free port, shoots, stops it
 *   npx tsx scripts/screenshots.ts --url http://127.0.0.1:3000   # against a demo you already run
 *
 * Light mode at 1280 px: the overview's queue ("What to do next"), a drifted checkpoint with its freshness
 * banner, the demo repository with every freshness situation; and that checkpoint once in dark mode.
 * `CAIRN_SKIP_BUILD=1` and `CAIRN_DIST_DIR` pass through to the demo (use an existing build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { VARIED } from "./fixtures/varied";

const projectDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(projectDir, "docs", "screenshots");
const WIDTH = 1280;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the demo and resolves with its address once it says how to stop it. */
async function startDemo(): Promise<{ url: string; demo: ChildProcess }> {
  const port = await freePort();
  const demo = spawn(process.execPath, ["--import", "tsx", join(projectDir, "scripts", "demo.ts"), "--port", String(port)], {
    cwd: projectDir,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    demo.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      process.stderr.write(chunk);
      if (out.includes("Ctrl-C to stop")) resolve();
    });
    demo.on("exit", (code) => reject(new Error(`the demo exited (${code}) before it was ready`)));
  });
  return { url: `http://127.0.0.1:${port}`, demo };
}

async function open(browser: Browser, url: string, colorScheme: "light" | "dark", height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height }, colorScheme, deviceScaleFactor: 1, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(url);
  // hydrated and listening: what a user sees once the page settled
  await page.locator("html[data-live='open']").waitFor({ state: "attached", timeout: 30_000 });
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path, animations: "disabled" });
  process.stderr.write(`wrote ${path}\n`);
  await page.context().close();
}

interface CheckpointRecord {
  id: string;
  title: string | null;
  repository?: { name?: string | null } | null;
  repo?: string | null;
  path: string;
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--url");
  const given = i >= 0 ? process.argv[i + 1] : undefined;
  const started = given ? null : await startDemo();
  const base = (given ?? started!.url).replace(/\/$/, "");
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    // the drifted save in the demo repository: its banner says how far the code moved since
    const records = (await (await fetch(`${base}/api/checkpoints`)).json()) as CheckpointRecord[];
    const drifted = records.find((r) => r.title === VARIED.drifted);
    if (!drifted) throw new Error(`no checkpoint titled "${VARIED.drifted}" at ${base}: is this the demo?`);

    const overview = await open(browser, `${base}/`, "light", 900);
    await overview.getByRole("list", { name: "What to do next" }).waitFor();
    await shoot(overview, "overview-queue");

    const checkpoint = await open(browser, `${base}/checkpoints/${drifted.id}`, "light", 1000);
    await checkpoint.getByTestId("freshness-banner").waitFor();
    await shoot(checkpoint, "checkpoint");

    const dark = await open(browser, `${base}/checkpoints/${drifted.id}`, "dark", 1000);
    await dark.getByTestId("freshness-banner").waitFor();
    await shoot(dark, "checkpoint-dark");

    const repos = await open(browser, `${base}/repos`, "light", 900);
    const repoHref = await repos.getByRole("link", { name: VARIED.name, exact: true }).first().getAttribute("href");
    await repos.context().close();
    const repository = await open(browser, `${base}${repoHref}`, "light", 1100);
    await shoot(repository, "repository");
  } finally {
    await browser.close();
    if (started) {
      const exited = new Promise((resolve) => started.demo.once("exit", resolve));
      started.demo.kill("SIGINT");
      await exited;
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshots: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
