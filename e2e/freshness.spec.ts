/**
 * Freshness banner, the "what changed" diff page and the compare page.
 *
 * The shared fixture world commits after its last save, so its newest checkpoints are stale. For
 * branch cases this spec builds its own repository (`fresh-branchy`) under the world's code root,
 * re-indexes, and removes it again at the end so the other specs see the world unchanged. Just over 300 lines: one
 * spec sharing that repository and its helpers.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import * as family from "../scripts/fixtures/families";
import { commitAll, git, initRepo, writeFiles } from "../scripts/fixtures/git";
import { E2E_DB, E2E_WORLD } from "./support/paths";
import { at } from "./support/fixture-world";

const CODE = join(E2E_WORLD, "code");
const HOME = join(E2E_WORLD, "home");
const FIXTURE_REPO = join(CODE, "project-001");
const BRANCHY = join(CODE, "fresh-branchy");
const BOOKKEEPING = /^chore\((?:checkpoint|session)\):/;

interface ListedRecord {
  id: string;
  path: string;
  format: string;
  title: string | null;
  branch: string | null;
  headSha: string | null;
  savedAt: string | null;
}

function cairn(args: string[]): string {
  return execFileSync(process.execPath, [join(process.cwd(), "bin", "cairn.mjs"), ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function reindex(): void {
  cairn(["index", "--root", CODE, "--db", E2E_DB, "--home", HOME]);
}

function recordsOf(repo: string): ListedRecord[] {
  return JSON.parse(cairn(["list", "--json", "--db", E2E_DB, "--repo", repo])) as ListedRecord[];
}

function byTitle(records: ListedRecord[], title: string): ListedRecord {
  const found = records.find((r) => r.title === title);
  if (!found) throw new Error(`no checkpoint titled ${title}: ${records.map((r) => r.title).join(", ")}`);
  return found;
}

function facts(title: string, branch: string, headSha: string, savedAt: string, tasks: [string, boolean][], extraHtml = ""): family.SaveFacts {
  return {
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    branch,
    headSha,
    savedAt: at(savedAt),
    status: "in-progress",
    tasks: tasks.map(([text, done]) => ({ text, done })),
    keyFiles: ["src/login.ts"],
    decision: "Keep sessions server-side",
    gotcha: "The login fixture expires after an hour",
    extraHtml,
  };
}

function saveCheckpoint(f: family.SaveFacts): void {
  writeFiles(BRANCHY, { [family.htmlCheckpointPath(f)]: family.htmlCheckpoint(f) });
}

/** main -> feature/login (two saves) -> a deleted spike branch (one save) -> back on main with a hotfix. */
function buildBranchyRepository(): void {
  rmSync(BRANCHY, { recursive: true, force: true });
  initRepo(BRANCHY);
  appendFileSync(join(BRANCHY, ".git", "info", "exclude"), ".claude/\n");
  writeFiles(BRANCHY, { "src/app.ts": "export const app = 1;\n", "README.md": "# branchy\n" });
  commitAll(BRANCHY, "feat: initial layout", at("2026-11-20T08:00:00Z"));

  git(BRANCHY, ["checkout", "-q", "-b", "feature/login"]);
  writeFiles(BRANCHY, { "src/login.ts": "export function login() {\n  return false;\n}\n" });
  const first = commitAll(BRANCHY, "feat: login form", at("2026-11-20T09:00:00Z"));
  saveCheckpoint(
    facts("Login form (first save)", "feature/login", first, "2026-11-20T09:10:00Z", [
      ["Write the failing test first", true],
      ["Wire the login form", false],
      ["Update the README section", false],
    ]),
  );
  writeFiles(BRANCHY, { "src/login.ts": "export function login(user: string) {\n  return user.length > 0;\n}\n" });
  commitAll(BRANCHY, "feat: wire the login form", at("2026-11-20T10:00:00Z"));
  const second = commitAll(BRANCHY, "chore(checkpoint): save login progress", at("2026-11-20T10:01:00Z"));
  saveCheckpoint(
    facts(
      "Login form (second save)",
      "feature/login",
      second,
      "2026-11-20T10:05:00Z",
      [
        ["Write the failing test first", true],
        ["Wire the login form", true],
        ["Update the README section", false],
        ["Add rate limiting to login", false],
      ],
      '<h2 id="open-questions">Open Questions</h2>\n<p>Do we need remember-me?</p>',
    ),
  );
  writeFiles(BRANCHY, { "src/remember.ts": "export const rememberMe = true;\n" });
  commitAll(BRANCHY, "feat: remember me", at("2026-11-20T11:00:00Z"));

  git(BRANCHY, ["checkout", "-q", "main"]);
  git(BRANCHY, ["checkout", "-q", "-b", "spike/cache"]);
  writeFiles(BRANCHY, { "src/cache.ts": "export const cache = new Map();\n" });
  const spike = commitAll(BRANCHY, "spike: try a cache", at("2026-11-20T12:00:00Z"));
  saveCheckpoint(facts("Cache spike", "spike/cache", spike, "2026-11-20T12:05:00Z", [["Measure the hit rate", false]]));

  git(BRANCHY, ["checkout", "-q", "main"]);
  git(BRANCHY, ["branch", "-q", "-D", "spike/cache"]);
  writeFiles(BRANCHY, { "src/hotfix.ts": "export const hotfix = 1;\n" });
  commitAll(BRANCHY, "fix: hotfix on main", at("2026-11-20T13:00:00Z"));
}

