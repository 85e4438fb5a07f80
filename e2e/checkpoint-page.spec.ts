import { expect, test } from "@playwright/test";

interface ApiRecord {
  id: string;
  title: string | null;
  format: string;
  kind: string;
  source: string;
  freshness: { level: string; newCommits: number | null; bookkeepingCommits: number | null } | null;
}

test.describe("the checkpoint page brings the other capabilities together", () => {
  test("shows the seed's staleness banner, the actions, and traces a key file", async ({ page, request }) => {
    const records = (await (await request.get("/api/checkpoints?status=in-progress")).json()) as ApiRecord[];
    const stale = records.find((r) => r.format === "html" && r.source === "worktree" && r.freshness && r.freshness.level !== "fresh" && (r.freshness.newCommits ?? 0) > 0);
    expect(stale, "an in-progress HTML checkpoint the repository has moved past").toBeTruthy();
    await page.goto(`/checkpoints/${stale!.id}`);

    const { newCommits, bookkeepingCommits } = stale!.freshness!;
    const bookkeeping = bookkeepingCommits ? ` \\(${bookkeepingCommits} bookkeeping\\)` : "";
    await expect(page.getByText(new RegExp(`State has moved since this checkpoint: ${newCommits} new commits?${bookkeeping}`)).first()).toBeVisible();
    await expect(page.getByText(/treat Current State and Gotchas as possibly stale/).first()).toBeVisible();

    const actions = page.getByRole("group", { name: "Actions" });
    await expect(actions.getByRole("button", { name: "Complete" })).toBeVisible();
    await expect(actions.getByRole("link", { name: "Promote learnings to PROJECT-NOTES.md" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Resume", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Trace src/app.ts through every checkpoint" }).first().click();
    await expect(page).toHaveURL(/\/search\?.*q=file%3Asrc%2Fapp\.ts/);
    await expect(page.getByRole("link", { name: stale!.title ?? "" }).first()).toBeVisible();
  });
});
