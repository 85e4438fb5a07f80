import { describe, expect, it } from "vitest";
import { originalHtmlForFrame, renderMarkdown, splitFrontmatter } from "./markdown";

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured Markdown", () => {
    const html = renderMarkdown("# Title\n\n- [x] done\n- [ ] open\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    // one level down: the page has the one <h1>
    expect(html).toContain("<h2>Title</h2>");
    expect(html).not.toContain("<h1");
    expect(html).toMatch(/<input type="checkbox" checked disabled>/);
    expect(html).toContain("<table>");
  });

  it("drops scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown('<script>window.x=1</script>\n\n<img src=x onerror="window.y=1">\n\n[click](javascript:alert(1)) <b onclick="z()">b</b>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain("click");
  });

  it("never loads remote images", () => {
    const html = renderMarkdown("![tracker](https://example.com/p.gif)");
    expect(html).not.toContain("<img");
    expect(html).toContain("[tracker]");
  });

  it("opens external links outside, safely", () => {
    expect(renderMarkdown("[x](https://example.com)")).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("splitFrontmatter", () => {
  it("splits a leading YAML block", () => {
    expect(splitFrontmatter("---\nstatus: done\n---\n# Hi\n")).toEqual({ frontmatter: "status: done", body: "# Hi\n" });
    expect(splitFrontmatter("# No frontmatter\n---\n")).toEqual({ frontmatter: null, body: "# No frontmatter\n---\n" });
  });
});

describe("originalHtmlForFrame", () => {
  it("puts a network-blocking policy first in the head", () => {
    const out = originalHtmlForFrame('<!DOCTYPE html><html><head><style>h1{}</style></head><body></body></html>');
    expect(out.indexOf("Content-Security-Policy")).toBeLessThan(out.indexOf("<style>"));
    expect(out.startsWith("<!DOCTYPE html>")).toBe(true);
  });
  it("handles documents without a head", () => {
    expect(originalHtmlForFrame("<p>hi</p>")).toMatch(/^<html><head><meta http-equiv="Content-Security-Policy"/);
  });
});
