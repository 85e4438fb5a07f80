/**
 * Security in a real browser, on its own small world and server (built by the suite's web server):
 * pages hydrate under the nonce CSP without violations; XSS payloads in checkpoints never run in any
 * view and reach no other server; "Redact in file" works from the audit page; a team-mode token link
 * from another site signs in.
 */
import { expect, test, type Frame, type Page, type Request } from "@playwright/test";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { E2E_DIR } from "./support/paths";
import { runCli, startServer, type RunningServer } from "../tests/security/support/server";
import { buildLeakyRepo, buildXssRepo, type LeakyRepo } from "../tests/security/support/world";
import { TRACKER_HOST, XSS_SEARCH_WORD } from "../tests/security/support/xss";

interface Listed {
  id: string;
  path: string;
  repo: string | null;
  title: string | null;
}

const dir = join(E2E_DIR, "security");
let server: RunningServer;
let leaky: LeakyRepo;
let xssDocs: Listed[];
let repoPages: string[];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dir, { recursive: true, force: true });
  const root = join(dir, "code");
  const home = join(dir, "home");
  mkdirSync(home, { recursive: true });
  leaky = buildLeakyRepo(root);
  buildXssRepo(root);
  const db = join(dir, "cairn.db");
  const indexed = runCli(["index", "--root", root, "--home", home, "--db", db]);
  expect(indexed.status, indexed.stderr).toBe(0);
  const listed = JSON.parse(runCli(["list", "--json", "--kind", "all", "--db", db]).stdout) as Listed[];
  xssDocs = listed.filter((d) => d.repo?.endsWith("xss-lab"));
  expect(xssDocs.length).toBe(2);
  server = await startServer({ db, home, distDir: process.env.CAIRN_DIST_DIR ?? ".next-sec" });
  const overview = await (await fetch(`${server.url}/`)).text();
  repoPages = [...new Set(overview.match(/\/repos\/\d+/g) ?? [])];
});

test.afterAll(async () => {
  await server?.stop();
});

/** Collects CSP violations, reported both as events and on the console. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Hydrated: the header's client component answers the `/` shortcut. */
async function expectHydrated(page: Page) {
  await expect(async () => {
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("/");
    // the header's search box, or the search page's own field, which takes the shortcut there
    await expect(page.locator("input[type=search]:focus")).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

async function xssGlobals(frame: Frame): Promise<string[] | "no-access"> {
  const read = frame
    .evaluate(() => Object.keys(window).filter((k) => k.startsWith("__xss")))
    .catch(() => "no-access" as const);
  const timeout = new Promise<"no-access">((resolve) => setTimeout(() => resolve("no-access"), 2_000));
  return Promise.race([read, timeout]);
}

/** At most `ms` of waiting for a call into a frame: a sandboxed frame whose form was just submitted can leave one unanswered. */
const within = <T>(ms: number, call: Promise<T>, otherwise: T): Promise<T> =>
  Promise.race([call.catch(() => otherwise), new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms))]);

/** Click whatever payload link or button is visible, in the page and in its frames. */
async function pokePayloads(page: Page) {
  for (const frame of page.frames()) {
    for (const name of ["javascript link", "entity link", "markdown javascript link", "markdown entity link", "html javascript link", "task link", "form button", "toggle"]) {
      if (frame.isDetached()) break;
      const target = frame.getByText(name, { exact: true }).first();
      if (await within(2_000, target.isVisible(), false)) await within(2_000, target.click({ timeout: 1_000, noWaitAfter: true }), undefined);
    }
  }
}

test("pages hydrate under the nonce CSP, with no violation", async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ["/", "/secrets", "/checkpoints", "/roots", "/problems", ...repoPages, `/checkpoints/${xssDocs[0].id}`]) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()["content-security-policy"], path).toContain("'strict-dynamic'");
    await expectHydrated(page);
  }
  expect(violations).toEqual([]);
});

