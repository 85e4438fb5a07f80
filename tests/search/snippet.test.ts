import { describe, expect, it } from "vitest";
import { buildSnippet, escapeHtml, highlightText, markdownToText, partsToHtml, partsToText } from "../../lib/search/snippet";
import { parseQuery } from "../../lib/search/query";

const terms = (q: string) => parseQuery(q).highlight;

describe("snippets", () => {
  it("marks only the matched words, escaping everything else", () => {
    const text = 'Never paste <script>alert("x")</script> into the notes & never <mark>fake</mark> marks';
    const parts = buildSnippet(text, terms("alert"));
    const html = partsToHtml(parts);
    expect(html).toContain("&lt;script&gt;<mark>alert</mark>(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;mark&gt;fake&lt;/mark&gt;");
    // the only tags are ours
    expect(html.match(/<[^>]+>/g)).toEqual(["<mark>", "</mark>"]);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["alert"]);
  });

  it("ignores control characters a document might use to fake markers", () => {
    const parts = buildSnippet("start \u0002evil\u0003 end token", terms("token"));
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["token"]);
  });

  it("picks a window around the densest matches, with ellipses where cut", () => {
    const filler = Array.from({ length: 80 }, (_, i) => `w${i}`).join(" ");
    const text = `${filler} the rate limiter keeps the rate fair ${filler}`;
    const parts = buildSnippet(text, terms("rate limiter"), 12);
    const plain = partsToText(parts);
    expect(plain.startsWith("… ")).toBe(true);
    expect(plain.endsWith(" …")).toBe(true);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["rate", "limiter", "rate"]);
  });

  it("matches prefixes and folds case and diacritics", () => {
    const parts = highlightText("Überarbeitung des Imports: Webhooks", terms("uberarb webhook"));
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["Überarbeitung", "Webhooks"]);
  });

  it("does not mark phrase words as prefixes, nor excluded words", () => {
    const parts = highlightText("rate rates flaky", terms('"rate" -flaky'));
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["rate"]);
  });

  it("shows the beginning when nothing matches, and nothing for empty text", () => {
    expect(partsToText(buildSnippet("Alpha beta gamma", []))).toBe("Alpha beta gamma");
    expect(buildSnippet("", terms("x"))).toEqual([]);
  });

  it("escapes all five HTML specials", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe("snippets read as text, not Markdown", () => {
  const doc = [
    "# Session checkpoint",
    "",
    "**Status:** in progress — the *rate* limiter",
    "",
    "## Remaining work",
    "",
    "- [ ] wire the `RateLimiter` into [the router](src/router.ts)",
    "- [x] ~~old plan~~ dropped",
    "",
    "| Task | State |",
    "|------|:-----:|",
    "| rate limiter tests | done |",
    "",
    "---",
    "> keep snake_case_names and a*b as they are",
  ].join("\n");

  it("strips emphasis, headings, bullets, boxes, tables, links and code marks", () => {
    const plain = partsToText(buildSnippet(doc, terms("rate"), 200));
    expect(plain).toContain("Status: in progress — the rate limiter");
    expect(plain).toContain("wire the RateLimiter into the router");
    expect(plain).toContain("Task · State");
    expect(plain).toContain("rate limiter tests · done");
    expect(plain).toContain("keep snake_case_names and a*b as they are");
    for (const syntax of ["**", "##", "|", "[ ]", "[x]", "`", "](", "~~", "---", "> "]) expect(plain).not.toContain(syntax);
  });

  it("still marks the matched words, and only those, after stripping", () => {
    const parts = buildSnippet("**Status:** the **rate** limiter and <b>rate</b>", terms("rate"));
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["rate", "rate"]);
    expect(partsToHtml(parts)).toBe("Status: the <mark>rate</mark> limiter and &lt;b&gt;<mark>rate</mark>&lt;/b&gt;");
  });

  it("a window cut inside a line keeps emphasis pairs whole", () => {
    const filler = Array.from({ length: 60 }, (_, i) => `w${i}`).join(" ");
    const plain = partsToText(buildSnippet(`${filler} **Status:** rate limiter ${filler}`, terms("status"), 6));
    expect(plain).toContain("Status: rate");
    expect(plain).not.toContain("*");
  });

  it("the beginning, when nothing matches, is text too", () => {
    expect(partsToText(buildSnippet("## Goal\n\n**Ship** the `importer`", []))).toBe("Goal Ship the importer");
  });
});

describe("markdownToText", () => {
  it("reads a table row cut short by the window as cells too", () => {
    expect(markdownToText("| Decision | Reason |\n|---|---|\n| Keep the token bucket in memory; Redis only")).toBe("Decision · Reason\nKeep the token bucket in memory; Redis only");
  });

  it("leaves identifiers, paths and arithmetic alone", () => {
    expect(markdownToText("src/app_router/index.ts and 2*3*4 and my__dunder__name")).toBe("src/app_router/index.ts and 2*3*4 and my__dunder__name");
  });
});
