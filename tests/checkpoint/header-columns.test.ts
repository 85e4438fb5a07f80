/** The checkpoint header: one meta line in a fixed order, the family in words with its help on hover. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DocumentRow } from "../../db/schema";
import { CheckpointHeader } from "../../components/checkpoint/checkpoint-header";
import { FAMILIES, familyLabel, isResumable } from "../../components/format";
import { StatusBadge } from "../../components/status-badge";
import { FORMATS } from "../../lib/parse/types";

const row = (over: Partial<DocumentRow>): DocumentRow =>
  ({
    id: "0123456789abcdef", repositoryId: 1, path: ".claude/handoffs/x.md", absPath: "/r/.claude/handoffs/x.md", source: "worktree",
    format: "handoff", kind: "checkpoint", title: "Checkout rework", status: "in-progress", statusRaw: "WIP", branch: "feature/checkout",
    headShaRaw: "4f1c2aa", headSha: null, headShaVerified: null, savedAt: "2026-11-20T09:30:00.000Z", savedAtSource: "content",
    freshness: null, freshnessLevel: null, fieldSources: {}, meta: {},
    ...over,
  }) as DocumentRow;

const render = (doc: DocumentRow, tasks: { done: number; total: number } | null) =>
  renderToStaticMarkup(createElement(CheckpointHeader, { doc, repo: null, status: doc.status, completedInCairn: false, tasks }));

const facts = (html: string) => [...html.matchAll(/data-fact="([^"]+)"/g)].map((m) => m[1]);

describe("checkpoint header meta line", () => {
  it("reads repository · branch · saved · commit · tasks, leaving out what the file does not say", () => {
    const withAll = render(row({}), { done: 1, total: 3 });
    expect(facts(withAll)).toEqual(["Repository", "Branch", "Saved", "Commit", "Tasks"]);
    expect(withAll).toContain("1/3 tasks done");
    expect(withAll).toContain(">4f1c2aa<");
    const without = render(row({ branch: null, headShaRaw: null, savedAt: null, savedAtSource: null }), null);
    expect(facts(without)).toEqual(["Repository"]);
    expect(without).not.toContain("—");
  });

  it("names the family in words a newcomer can decode, with its help on hover", () => {
    const html = render(row({ format: "last-session", path: ".claude/last-session.md" }), null);
    expect(html).toContain(".claude/last-session.md briefing");
    expect(html).not.toContain("RESUME");
    expect(html).toMatch(/title="[^"]*what the last session left for the next one/);
  });

  it("puts the primary action beside the title", () => {
    const html = renderToStaticMarkup(
      createElement(CheckpointHeader, { doc: row({}), repo: null, status: "in-progress", completedInCairn: false, tasks: null, actions: createElement("button", null, "Copy prompt") }),
    );
    expect(html.indexOf("Copy prompt")).toBeGreaterThan(html.indexOf("<h1"));
    expect(html.indexOf("Copy prompt")).toBeLessThan(html.indexOf('data-testid="meta-line"'));
  });

  it("says “in progress”, never the raw value", () => {
    expect(renderToStaticMarkup(createElement(StatusBadge, { status: "in-progress" }))).toContain(">in progress<");
  });
});

describe("the family table", () => {
  it("has a label and help for every family, and resumes only checkpoints and handoffs", () => {
    for (const format of FORMATS) {
      expect(FAMILIES[format]?.help, format).toBeTruthy();
      expect(familyLabel(format), format).not.toBe(format);
    }
    expect(isResumable({ format: "handoff", kind: "checkpoint" })).toBe(true);
    expect(isResumable({ format: "html", kind: "checkpoint" })).toBe(true);
    expect(isResumable({ format: "html", kind: "research" })).toBe(false);
    expect(isResumable({ format: "project-notes", kind: "journal" })).toBe(false);
    expect(isResumable({ format: "review", kind: "review" })).toBe(false);
  });
});