test("XSS payloads never run: checkpoint, original view, search results, repository page", async ({ page }) => {
  test.setTimeout(120_000); // a dozen pages with their frames poked, on a machine that may be busy (16 s quiet, over 30 s under load)
  const violations = await watchCsp(page);
  const tracked: string[] = [];
  // the browser may announce a request the CSP then blocks; only one that went out counts
  const outgoing = (request: Request, failure: string | null) => {
    if (new URL(request.url()).hostname === TRACKER_HOST && !/^csp$|ERR_BLOCKED_BY_(CSP|CLIENT|RESPONSE)/i.test(failure ?? "")) {
      tracked.push(`${request.url()} (${request.resourceType()}, ${failure ?? "sent"}, on ${page.url()})`);
    }
  };
  page.on("requestfinished", (request) => outgoing(request, null));
  page.on("requestfailed", (request) => outgoing(request, request.failure()?.errorText ?? "failed"));
  const htmlDoc = xssDocs.find((d) => d.path.endsWith(".html"))!;
  const paths = [...xssDocs.flatMap((d) => [`/checkpoints/${d.id}`, `/checkpoints/${d.id}?view=original`]), `/search?q=${XSS_SEARCH_WORD}`, ...repoPages];
  for (const path of paths) {
    violations.length = 0;
    const response = await page.goto(`${server.url}${path}`);
    if (path.startsWith("/search") && response?.status() === 404) continue; // no search page in this build
    expect(response?.status(), path).toBe(200);
    await page.waitForTimeout(500);
    await pokePayloads(page);
    await page.waitForTimeout(300);
    if (page.url() !== `${server.url}${path}`) await page.goto(`${server.url}${path}`);
    for (const frame of page.frames()) {
      const found = await xssGlobals(frame);
      expect(found === "no-access" ? [] : found, `${path} (${frame.url()})`).toEqual([]);
    }
    await expectHydrated(page);
    // Cairn's own views hold no payload at all (the sanitiser removed them); only the original HTML, shown
    // as written inside the sandboxed frame, makes the browser block something (sandbox and CSP both)
    if (path !== `/checkpoints/${htmlDoc.id}?view=original`) expect(violations, path).toEqual([]);
  }
  await page.goto(`${server.url}/checkpoints/${htmlDoc.id}?view=original`);
  const frame = page.locator("iframe").first();
  await expect(frame).toHaveAttribute("sandbox", "");
  expect(tracked, "a checkpoint made the browser contact another server").toEqual([]);
});

test("Redact in file, from the audit page", async ({ page }) => {
  await page.goto(`${server.url}/secrets`);
  await expectHydrated(page);
  const section = page.getByRole("region", { name: new RegExp(leaky.htmlPath.split("/").pop()!.replace(/[.]/g, "\\.")) });
  await section.getByRole("button", { name: `Redact in file ${leaky.htmlPath}` }).click();
  await expect(page.getByText(/the file now scans clean/)).toBeVisible({ timeout: 15_000 });
  const after = readFileSync(join(leaky.path, leaky.htmlPath), "utf8");
  for (const secret of leaky.secrets) expect(after).not.toContain(secret.value);
  expect(after).toContain("[REDACTED:github-token]");
  await page.reload();
  await expect(page.getByRole("button", { name: `Redact in file ${leaky.htmlPath}` })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Redact in file ${leaky.markdownPath}` })).toBeVisible();
});

test("team mode: a token link from another site signs in once, then the cookie does the rest", async ({ page }) => {
  const team = await startServer({ db: join(dir, "team.db"), host: "127.0.0.2", distDir: process.env.CAIRN_DIST_DIR ?? ".next-sec" });
  try {
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(team.output())?.[1];
    expect(token).toBeTruthy();
    expect((await page.goto(`${team.url}/secrets`))?.status()).toBe(401);
    // a link in a chat message: a cross-site navigation
    await page.setContent(`<a href="${team.url}/secrets?token=${token}">open Cairn</a>`);
    await page.getByRole("link", { name: "open Cairn" }).click();
    await expect(page).toHaveURL(`${team.url}/secrets`);
    await expect(page.getByRole("heading", { level: 1, name: "Secrets" })).toBeVisible();
    await expectHydrated(page);
    expect(await page.evaluate(() => document.cookie), "the cookie is HttpOnly").not.toContain("cairn_token");
    const cookie = (await page.context().cookies(team.url)).find((c) => c.name.startsWith("cairn_token_"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });
  } finally {
    await team.stop();
  }
});
