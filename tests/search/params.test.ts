import { describe, expect, it } from "vitest";
import { parseSearchRequest, rawSearchParams, searchRequestForPage } from "../../lib/search/params";
import { searchQueryString, traceHref } from "../../lib/search/url";
import { parseQuery } from "../../lib/search/query";

describe("search requests", () => {
  it("reads URL parameters with defaults, family as format, empty values as absent", () => {
    const parsed = parseSearchRequest(new URLSearchParams("q=rate&family=handoff&status=&limit=5"));
    expect(parsed).toMatchObject({ ok: true, request: { q: "rate", format: "handoff", limit: 5, offset: 0, group: "flat" } });
    expect(parsed.ok && parsed.request.status).toBeUndefined();
    expect(rawSearchParams({ q: ["a", "b"], repo: "  " })).toEqual({ q: "a" });
  });

  it("refuses wrong parameters, saying which and why", () => {
    const parsed = parseSearchRequest(new URLSearchParams("q=x&status=done&limit=abc&from=2026-02-30&group=tree"));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => i.param).sort()).toEqual(["from", "group", "limit", "status"]);
    expect(parsed.error).toMatch(/status/);
  });

  it("never refuses the query text itself", () => {
    for (const q of ['"', "(((", "x".repeat(5000), "<script>"]) expect(parseSearchRequest({ q }).ok).toBe(true);
  });

  it("for the page, drops only the bad parameters and names them", () => {
    const { request, dropped } = searchRequestForPage({ q: "rate", status: "bogus", kind: "research", limit: "0" });
    expect(request).toMatchObject({ q: "rate", kind: "research", limit: 20 });
    expect(request.status).toBeUndefined();
    expect(dropped.sort()).toEqual(["limit=0", "status=bogus"]);
  });

  it("writes the URL without defaults, so that links stay short", () => {
    expect(searchQueryString({ q: "rate limiter", group: "flat", limit: 20, offset: 0, status: "completed" })).toBe("q=rate+limiter&status=completed");
    expect(searchQueryString({ q: "", group: "repo" })).toBe("group=repo");
  });

  it("links a key file to its trace, quoting paths with spaces", () => {
    expect(traceHref("src/auth.ts")).toBe("/search?q=file%3Asrc%2Fauth.ts");
    const spaced = new URLSearchParams(traceHref("docs/my notes.md").split("?")[1]).get("q")!;
    expect(parseQuery(spaced).filePaths).toEqual(["docs/my notes.md"]);
  });
});
