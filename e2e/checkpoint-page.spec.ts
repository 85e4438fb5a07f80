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
    // the primary action beside the title; the rest in "More"
    await expect(actions.getByRole("button", { name: "Copy prompt" })).toBeVisible();
    await actions.getByTestId("more-actions").locator("summary").click();
    await expect(actions.getByRole("button", { name: "Complete" })).toBeVisible();
    await expect(actions.getByRole("link", { name: "Promote learnings to PROJECT-NOTES.md" })).toBeVisible();
    await expect(actions.getByRole("button", { name: /^Pin/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Resume", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Trace src/app.ts through every checkpoint" }).first().click();
    await expect(page).toHaveURL(/\/search\?.*q=file%3Asrc%2Fapp\.ts/);
    await expect(page.getByRole("link", { name: stale!.title ?? "" }).first()).toBeVisible();
  });
});

interface ListedRecord {
  id: string;
  title: string | null;
  path: string;
  format: string;
  kind: string;
  source: string;
}

async function records(request: import("@playwright/test").APIRequestContext): Promise<ListedRecord[]> {
  return (await (await request.get("/api/checkpoints?kind=all")).json()) as ListedRecord[];
}

function find(all: ListedRecord[], test: (r: ListedRecord) => boolean, what: string): ListedRecord {
  const found = all.find(test);
  expect(found, what).toBeTruthy();
  return found!;
}

