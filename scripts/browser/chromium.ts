/**
 * Which Chromium the end-to-end tests drive, and what to do when there is none (issue 28, item 4).
 *
 * `decideBrowser` is the whole decision, pure: the facts about the machine go in, one step comes out (use this
 * binary, install with apt-get, download Playwright's own, or stop with one line naming what to install).
 * `machineFacts` gathers those facts; `scripts/ensure-browser.ts` loops fact -> step -> fact until it can use a
 * binary or has to stop; `playwright.config.ts` asks `findChromium` (the same order, nothing installed).
 */
import { accessSync, constants, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/** Debian's package puts its launcher here. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const INSTALL_LINE =
  "end-to-end tests need Chromium: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary";

export interface BrowserFacts {
  /** `CHROMIUM_PATH` as set (empty counts as unset). */
  chromiumPathEnv: string | undefined;
  /** Whether a path is an executable file that answers `--version` (a launcher missing its libraries does not). */
  runs: (path: string) => boolean;
  /** Running as root (uid 0): apt-get may install. */
  root: boolean;
  /** apt-get is on this machine. */
  aptGet: boolean;
  /** Where Playwright keeps its own Chromium once downloaded (whether or not it is there). */
  playwrightPath: string | null;
  /** A file is at `playwrightPath` (downloaded, whether or not it starts). */
  playwrightPresent: boolean;
  /** Installs already tried in this run (each is tried at most once). */
  tried: ReadonlySet<"apt" | "playwright">;
}

export type BrowserStep =
  | { kind: "use"; path: string; source: "CHROMIUM_PATH" | "debian" | "playwright" }
  | { kind: "install"; via: "apt" | "playwright"; say: string }
  | { kind: "stop"; line: string };

export function decideBrowser(f: BrowserFacts): BrowserStep {
  const asked = f.chromiumPathEnv?.trim();
  if (asked) {
    // the user named a binary: use it or say so, never install something they did not ask for
    if (f.runs(asked)) return { kind: "use", path: asked, source: "CHROMIUM_PATH" };
    return {
      kind: "stop",
      line: `end-to-end tests: CHROMIUM_PATH=${asked} does not run (missing, not executable, or no --version); point it at a Chromium binary, or unset it to use ${DEBIAN_CHROMIUM}`,
    };
  }
  if (f.runs(DEBIAN_CHROMIUM)) return { kind: "use", path: DEBIAN_CHROMIUM, source: "debian" };
  if (f.playwrightPath && f.runs(f.playwrightPath)) return { kind: "use", path: f.playwrightPath, source: "playwright" };
  if (f.root && f.aptGet && !f.tried.has("apt")) {
    return { kind: "install", via: "apt", say: "end-to-end tests: no Chromium found; installing Debian's chromium (apt-get install chromium)…" };
  }
  if (f.playwrightPath && !f.tried.has("playwright")) {
    return {
      kind: "install",
      via: "playwright",
      say: "end-to-end tests: no Chromium found; downloading Playwright's own (npx playwright install chromium)…",
    };
  }
  if (f.playwrightPath && f.playwrightPresent) {
    // downloaded, but it does not start: the shared libraries are what is missing
    return {
      kind: "stop",
      line: `end-to-end tests need Chromium: Playwright's own at ${f.playwrightPath} lacks system libraries; install Debian's package (sudo apt-get install chromium) or run sudo npx playwright install-deps chromium`,
    };
  }
  return { kind: "stop", line: INSTALL_LINE };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** An executable file that prints its version within 20 s. */
export function binaryRuns(path: string): boolean {
  if (!executable(path)) return false;
  const result = spawnSync(path, ["--version"], { stdio: "ignore", timeout: 20_000 });
  return result.status === 0;
}

/** Where Playwright's own Chromium would be, from the installed playwright-core; null when that cannot be asked. */
export function playwrightChromiumPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core") as { chromium: { executablePath(): string } };
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export function machineFacts(env: NodeJS.ProcessEnv, tried: ReadonlySet<"apt" | "playwright"> = new Set()): BrowserFacts {
  const playwrightPath = playwrightChromiumPath();
  return {
    chromiumPathEnv: env.CHROMIUM_PATH,
    runs: binaryRuns,
    root: typeof process.getuid === "function" && process.getuid() === 0,
    aptGet: onPath("apt-get"),
    playwrightPath,
    playwrightPresent: playwrightPath !== null && existsSync(playwrightPath),
    tried,
  };
}

/**
 * The binary the tests should launch, without installing or starting anything (cheap enough for a config file):
 * CHROMIUM_PATH as given (Playwright then reports it if it is wrong), else the first executable of Debian's and
 * Playwright's own, else Debian's path.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const asked = env.CHROMIUM_PATH?.trim();
  if (asked) return asked;
  if (executable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = playwrightChromiumPath();
  return own && executable(own) ? own : DEBIAN_CHROMIUM;
}
