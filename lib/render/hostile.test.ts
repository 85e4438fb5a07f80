/**
 * Rendering hostile Markdown and HTML: every shape below took seconds to minutes in remark (quadratic inline
 * resolution) or blew the stack (deep blockquotes). No timing assertion: a generous timeout catches a
 * regression; `npx tsx scripts/stress-hostile.ts` measures.
 */
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { splitHostile } from "./defuse";
import { FRAME_POLICY, originalHtmlForFrame } from "./frame";
import { FORMAT_BUDGET_CHARS, PLAIN_MAX_CHARS, renderBudget, renderMarkdown } from "./markdown";
import { FRAME_MAX_CHARS, originalView, originalViewYielding } from "./original";
import { MAX_SECTIONS, sectionBlocks } from "./sections";

const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const SHAPES: [string, string][] = [
  ["unmatched emphasis", "a**"],
  ["code spans of growing length", Array.from({ length: 400 }, (_, i) => "`".repeat(i + 1)).join(" ")],
  ["unclosed links", "[a]("],
  ["brackets", "["],
  ["a table row of thousands of cells", "|a"],
  ["autolinks", "<a "],
  ["strike", "~~a "],
  ["underscores", "_a "],
];

describe("renderMarkdown on hostile text", () => {
  it.each(SHAPES)("formats a budget's worth of %s, keeping every character visible", (_name, unit) => {
    const text = fill(unit, FORMAT_BUDGET_CHARS - 100);
    const html = renderMarkdown(`# Title\n\n${text}`);
    expect(html.startsWith("<h2>Title</h2>"), html.slice(0, 80)).toBe(true);
    // the paragraph is shown literally: its letters all survive
    expect(html.replace(/<[^>]*>/g, "").replace(/[^a]/g, "").length).toBe(text.replace(/[^a]/g, "").length);
  }, 60_000);

  it.each([
    ["a blockquote of list markers", `> ${"- ".repeat(15_000)}x`],
    ["ordered list markers", `1. ${"1. ".repeat(10_000)}x`],
    ["a short line of a thousand markers", `> ${"- ".repeat(1000)}x`],
  ])("shows a line opening %s as text (it took minutes to render)", (_name, line) => {
    const html = renderMarkdown(line);
    expect(html).toMatch(/^<p class="md-plain">/);
    expect(html).toContain("x</p>");
  }, 60_000);

  it("shows ten thousand nested blockquotes as text instead of overflowing the stack", () => {
    const html = renderMarkdown(`${">".repeat(10_000)} deep`);
    expect(html).toContain("deep");
    expect(html).not.toContain("<blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote><blockquote>");
  }, 60_000);

  it("shows text past the page's budget as plain, escaped text", () => {
    const budget = renderBudget(1000);
    expect(renderMarkdown("**small**", budget)).toContain("<strong>small</strong>");
    const big = renderMarkdown(`**big** <script>x()</script>\n${"word ".repeat(400)}`, budget);
    expect(big).toMatch(/^<pre class="md-plain">\*\*big\*\* &lt;script&gt;/);
  });

  it("keeps a long table whole when it formats in pieces", () => {
    const table = `| a | b |\n|---|---|\n${Array.from({ length: 120 }, (_, i) => `| row ${i} ${"x".repeat(40)} | y |`).join("\n")}`;
    const html = renderMarkdown(table);
    expect(html.match(/<table>/g)).toHaveLength(1);
    expect(html.match(/<tr>/g)).toHaveLength(121);
  });

  it("leaves ordinary paragraphs exactly as they were", () => {
    const text = `# T\n\n${"Some *emphasis*, a [link](https://x.test) and `code`.\n\n".repeat(200)}`;
    expect(splitHostile(text)).toEqual([{ text, plain: false }]);
  });
});

