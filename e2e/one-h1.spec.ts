/** Every page has exactly one <h1>: its own title. A rendered file's headings sit below it (issue 15, item 8). */
import { expect, test } from "@playwright/test";

interface ListedRecord {
  id: string;
  title: string | null;
  format: string;
  kind: string;
  source: string;
}

test("every page type has exactly one h1", async ({ page, request }) => {
  test.setTimeout(600_000); // two dozen pages, on a machine that may be busy
  const all = (await (await request.get("/api/checkpoints?kind=all")).json()) as ListedRecord[];
  const pick = (test: (r: ListedRecord) => boolean, what: string) => {
    const found = all.find(test);
    expect(found, what).toBeTruthy();
    return found!.id;
  };
  const html = pick((r) => r.format === "html" && r.kind === "checkpoint" && r.source === "worktree", "an HTML checkpoint");
  const markdown = pick((r) => r.format === "frontmatter-md", "a Markdown checkpoint");
  const handoff = pick((r) => r.format === "handoff", "a handoff");
  const notes = pick((r) => r.format === "project-notes", "a PROJECT-NOTES.md");
  const research = pick((r) => r.kind === "research", "a research note");

  await page.goto("/repos");
  const repoHref = await page.getByRole("main").getByRole("link", { name: /project-001/ }).first().getAttribute("href");
  expect(repoHref).toMatch(/^\/repos\/\d+$/);

  const paths = [
    "/",
    "/checkpoints",
    "/repos",
    repoHref!,
    "/search?q=rate",
    "/reviews",
    "/secrets",
    "/problems",
    "/roots",
    `/checkpoints/${html}`,
    `/checkpoints/${html}?view=original`,
    `/checkpoints/${markdown}`,
    `/checkpoints/${markdown}?view=original`,
    `/checkpoints/${handoff}`,
    `/checkpoints/${handoff}?view=original`,
    `/checkpoints/${notes}?view=original`,
    `/checkpoints/${research}`,
    `/checkpoints/${html}/diff`,
    `/checkpoints/${html}/promote`,
    `/checkpoints/${html}/resume`,
    `/checkpoints/${html}/review`,
    "/checkpoints/0000000000000000",
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    expect(await page.locator("h1").count(), `${path}: <h1> elements`).toBe(1);
  }
});
