import { expect, test } from "@playwright/test";
import { FIXTURE } from "./support/fixture-world";

interface ApiRecord {
  id: string;
  title: string | null;
  repo: string | null;
  checkouts: { repo: string; branch: string | null; head: string | null }[];
}

// project-001 is checked out twice in the fixture world: its main work tree and a linked worktree detached at its HEAD
test.describe("worktrees and clones of one project (issue 25)", () => {
  test("the repositories page lists the project once, with its checkouts", async ({ page }) => {
    await page.goto("/repos");
    await expect(page.getByText(/^2 repositories/)).toBeVisible();
    const checkouts = page.getByRole("list", { name: "Checkouts of project-001" });
    await expect(checkouts.getByRole("listitem")).toHaveCount(2);
    const worktree = checkouts.getByRole("listitem").filter({ hasText: FIXTURE.worktree });
    await expect(worktree).toContainText("detached HEAD");
    await expect(worktree).toContainText("dirty: 1 changed file");
    await expect(checkouts.getByRole("listitem").filter({ hasText: "main worktree" })).toContainText("clean");
    await expect(worktree).toContainText(/last commit [0-9a-f]{7}/);
    await expect(checkouts.getByRole("listitem").filter({ hasText: "main worktree" })).toContainText("main");
    await expect(page.getByRole("list", { name: "Checkouts of project-002" })).toHaveCount(0);

    // a checkout's link opens the project's page, with every checkpoint of the project
    await worktree.getByRole("link").click();
    await expect(page).toHaveURL(/\/repos\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("project-001");
  });

  test("a checkpoint held by both checkouts is one record, and its page says where Resume continues", async ({ page, request }) => {
    const records = (await (await request.get("/api/checkpoints")).json()) as ApiRecord[];
    const shared = records.filter((r) => r.checkouts.length === 2);
    expect(shared.length, "project-001's committed checkpoints, each once with both checkouts").toBeGreaterThan(0);
    // the worktree is detached: every record it shares lives in the main checkout, none is listed twice
    expect(records.filter((r) => r.repo?.endsWith(FIXTURE.worktree))).toHaveLength(0);
    const record = shared.find((r) => r.title === FIXTURE.planCheckpointTitle) ?? shared[0];
    expect(record.checkouts[0].repo).toBe(record.repo);
    expect(record.checkouts[1].repo.endsWith(FIXTURE.worktree)).toBe(true);

    await page.goto(`/checkpoints/${record.id}`);
    const panel = page.getByRole("region", { name: "Checked out in 2 places" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Resume continues in project-001 on main");
    await expect(panel).toContainText("Complete, Promote and Review write its file there");
    const items = panel.getByRole("list", { name: "Checkouts holding this file" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: FIXTURE.worktree })).toContainText("detached HEAD");
    await expect(items.first()).toContainText("where Resume continues");

    // continue in the worktree instead: the page names its file, and the record is still one
    const worktreePath = record.checkouts[1].repo;
    await panel.getByRole("button", { name: `Continue in ${worktreePath}` }).click();
    await expect(page).not.toHaveURL(new RegExp(`/checkpoints/${record.id}$`));
    const moved = page.getByRole("region", { name: "Checked out in 2 places" });
    await expect(moved.getByRole("list", { name: "Checkouts holding this file" }).getByRole("listitem").first()).toContainText(worktreePath);
    await expect(moved).toContainText(`${worktreePath}/`);
    const after = (await (await request.get("/api/checkpoints")).json()) as ApiRecord[];
    expect(after.filter((r) => r.title === record.title)).toHaveLength(1);

    // and back to the main checkout (the other specs write there)
    await moved.getByRole("button", { name: `Continue in ${record.repo}` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkpoints/${record.id}$`));
  });
});
