/**
 * Navigation as a person feels it: Chromium (Playwright) on the running dashboard clicks the header's
 * links in turn, and from the checkpoints list into a checkpoint. Each sample is measured in the page,
 * from the click event (capture phase, before Next's Link sees it) to the first animation frame where
 * the new URL is in the address bar and the new page's `h1` is in `#main`. Before each click the page
 * is left to settle (its prefetches done), as a reader would. It also notes whether a loading skeleton
 * (`role=status` "Loading…", `.animate-pulse`, `aria-busy`) flashed in `#main` between the two pages.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { percentile } from "./measure";

export interface NavSeries {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  /** Clicks during which a loading skeleton appeared in `#main`. */
  skeletons: number;
}

export interface NavTiming {
  header: NavSeries;
  listToCheckpoint: NavSeries | null;
  /** Per header link: its p50, to see which page is slow. */
  byLink: Array<{ label: string; p50: number }>;
}

const HEADER = ["Checkpoints", "Repositories", "Search", "Reviews", "Secrets", "Problems", "Roots", "Overview"];
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Waits until no request but the live-update stream has been in flight for `quietMs` (at most `maxMs`). */
async function settle(page: Page, inFlight: Set<unknown>, quietMs = 400, maxMs = 6000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/**
 * The in-page stopwatch, as source text (a function compiled by tsx would carry its `__name` helper
 * into the page): resolves once `target` is shown with an `h1` other than the current one.
 */
const STOPWATCH = `(target) => {
  const main = document.getElementById("main");
  const before = main ? main.querySelector("h1") : null;
  window.__cairnNav = new Promise((resolve) => {
    let start = 0;
    let skeleton = false;
    const busy = ".animate-pulse, [aria-busy='true']";
    const looksLikeSkeleton = (node) =>
      node instanceof Element &&
      (node.matches(busy) || !!node.querySelector(busy) || (node.getAttribute("role") === "status" && /loading/i.test(node.textContent || "")));
    const observer = new MutationObserver((records) => {
      if (records.some((r) => Array.from(r.addedNodes).some(looksLikeSkeleton))) skeleton = true;
    });
    if (main) observer.observe(main, { childList: true, subtree: true });
    const check = () => {
      const m = document.getElementById("main");
      const h1 = m ? m.querySelector("h1") : null;
      if (location.pathname === target && h1 && h1 !== before && h1.isConnected) {
        observer.disconnect();
        resolve({ ms: performance.now() - start, skeleton });
      } else requestAnimationFrame(check);
    };
    window.addEventListener("click", () => { start = performance.now(); requestAnimationFrame(check); }, { capture: true, once: true });
  });
}`;

async function arm(page: Page, pathname: string): Promise<void> {
  await page.evaluate(`(${STOPWATCH})(${JSON.stringify(pathname)})`);
}

async function clickAndTime(page: Page, click: () => Promise<void>, pathname: string): Promise<{ ms: number; skeleton: boolean }> {
  await arm(page, pathname);
  await click();
  return (await page.evaluate("window.__cairnNav")) as { ms: number; skeleton: boolean };
}

function series(samples: number[], skeletons: number): NavSeries {
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples), skeletons };
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/**
 * `rounds` passes over the header's links (each link once per pass, each click from the page the
 * previous one opened), then `rounds` x 3 clicks from /checkpoints into one of its first rows.
 */
export async function timeNavigation(port: number, rounds: number, log: (line: string) => void): Promise<NavTiming> {
  const base = `http://127.0.0.1:${port}`;
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const inFlight = new Set<unknown>();
    page.on("request", (r) => {
      if (!r.url().includes("/api/events")) inFlight.add(r);
    });
    page.on("requestfinished", (r) => inFlight.delete(r));
    page.on("requestfailed", (r) => inFlight.delete(r));
    await page.goto(`${base}/`, { waitUntil: "load" });
    await settle(page, inFlight);

    const header = page.getByRole("navigation", { name: "Main" });
    const hrefs = new Map<string, string>();
    for (const label of HEADER) {
      const href = await header.getByRole("link", { name: label, exact: true }).getAttribute("href");
      if (!href) throw new Error(`no header link "${label}"`);
      hrefs.set(label, new URL(href, base).pathname);
    }
    const headerSamples: number[] = [];
    const perLink = new Map<string, number[]>();
    let headerSkeletons = 0;
    // one untimed pass first: the browser's code cache and the server's first renders
    for (let round = 0; round <= rounds; round++) {
      for (const label of HEADER) {
        const timed = await clickAndTime(page, () => header.getByRole("link", { name: label, exact: true }).click(), hrefs.get(label)!);
        if (round > 0) {
          headerSamples.push(timed.ms);
          perLink.set(label, [...(perLink.get(label) ?? []), timed.ms]);
          if (timed.skeleton) headerSkeletons++;
        }
        await settle(page, inFlight);
      }
    }
    log(`navigation: header links p50 ${percentile(headerSamples, 50).toFixed(0)} ms over ${headerSamples.length} clicks`);

    const listSamples: number[] = [];
    let listSkeletons = 0;
    for (let round = 0; round <= rounds; round++) {
      for (let row = 0; row < 3; row++) {
        await clickAndTime(page, () => header.getByRole("link", { name: "Checkpoints", exact: true }).click(), "/checkpoints");
        await settle(page, inFlight);
        const link = page.locator("#main table tbody tr").nth(row).locator('a[href^="/checkpoints/"]').first();
        if ((await link.count()) === 0) break;
        const href = await link.getAttribute("href");
        if (!href) break;
        const timed = await clickAndTime(page, () => link.click(), new URL(href, base).pathname);
        if (round > 0) {
          listSamples.push(timed.ms);
          if (timed.skeleton) listSkeletons++;
        }
        await settle(page, inFlight);
      }
    }
    return {
      header: series(headerSamples, headerSkeletons),
      listToCheckpoint: listSamples.length ? series(listSamples, listSkeletons) : null,
      byLink: HEADER.map((label) => ({ label, p50: percentile(perLink.get(label) ?? [], 50) })),
    };
  } finally {
    await browser.close();
  }
}
