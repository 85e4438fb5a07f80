/** The overview's queue draws its first items only: the rest is one link away, so a big index keeps the page light. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Queue, SHOWN } from "../../components/overview/queue";
import type { QueueItem } from "../../lib/queries/queue";

const item = (n: number, over: Partial<QueueItem> = {}): QueueItem => ({
  id: `id${String(n).padStart(14, "0")}`, rank: n, action: "resume", verb: "Resume", rule: "resume", group: 20, reason: "In progress, saved on this branch", title: `Save number ${n}`,
  path: `.claude/checkpoints/${n}.html`, format: "html", repoId: 1, repoName: "shop", repoPath: "/code/shop", branch: "main",
  savedAt: "2026-11-20T09:30:00.000Z", touchedAt: "2026-11-20T09:30:00.000Z", contentHash: "0".repeat(64), level: "fresh", pinned: false, archived: false, snoozedUntil: null, ...over,
});
const items = Array.from({ length: 200 }, (_, i) => item(i + 1));
const setAside = Array.from({ length: 45 }, (_, i) => item(1000 + i, { archived: true }));
const draw = (showAll: boolean) => renderToStaticMarkup(createElement(Queue, { data: { items, setAside }, showAll }));
const count = (html: string, text: string) => html.split(text).length - 1;

describe("the overview's queue", () => {
  it("draws the first items and links to the rest, saying how many there are", () => {
    const html = draw(false);
    expect(count(html, ">Save number ")).toBe(SHOWN + 20);
    expect(html).toContain(`Show ${200 - SHOWN} more (200 in all)`);
    expect(html).toContain('href="/?queue=all#queue"');
  });

  it("draws every item when asked for all", () => {
    const html = draw(true);
    expect(count(html, ">Save number ")).toBe(200 + 45);
    expect(html).not.toContain("in all)");
    expect(html).toContain(`Show the first ${SHOWN} only`);
  });
});
