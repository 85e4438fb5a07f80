import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SaveTimeline } from "../../components/save-timeline";
import { focusRange } from "../../components/timeline-range";

const save = (id: string, savedAt: string, branch = "main") => ({ id, title: `Save ${id}`, branch, savedAt, status: "in-progress" });

/** The x of each drawn dot, by save id. */
function dots(html: string): Map<string, number> {
  return new Map([...html.matchAll(/<circle data-save="([^"]+)" cx="([\d.]+)"/g)].map((m) => [m[1], Number(m[2])]));
}

const render = (props: Parameters<typeof SaveTimeline>[0]) => renderToStaticMarkup(createElement(SaveTimeline, props));

describe("save timeline", () => {
  const saves = [save("old", "2025-01-10T09:00:00Z"), save("a", "2026-11-05T09:00:00Z"), save("b", "2026-11-05T12:00:00Z"), save("c", "2026-11-05T15:30:00Z")];

  it("saves hours apart get distinct positions although an old save exists", () => {
    const html = render({ id: "t", repoName: "r", saves, allHref: "/repos/1?timeline=all#timeline" });
    const x = dots(html);
    expect(x.has("old")).toBe(false);
    // three hours apart: far more than a dot's width (11 units) apart
    expect(x.get("b")! - x.get("a")!).toBeGreaterThan(50);
    expect(x.get("c")! - x.get("b")!).toBeGreaterThan(50);
    expect(html).toContain("1 earlier save (from 2025-01-10) left off");
    expect(html).toContain('href="/repos/1?timeline=all#timeline"');
    // the ticks name the hours
    expect(html).toMatch(/>Nov 5 1\d:\d\d</);
  });

  it("shows every save on request, and offers the way back", () => {
    const html = render({ id: "t", repoName: "r", saves, showAll: true, focusHref: "/repos/1#timeline" });
    const x = dots(html);
    expect([...x.keys()].sort()).toEqual(["a", "b", "c", "old"]);
    expect(x.get("b")! - x.get("a")!).toBeLessThan(5);
    expect(html).toContain("Every save shown.");
    expect(html).toContain('href="/repos/1#timeline"');
  });

  it("each dot is a link to its checkpoint, named by title, date, status and branch", () => {
    const html = render({ id: "t", repoName: "r", saves });
    expect(html).toContain('<a href="/checkpoints/a" aria-label="Save a, saved 2026-11-05 09:00 UTC, in progress, on main"');
    expect(html).toContain('role="group"');
  });
});

describe("focusRange", () => {
  const h = 3_600_000;
  it("keeps evenly spread saves and two equal clusters whole", () => {
    expect(focusRange([0, 10, 20, 30, 40].map((d) => d * 24 * h))).toMatchObject({ before: 0, after: 0 });
    expect(focusRange([0, h, 2 * h, 1000 * h, 1001 * h, 1002 * h])).toMatchObject({ before: 0, after: 0 });
  });

  it("leaves off a few far saves at either end, never more than half", () => {
    expect(focusRange([0, 1, 900 * h, 901 * h, 902 * h, 903 * h, 904 * h])).toMatchObject({ before: 2, after: 0, from: 900 * h, to: 904 * h });
    expect(focusRange([0, h, 2 * h, 3 * h, 5000 * h])).toMatchObject({ before: 0, after: 1, to: 3 * h });
    expect(focusRange([0, 5000 * h])).toMatchObject({ before: 0, after: 0 });
    expect(focusRange([])).toBeNull();
  });
});