async function banner(page: Page) {
  const section = page.getByTestId("freshness-banner");
  await expect(section).toBeVisible();
  return section;
}

test.describe.configure({ mode: "serial" });

let fixtureRecords: ListedRecord[] = [];
let branchyRecords: ListedRecord[] = [];

test.beforeAll(() => {
  test.setTimeout(120_000);
  buildBranchyRepository();
  reindex();
  fixtureRecords = recordsOf(FIXTURE_REPO);
  branchyRecords = recordsOf(BRANCHY);
});

test.afterAll(() => {
  test.setTimeout(120_000);
  rmSync(BRANCHY, { recursive: true, force: true });
  reindex();
});

/** The agent's own files (counted apart from the code): .claude/**, CLAUDE.md, PROMPT.md and indexed documents. */
function isAgentFile(path: string, documents: Set<string>): boolean {
  return path.startsWith(".claude/") || path.includes("/.claude/") || /(^|\/)(?:CLAUDE|PROMPT)\.md$/.test(path) || documents.has(path);
}

/** Commits of sha..HEAD that are bookkeeping: by subject, or touching only the agent's own files (git's own answers). */
function bookkeepingSince(repo: string, sha: string, documents: Set<string>): string[] {
  return git(repo, ["log", "--format=%H%x09%P%x09%s", `${sha}..HEAD`])
    .split("\n")
    .filter(Boolean)
    .filter((line) => {
      const [commit, parents, subject] = line.split("\t");
      if (BOOKKEEPING.test(subject ?? "")) return true;
      if ((parents ?? "").split(" ").filter(Boolean).length > 1) return false;
      const files = git(repo, ["diff-tree", "--no-commit-id", "--name-only", "-r", "--root", commit as string]).split("\n").filter(Boolean);
      return files.length > 0 && files.every((file) => isAgentFile(file, documents));
    })
    .map((line) => line.split("\t")[2] as string);
}

/** Subjects of sha..HEAD, newest first. */
function subjectsSince(repo: string, sha: string): string[] {
  return git(repo, ["log", "--format=%s", `${sha}..HEAD`]).split("\n").filter(Boolean);
}

/** Drift counts from the commit that added or last changed the checkpoint's file, when it came after the saved one (issue 39). */
function driftBase(repo: string, record: ListedRecord): string {
  const sha = record.headSha as string;
  const own = git(repo, ["log", "-1", "--format=%H", "--", record.path]);
  if (!own || own.startsWith(sha)) return sha;
  try {
    execFileSync("git", ["merge-base", "--is-ancestor", sha, own], { cwd: repo });
    return own;
  } catch {
    return sha;
  }
}

