/**
 * `npm run test:e2e`'s first step: make sure a Chromium is there for Playwright, or stop with one line naming what
 * to install (issue 28, item 4). The order: CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own download;
 * as root with apt-get, Debian's package is installed; otherwise Playwright's own is downloaded where the network
 * allows. Exit status 0 when a browser runs, 1 when not. The decision itself is `decideBrowser` (unit-tested).
 *
 * `--dry-run` walks the same steps as on a machine with no browser at all (every binary found is taken as absent)
 * and installs nothing: apt-get only simulates (`apt-get install -s chromium`), Playwright only says what it would
 * download (`playwright install --dry-run chromium`); each simulated install counts as failed, so the run ends
 * on the line a machine where nothing could be installed would print.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { decideBrowser, machineFacts } from "./browser/chromium";

const quiet = { stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[], encoding: "utf8" as const, maxBuffer: 64 * 1024 * 1024 };

/** The line that says why a tool failed: its last `Error: …`/`E: …` line (the root cause), else its last line. */
function why(text: string | null | undefined): string {
  const lines = (text ?? "").split("\n").map((line) => line.trim()).filter(Boolean);
  return lines.filter((line) => /^(Error|E):/.test(line)).pop() ?? lines.pop() ?? "";
}

const dryRun = process.argv.includes("--dry-run");

/** What an install would do, without doing it: a simulated apt-get, Playwright's own dry run. Always "failed". */
function simulate(via: "apt" | "playwright"): string {
  const got =
    via === "apt"
      ? spawnSync("apt-get", ["install", "-s", "chromium"], { ...quiet, timeout: 120_000 })
      : spawnSync(process.execPath, [playwrightCli(), "install", "--dry-run", "chromium"], { ...quiet, timeout: 120_000 });
  const out = `${got.stdout ?? ""}\n${got.stderr ?? ""}`;
  const said =
    via === "apt"
      ? out.split("\n").find((line) => /^(Inst chromium |chromium is already)/.test(line)) ?? why(out)
      : out.split("\n").find((line) => /Download url:/.test(line))?.trim() ?? why(out);
  console.log(`  dry run: ${via === "apt" ? "apt-get install -s chromium" : "playwright install --dry-run chromium"} (status ${got.status}): ${said}`);
  return `${via === "apt" ? "apt-get" : "playwright"}: dry run, nothing installed`;
}

function install(via: "apt" | "playwright"): string | null {
  if (dryRun) return simulate(via);
  if (via === "apt") {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { ...quiet, env, timeout: 600_000 });
    if (update.status !== 0) return `apt-get update failed: ${why(update.stderr)}`;
    const got = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { ...quiet, env, timeout: 1_200_000 });
    return got.status === 0 ? null : `apt-get install chromium failed: ${why(got.stderr)}`;
  }
  const got = spawnSync(process.execPath, [playwrightCli(), "install", "chromium"], { ...quiet, timeout: 1_200_000 });
  return got.status === 0 ? null : `playwright install chromium failed: ${why(`${got.stdout ?? ""}\n${got.stderr ?? ""}`) || (got.error?.message ?? "")}`;
}

function playwrightCli(): string {
  return fileURLToPath(new URL("../node_modules/@playwright/test/cli.js", import.meta.url));
}

const tried = new Set<"apt" | "playwright">();
const failures: string[] = [];
for (;;) {
  const facts = machineFacts(process.env, tried);
  // a dry run plays a machine without any browser: nothing found runs, nothing downloaded is there
  const step = decideBrowser(dryRun ? { ...facts, runs: () => false, playwrightPresent: false } : facts);
  if (step.kind === "use") {
    if (tried.size > 0 || step.source === "playwright") console.log(`end-to-end tests: using ${step.path}`);
    process.exit(0);
  }
  if (step.kind === "stop") {
    // one line: what to install (and, after an install that failed, why in brief)
    console.error(failures.length ? `${step.line} (${failures.join("; ")})` : step.line);
    process.exit(1);
  }
  console.log(step.say);
  tried.add(step.via);
  const failed = install(step.via);
  if (failed) failures.push(failed);
}
