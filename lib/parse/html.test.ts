import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { htmlParser } from "./html";
import { parseDocument } from "./registry";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("html checkpoints", () => {
  const path = ".claude/checkpoints/20260502-094100-invoice-export-rework.html";
  const { document: doc, problems } = parseDocument({ path, text: fixture("checkpoint.html") });

  it("reads the jacked meta", () => {
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("html");
    expect(doc?.kind).toBe("checkpoint");
    expect(doc?.title).toBe("Invoice export rework");
    expect(doc?.status).toBe("in-progress");
    expect(doc?.branch).toBe("feat/invoice-export");
    expect(doc?.savedAt).toBe("2026-05-02T07:41:00.000Z");
    expect(doc?.savedAtSource).toBe("content");
    expect(doc?.headSha).toBe("0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6");
    expect(doc?.dirtySaved).toBe(3);
    expect(doc?.meta.releases).toEqual(["1.4.0", "1.4.1"]);
    expect(doc?.meta.activeLenses).toEqual(["accessibility", "api-ergonomics"]);
    expect(doc?.meta.slug).toBe("invoice-export-rework");
  });

  it("maps sections by id and reads tasks from the checkbox list", () => {
    expect(doc?.sections.map((s) => s.canonical)).toEqual(["working-on", "done", "decisions", "context", "research", "remaining", "state", "gotchas", "key-files"]);
    expect(doc?.sections[0].text).toContain("streaming one");
    expect(doc?.tasks).toEqual([
      { text: "Flag the new writer", done: true, state: "done" },
      { text: "Remove the old writer", done: false, state: "open" },
      { text: "Document the locale switch", done: false, state: "open" },
    ]);
  });

  it("links plans, research files and key files", () => {
    expect(doc?.references).toEqual(
      expect.arrayContaining([
        { path: "src/export/csv-writer.ts", role: "key" },
        { path: "src/export/locale.ts", role: "key" },
        { path: "docs/plans/invoice-export.html", role: "plan" },
        { path: ".claude/research/20260502-091000-csv-dialects.html", role: "research" },
        { path: ".claude/research/20260502-093000-pdf-fonts.html", role: "research" },
      ]),
    );
    expect(doc?.meta.plansInProgress).toEqual(["docs/plans/invoice-export.html"]);
  });

  it("reads a completed checkpoint once only the status changed", () => {
    const completed = fixture("checkpoint.html").replace('content="in-progress"', 'content="completed"');
    expect(parseDocument({ path, text: completed }).document?.status).toBe("completed");
  });
});

describe("html research and plans", () => {
  it("reads research files with their checkpoint slug", () => {
    const { document: doc } = parseDocument({ path: ".claude/research/20260502-091000-csv-dialects.html", text: fixture("research.html") });
    expect(doc?.kind).toBe("research");
    expect(doc?.status).toBe("completed");
    expect(doc?.meta.checkpoint).toBe("invoice-export-rework");
    expect(doc?.savedAt).toBe("2026-05-02T00:00:00.000Z");
  });

  it("reads plans under docs/plans only when they carry jacked meta", () => {
    const { document: doc } = parseDocument({ path: "docs/plans/invoice-export.html", text: fixture("plan.html") });
    expect(doc?.kind).toBe("plan");
    expect(doc?.tasks?.map((t) => t.done)).toEqual([true, false]);
    expect(htmlParser.accepts?.({ path: "docs/plans/other.html", text: "<html><title>x</title></html>" })).toBe(false);
    expect(parseDocument({ path: "docs/plans/other.html", text: "<html><title>x</title></html>" }).document).toBeNull();
  });

  it("does not claim arbitrary HTML", () => {
    expect(htmlParser.claims("public/index.html")).toBe(false);
    expect(htmlParser.claims(".claude/checkpoints/20260101-000000-x.html")).toBe(true);
  });

  it("survives broken markup, a checkpoint without meta, and an empty file", () => {
    const broken = parseDocument({ path: ".claude/checkpoints/20260101-120000-x.html", text: "<h1>Checkpoint: Half<h2 id=remaining>Left<ul class=tasks><li><input type=checkbox>one" });
    expect(broken.document?.title).toBe("Half");
    expect(broken.document?.savedAt).toBe("2026-01-01T12:00:00.000Z");
    expect(broken.document?.savedAtSource).toBe("filename");
    expect(broken.document?.tasks).toHaveLength(1);
    expect(broken.problems).toContain("no jacked:* meta tags");
    expect(parseDocument({ path: ".claude/checkpoints/x.html", text: "" }).problems).toEqual(["file is empty"]);
  });
});