test("a stale fixture checkpoint: one sentence with the same numbers as the diff page, the agent's own files apart", async ({ page }) => {
  // the newest checkpoint on the checked-out branch with bookkeeping commits after its own commit
  const current = git(FIXTURE_REPO, ["rev-parse", "--abbrev-ref", "HEAD"]);
  const stale = fixtureRecords
    .filter((r) => r.format === "html" && r.headSha && r.branch === current)
    .sort((a, b) => (b.savedAt ?? "").localeCompare(a.savedAt ?? ""))
    .find((r) => subjectsSince(FIXTURE_REPO, driftBase(FIXTURE_REPO, r)).some((s) => BOOKKEEPING.test(s)));
  expect(stale).toBeTruthy();
  const record = stale as ListedRecord;
  const sha = driftBase(FIXTURE_REPO, record);

  const subjects = subjectsSince(FIXTURE_REPO, sha);
  const documents = new Set((JSON.parse(cairn(["list", "--json", "--kind", "all", "--db", E2E_DB, "--repo", FIXTURE_REPO])) as ListedRecord[]).map((r) => r.path));
  const bookkeeping = bookkeepingSince(FIXTURE_REPO, sha, documents);
  const committed = new Set(git(FIXTURE_REPO, ["diff", "--name-only", sha, "HEAD"]).split("\n").filter(Boolean));
  const changed = new Set(committed);
  for (const line of git(FIXTURE_REPO, ["status", "--porcelain=v1"]).split("\n").filter(Boolean)) changed.add(line.slice(3));
  const code = [...changed].filter((file) => !isAgentFile(file, documents));

  await page.goto(`/checkpoints/${record.id}/diff`);
  const section = await banner(page);
  const headline = section.getByTestId("freshness-headline");
  await expect(headline).toContainText(`${subjects.length} commits since the save (${bookkeeping.length} bookkeeping)`);
  if (code.length > 0) await expect(headline).toContainText(`${code.length} ${code.length === 1 ? "file" : "files"} changed`);
  // the agent-facing advice belongs to the resume prompt, not to the banner
  await expect(headline).not.toContainText("possibly stale");
  await expect(section.locator("[data-freshness]")).toHaveText(/stale/);

  await expect(page.getByRole("heading", { level: 2, name: "Commits since the save" })).toBeVisible();
  const list = page.getByTestId("diff-commits");
  await expect(list.locator("li")).toHaveCount(subjects.length);
  const marked = list.locator("li", { hasText: bookkeeping[0] });
  await expect(marked).toHaveAttribute("data-bookkeeping", "true");
  await expect(marked.getByText("bookkeeping", { exact: true })).toBeVisible();
  const real = subjects.find((s) => !bookkeeping.includes(s));
  if (real) await expect(list.locator("li", { hasText: real })).not.toHaveAttribute("data-bookkeeping", "true");

  await expect(page.getByTestId("diff-stat").locator("tbody tr")).toHaveCount(committed.size);
  await expect(page.getByTestId("diff-stat").getByTestId("agent-files").locator("tbody tr")).toHaveCount([...committed].filter((file) => isAgentFile(file, documents)).length);
  const added = git(FIXTURE_REPO, ["diff", "--name-only", "--diff-filter=A", sha, "HEAD", "--", "src"]).split("\n").filter(Boolean)[0];
  expect(added).toBeTruthy();
  const firstLine = git(FIXTURE_REPO, ["show", `HEAD:${added}`]).split("\n")[0];
  const file = page.getByTestId("diff-files").locator("details", { hasText: added });
  const line = file.locator('[data-kind="add"]', { hasText: `+${firstLine}` }).first();
  // collapsible: small diffs start open, the rest closed
  if (!(await file.evaluate((el) => (el as HTMLDetailsElement).open))) await file.locator("summary").click();
  await expect(line).toBeVisible();
  await file.locator("summary").click();
  await expect(line).toBeHidden();
});