describe("the original view of a huge Markdown checkpoint", () => {
  it("formats the beginning, shows more as plain text, and says so", () => {
    const original = `---\nstatus: in-progress\n---\n# Huge\n\n${"A paragraph of prose.\n\n".repeat(60_000)}`;
    const view = originalView({ format: "frontmatter-md", original });
    if (view.kind !== "markdown") throw new Error("expected markdown");
    expect(view.html).toContain("<h2>Huge</h2>");
    expect(view.html).toContain('<pre class="md-plain">');
    expect(view.note).toMatch(/^This file is 1\.3 MB: the first \d+ KB are formatted, the next 128 KB shown as plain text, and the rest is not shown\.$/);
    expect(view.source.length).toBeLessThan(PLAIN_MAX_CHARS + 100);
  }, 60_000);

  it("renders a small one whole, without a note", () => {
    const view = originalView({ format: "frontmatter-md", original: "# Small\n\nText.\n" });
    expect(view.note).toBeNull();
  });

  it("keeps a page of many huge sections bounded: the plain text shown stops at the page's limit", () => {
    const sections = Array.from({ length: 150 }, (_, i) => ({ id: i, documentId: "d", position: i, heading: `S${i}`, canonical: null, level: 2, text: "x".repeat(100_000) }));
    const { blocks } = sectionBlocks(sections as never, { hasTasks: false, references: [] });
    const html = blocks.map((b) => (b.type === "files" ? "" : b.html)).join("");
    expect(html.length).toBeLessThan(PLAIN_MAX_CHARS + FORMAT_BUDGET_CHARS + 20_000);
    const last = blocks[blocks.length - 1];
    expect(last.type === "text" && last.html).toMatch(/more sections not shown here/);
  }, 60_000);

  it("renders many one-line sections within one budget", () => {
    const sections = Array.from({ length: 5000 }, (_, i) => ({ id: i, documentId: "d", position: i, heading: `S${i}`, canonical: null, level: 2, text: `*${i}*` }));
    const { blocks } = sectionBlocks(sections as never, { hasTasks: false, references: [] });
    const formatted = blocks.filter((b) => b.type === "text" && b.html.includes("<em>")).length;
    expect(formatted).toBeGreaterThan(10);
    expect(formatted).toBeLessThan(5000);
    // at most MAX_SECTIONS, then one block that says how many more there are
    expect(blocks).toHaveLength(MAX_SECTIONS + 1);
    const more = blocks[MAX_SECTIONS];
    expect(more.type === "text" && more.html).toContain("4,800 more sections not shown here");
  }, 60_000);
});

/** The head of a serialised frame document, as a browser would parse it. */
function headOf(html: string) {
  const doc = parse(html);
  const root = doc.childNodes.find((n) => "tagName" in n && n.tagName === "html") as never as { childNodes: { tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: unknown[] }[] };
  return root.childNodes.find((n) => n.tagName === "head")!;
}

describe("originalHtmlForFrame", () => {
  const policyFirst = (html: string) => {
    const first = headOf(html).childNodes?.[0] as { tagName?: string; attrs?: { name: string; value: string }[] };
    expect(first.tagName).toBe("meta");
    expect(first.attrs).toContainEqual({ name: "content", value: FRAME_POLICY });
  };

  it("puts the policy first in the real head even after a commented-out head", () => {
    const attack = `<!-- <head> --><!DOCTYPE html><html><head><link rel="prefetch" href="http://127.0.0.1:9/leak"><title>t</title></head><body><p>hi</p></body></html>`;
    const out = originalHtmlForFrame(attack);
    policyFirst(out);
    expect(out).not.toContain("127.0.0.1:9");
    expect(out).toContain("<p>hi</p>");
  });

  it.each([
    ["a head inside a textarea", `<textarea><head></textarea><html><head></head><body>x</body></html>`],
    ["a head inside a script", `<script>"<head>"</script><p>x</p>`],
    ["no head at all", `<p>x</p>`],
    ["a noscript prefetch", `<html><head><noscript><link rel=prefetch href="http://127.0.0.1:9/n"></noscript></head></html>`],
    ["a refresh", `<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/r"><p>x</p>`],
  ])("puts the policy first with %s, and drops links and refreshes", (_name, html) => {
    const out = originalHtmlForFrame(html);
    policyFirst(out);
    expect(out).not.toMatch(/127\.0\.0\.1:9|http-equiv="refresh"/);
  });

  it("keeps the file's own inline styles and its doctype", () => {
    const out = originalHtmlForFrame("<!DOCTYPE html><html><head><style>h1{color:red}</style></head><body><h1>T</h1></body></html>");
    expect(out.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(out).toContain("<style>h1{color:red}</style>");
  });

  it("survives a hundred thousand nested elements", () => {
    const out = originalHtmlForFrame("<div>".repeat(100_000));
    policyFirst(out);
  }, 60_000);

  it("frames the beginning of a huge HTML file, with a note", () => {
    const original = `<html><head></head><body>${"<p>row</p>".repeat(120_000)}</body></html>`;
    const view = originalView({ format: "html", original });
    if (view.kind !== "html") throw new Error("expected html");
    expect(view.note).toMatch(/^This file is 1\.1 MB: the frame shows its first 512 KB\.$/);
    expect(view.srcDoc.length).toBeLessThan(FRAME_MAX_CHARS * 1.2);
  }, 60_000);
});

describe("the page's render gives way to other requests", () => {
  it("lets other work run between pieces of a large render", async () => {
    const original = `# Big\n\n${"Some *prose* with `code` and a [link](https://x.test).\n\n".repeat(2000)}`;
    let ticks = 0;
    let done = false;
    const tick = () => {
      ticks++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const view = await originalViewYielding({ format: "frontmatter-md", original: `${original}<!-- ${Math.random()} -->` });
    done = true;
    expect(view.kind === "markdown" && view.html).toContain("<h2>Big</h2>");
    expect(ticks).toBeGreaterThan(3);
  }, 60_000);
});