/** Elements of `root` that stick out of it or out of their nearest clipping box, described for the failure message. */
async function overflowing(page: import("@playwright/test").Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const out: string[] = [];
    for (const root of roots) {
      const rootBox = root.getBoundingClientRect();
      for (const el of root.querySelectorAll<HTMLElement>("*")) {
        if (el.closest(".sr-only") || getComputedStyle(el).display === "none") continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        // the nearest ancestor inside root that clips or scrolls: the element may be wider than that, not than the card
        let clip: HTMLElement | null = el.parentElement;
        while (clip && clip !== root && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
        const bound = clip && clip !== root ? clip.getBoundingClientRect() : rootBox;
        if (clip && clip !== root) continue;
        if (box.left < bound.left - 1 || box.right > bound.right + 1) {
          out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(bound.left)}–${Math.round(bound.right)}`);
        }
      }
    }
    return out;
  });
}

test.describe("reading a checkpoint (issue 15, items 6 to 9)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // several pages per test, on a machine that may be busy
  test.setTimeout(120_000);

  test("at 1280 px nothing in the sidebar sticks out of its card, and the Resume lists do not overlap", async ({ page, request }) => {
    const all = await records(request);
    const missing = find(all, (r) => r.title === "Key file went missing", "the checkpoint whose key file went missing");
    await page.goto(`/checkpoints/${missing.id}`);
    const resume = page.getByRole("region", { name: "Resume" });
    await expect(resume.getByLabel(/Next goal/)).toBeVisible();
    await expect(resume.getByRole("list", { name: "Missing files" })).toBeVisible();

    expect(await overflowing(page, 'aside[aria-label="Related"] > *')).toEqual([]);
    // each file list keeps its paths inside its own column
    for (const name of ["Loaded", "Also referenced (not loaded)", "Missing"]) {
      expect(await overflowing(page, `section[aria-labelledby="${name === "Loaded" ? "resume-loaded" : name === "Missing" ? "resume-missing" : "resume-not-loaded"}"]`), name).toEqual([]);
    }
    const boxes = await Promise.all(["resume-loaded", "resume-not-loaded", "resume-missing"].map((id) => page.locator(`section[aria-labelledby="${id}"]`).boundingBox()));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
        expect(overlap, `file lists ${i} and ${j} overlap`).toBe(0);
      }
    }
    // the goal's example comes from this checkpoint (its first open task), not a stock phrase
    await expect(resume.getByLabel(/Next goal/)).toHaveAttribute("placeholder", "e.g. Port the spec examples");
  });

  test("read-only checkboxes look disabled and say why", async ({ page, request }) => {
    const missing = find(await records(request), (r) => r.title === "Key file went missing", "the checkpoint whose key file went missing");
    await page.goto(`/checkpoints/${missing.id}`);
    const boxes = page.getByRole("region", { name: /Remaining Work/ }).getByRole("checkbox");
    await expect(boxes).toHaveCount(4);
    for (const box of await boxes.all()) {
      await expect(box).toBeDisabled();
      await expect(box).toHaveCSS("cursor", "not-allowed");
      await expect(box).toHaveAccessibleDescription(/Read-only: these boxes show what the file says/);
    }
    await expect(page.getByText(/^Read-only: these boxes show what the file says/)).toBeVisible();
  });

  test("the freshness banner and the Resume panel are on checkpoints and handoffs, not on research or PROJECT-NOTES.md", async ({ page, request }) => {
    const all = await records(request);
    const research = find(all, (r) => r.kind === "research", "a research note");
    const notes = find(all, (r) => r.format === "project-notes", "a PROJECT-NOTES.md");
    const handoff = find(all, (r) => r.format === "handoff" && r.source === "worktree", "a handoff");
    for (const doc of [research, notes]) {
      await page.goto(`/checkpoints/${doc.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("freshness-banner")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Resume", exact: true })).toHaveCount(0);
    }
    await page.goto(`/checkpoints/${handoff.id}`);
    await expect(page.getByRole("heading", { name: "Resume", exact: true })).toBeVisible();
  });

  test("a handoff's sub-sections are shown once each, in the fixed order, and its question is not a task", async ({ page, request }) => {
    const handoff = find(await records(request), (r) => r.format === "handoff" && r.source === "worktree", "a handoff");
    await page.goto(`/checkpoints/${handoff.id}`);
    const headings = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    for (const name of ["Critical Files", "Decisions Made", "Immediate Next Steps", "Potential Gotchas"]) {
      expect(headings.filter((h) => h.startsWith(name)), name).toHaveLength(1);
    }
    expect(headings.findIndex((h) => h.startsWith("Decisions Made"))).toBeLessThan(headings.findIndex((h) => h.startsWith("Immediate Next Steps")));
    // the decision is written once in the file, and shown once (not again inside "Current State Summary")
    const decision = (await page.getByRole("region", { name: "Decisions Made" }).getByRole("cell").first().textContent())!.trim();
    expect(decision.length).toBeGreaterThan(10);
    await expect(page.getByRole("article").getByText(decision, { exact: true })).toHaveCount(1);
    const steps = page.getByRole("region", { name: /Immediate Next Steps/ });
    await expect(steps.getByRole("checkbox", { name: /^Write the failing test/ })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Who owns the migration?" })).toHaveCount(0);
  });

  test("the header is one meta line in a fixed order, and names the family with its help on hover", async ({ page, request }) => {
    const all = await records(request);
    const withTasks = find(all, (r) => r.title === "Key file went missing", "a checkpoint with tasks");
    const lastSession = find(all, (r) => r.format === "last-session", "a .claude/last-session.md");
    await page.goto(`/checkpoints/${withTasks.id}`);
    const meta = page.getByTestId("meta-line");
    expect(await meta.getByRole("term").allTextContents()).toEqual(["Repository", "Branch", "Saved", "Commit", "Tasks"]);
    const values = await meta.getByRole("definition").allTextContents();
    expect(values).toEqual([expect.stringMatching(/^project-\d+$/), "main", expect.stringMatching(/^saved .+ ago$/), expect.stringMatching(/^[0-9a-f]{7}$/), "1/4 tasks done"]);
    // one line at 1280 px
    const box = (await page.getByTestId("meta-line").boundingBox())!;
    expect(box.height).toBeLessThan(30);
    await page.goto(`/checkpoints/${lastSession.id}`);
    await expect(page.getByText(".claude/last-session.md briefing").first()).toBeVisible();
    await expect(page.getByTestId("family")).toHaveAttribute("title", /what the last session left for the next one/);
    await expect(page.getByText("RESUME briefing")).toHaveCount(0);
  });

  test("the original HTML is framed at its own height, not a fixed share of the window", async ({ page, request }) => {
    const all = await records(request);
    const research = find(all, (r) => r.kind === "research" && r.format === "html", "an HTML research note");
    const checkpoint = find(all, (r) => r.title === "Key file went missing", "an HTML checkpoint");
    const heights: number[] = [];
    for (const doc of [research, checkpoint]) {
      await page.goto(`/checkpoints/${doc.id}?view=original`);
      const frame = page.getByTestId("original-frame");
      await expect(frame).toBeVisible();
      const box = (await frame.boundingBox())!;
      const content = await page.frameLocator('[data-testid="original-frame"]').locator("html").evaluate((html) => html.scrollHeight);
      // no page scrolling inside the page, and no screenful of blank space under it
      expect(box.height, `${doc.title}: frame ${box.height}px, content ${content}px`).toBeGreaterThanOrEqual(content - 2);
      expect(box.height, `${doc.title}: frame ${box.height}px, content ${content}px`).toBeLessThanOrEqual(content * 1.5 + 80);
      heights.push(box.height);
    }
    expect(heights[0]).toBeLessThan(heights[1]);
  });

  test("the secrets card agrees in number and offers Redact in file", async ({ page, request }) => {
    const secret = find(await records(request), (r) => r.title === "Deploy keys for the staging bot", "the checkpoint holding a secret");
    await page.goto(`/checkpoints/${secret.id}`);
    const card = page.getByRole("region", { name: "Secrets" });
    await expect(card).toContainText("1 secret was found in this file and is hidden here. Rotate it, and remove it from the file.");
    await expect(card.getByRole("button", { name: /^Redact in file/ })).toBeVisible();
  });
});