test("a checkpoint without a commit is counted from its save time", async ({ page }) => {
  const record = fixtureRecords.find((r) => r.format === "session-state" && !r.headSha);
  expect(record).toBeTruthy();
  await page.goto(`/checkpoints/${record?.id}/diff`);
  await expect((await banner(page)).getByTestId("freshness-headline")).toContainText(/commits? since the save time \(no commit recorded in the file/);
  // counted from the commit that added its file when that came after its save time (issue 39), else from the save time
  await expect(page.getByText(/This checkpoint recorded no commit; showing commits since its save time\.|Compared from [0-9a-f]{7}, the commit that added or last changed this checkpoint's file/)).toBeVisible();
  await expect(page.getByTestId("diff-commits")).toBeVisible();
});

test("a checkpoint saved on another branch: branch change in the banner, diff against HEAD and the branch tip", async ({ page }) => {
  const second = byTitle(branchyRecords, "Login form (second save)");
  await page.goto(`/checkpoints/${second.id}/diff`);
  await expect((await banner(page)).getByTestId("freshness-headline")).toHaveText(
    // the deciding facts first (its key file src/login.ts does not exist on main), at most three of them
    // no commit since touched src/login.ts: main never had it (issue 39: name the commits that touched it exactly)
    "Branch feature/login -> main, 1 referenced file missing, 1 commit since the save; 1 of its files changed.",
  );
  await expect(page.getByRole("link", { name: "Show the commits since the save time instead" })).toHaveCount(0);
  const tabs = page.getByRole("navigation", { name: "Compare the saved state against" });
  await expect(tabs.getByRole("link", { name: "Current HEAD (main)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("diff-commits").locator("li")).toHaveText([/fix: hotfix on main/]);

  await tabs.getByRole("link", { name: "Saved branch tip (feature/login)" }).click();
  await expect(page).toHaveURL(/[?&]against=branch/);
  await expect(tabs.getByRole("link", { name: "Saved branch tip (feature/login)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("diff-commits").locator("li")).toHaveText([/feat: remember me/]);
  await expect(page.getByTestId("diff-files").locator('[data-kind="add"]', { hasText: "+export const rememberMe = true;" })).toBeVisible();
});

test("a checkpoint whose branch was deleted and whose commit left the history says so", async ({ page }) => {
  const spike = byTitle(branchyRecords, "Cache spike");
  await page.goto(`/checkpoints/${spike.id}/diff`);
  const section = await banner(page);
  // said once, in the headline (the banner does not repeat the branch)
  await expect(section.getByTestId("freshness-headline")).toHaveText(/^The saved commit was rebased or reset away, branch spike\/cache is gone\b/);
  expect((await section.getByTestId("freshness-headline").textContent())!.split("spike/cache").length - 1).toBe(1);
  await expect(section).not.toContainText("The saved branch spike/cache no longer exists.");
  await expect(section).toContainText("is no longer in the current history: it was rebased or reset away.");
  const tabs = page.getByRole("navigation", { name: "Compare the saved state against" });
  await expect(tabs.getByText("Saved branch spike/cache no longer exists", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Show the commits since the save time instead" }).click();
  await expect(page).toHaveURL(/[?&]basis=time/);
  await expect(page.getByText("Showing commits since the save time instead of since the saved commit.")).toBeVisible();
});

test("compare shows the tasks done between two checkpoints, sections and commits", async ({ page }) => {
  const records = branchyRecords;
  const first = byTitle(records, "Login form (first save)");
  const second = byTitle(records, "Login form (second save)");
  const repoLink = await (async () => {
    await page.goto(`/checkpoints/${second.id}/diff`);
    return page.getByRole("link", { name: /Compare with another checkpoint/ }).getAttribute("href");
  })();
  const repoId = /\/repos\/(\d+)\/compare/.exec(repoLink ?? "")?.[1];
  expect(repoId).toBeTruthy();

  await page.goto(`/repos/${repoId}/compare`);
  await expect(page).toHaveURL(/\?a=[0-9a-f]{16}&b=[0-9a-f]{16}$/);

  await page.getByLabel("From checkpoint (A)").selectOption(first.id);
  await page.getByLabel("To checkpoint (B)").selectOption(second.id);
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`a=${first.id}&b=${second.id}`));

  await expect(page.getByTestId("tasks-newly-done")).toHaveText([/Wire the login form/]);
  await expect(page.getByTestId("tasks-added")).toHaveText([/Add rate limiting to login/]);
  await expect(page.getByRole("heading", { name: /Sections added in B/ })).toBeVisible();
  await expect(page.getByText("Open Questions", { exact: true })).toBeVisible();
  const commits = page.getByTestId("diff-commits");
  await expect(commits.locator("li")).toHaveText([/chore\(checkpoint\): save login progress/, /feat: wire the login form/]);
  await expect(commits.locator("li").first()).toHaveAttribute("data-bookkeeping", "true");
});

test("a folder that stopped being a repository is explained, not crashed on", async ({ page }) => {
  // (removing the whole folder would let the server's watcher drop its checkpoints first; the
  // "repository gone" wording is covered by tests/freshness-ui/diff-page-data.test.ts)
  const second = byTitle(branchyRecords, "Login form (second save)");
  renameSync(join(BRANCHY, ".git"), join(BRANCHY, ".git-away"));
  await page.goto(`/checkpoints/${second.id}/diff`);
  await expect(page.getByRole("status")).toHaveText(/is no longer (?:a git repository|on disk)/);
});
