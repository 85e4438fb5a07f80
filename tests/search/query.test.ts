import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_TRACES, MAX_QUERY_CHARS, MAX_QUERY_TERMS, parseQuery } from "../../lib/search/query";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
beforeAll(() => {
  space = tempSpace("cairn-query-");
});
afterAll(() => space.cleanup());

/** Runs an expression against the real FTS5 table (empty is fine: a bad expression still errors). */
function runs(match: string | null): boolean {
  if (match === null) return true;
  space.db().$client.prepare("SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?").get(match);
  return true;
}

const HOSTILE = [
  "",
  "   ",
  '"',
  '""',
  '"unclosed phrase',
  "it's \"quoted\" and 'single'",
  "(((",
  "foo)",
  "(a OR b) AND (c",
  "AND",
  "OR",
  "NOT",
  "NEAR",
  "AND OR NOT NEAR",
  "a AND OR b",
  "NEAR(a b, 3)",
  "a NOT",
  "NOT a",
  "-a",
  "-",
  "--",
  "*",
  "**",
  "a*b*",
  "*prefix",
  ":",
  "a:b:c",
  "title:",
  "file:",
  "repo:",
  "status:bogus",
  "from:yesterday",
  "{title}:x",
  "title : x",
  "^start",
  "body:x decisions:y",
  "c:\\Windows\\path",
  "http://example.com/a?b=c&d=e",
  "<script>alert(1)</script>",
  "SELECT * FROM documents; DROP TABLE documents; --",
  "\u0000\u0001\u0002",
  "emoji 🚀🔥 only",
  "Überarbeitung naïve café",
  "インポートの修正",
  "مرحبا بالعالم",
  "x".repeat(600),
  "word ".repeat(200),
  '"a" '.repeat(150),
  "a OR ".repeat(120),
];

describe("parseQuery", () => {
  it.each(HOSTILE.map((q) => [q]))("never throws and yields a runnable expression for %j", (q) => {
    const parsed = parseQuery(q);
    expect(() => runs(parsed.match)).not.toThrow();
    expect(() => runs(parsed.matchWithoutShas)).not.toThrow();
  });

  it("survives random punctuation and words (fuzz)", () => {
    const alphabet = ['"', "'", "(", ")", "*", ":", "-", "^", "+", "{", "}", " ", " ", "a", "b", "OR", "AND", "NOT", "NEAR", "é", "\\", "/", ".", "file:", "title:"];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 500; n++) {
      const q = Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      const parsed = parseQuery(q);
      expect(() => runs(parsed.match), q).not.toThrow();
    }
  });

  it("searches a repeated word once and at most MAX_QUERY_TERMS words, with a note for each (issue 42)", () => {
    const repeated = parseQuery("a* ".repeat(250));
    expect(repeated.match).toBe('"a"*');
    expect(repeated.terms).toEqual(["a"]);
    expect(repeated.notes).toContain("166 repeated words were searched once");
    // the same word in two OR groups is two searches (each group stands alone)
    expect(parseQuery("a b OR a c").match).toBe('("a" AND "b") OR ("a" AND "c")');
    const many = parseQuery(Array.from({ length: 40 }, (_, i) => `word${i}`).join(" "));
    expect(many.terms).toHaveLength(MAX_QUERY_TERMS);
    expect(many.notes).toContain(`the query has more than ${MAX_QUERY_TERMS} words: only the first ${MAX_QUERY_TERMS} were searched (8 left out)`);
    const traces = parseQuery(Array.from({ length: 12 }, (_, i) => `file:src/f${i}.ts`).join(" "));
    expect(traces.filePaths).toHaveLength(MAX_FILE_TRACES);
    expect(traces.notes).toContain(`only the first ${MAX_FILE_TRACES} file: traces were followed (4 left out)`);
  });

  it("quotes every word so that operators and column names are only ever text", () => {
    expect(parseQuery("rate limiter").match).toBe('("rate"* AND "limiter"*)');
    expect(parseQuery("body:secret").match).toBe('"body secret"*');
    expect(parseQuery('say "hi"').match).toBe('("say"* AND "hi")');
  });

  it("reads phrases, prefixes and one-letter words", () => {
    const parsed = parseQuery('"exponential backoff" webhook* a');
    expect(parsed.phrases).toEqual(["exponential backoff"]);
    expect(parsed.terms).toEqual(["webhook", "a"]);
    expect(parsed.match).toBe('("exponential backoff" AND "webhook"* AND "a")');
  });

  it("joins the words of a punctuated token into a phrase (rate-limiter, src/auth.ts)", () => {
    expect(parseQuery("rate-limiter").match).toBe('"rate limiter"*');
    expect(parseQuery("don't").phrases).toEqual(["don t"]);
  });

  it("supports OR, NOT and -exclusions, and treats stray operator words as words", () => {
    expect(parseQuery("redis OR memcached").match).toBe('("redis"*) OR ("memcached"*)');
    expect(parseQuery("auth -flaky").match).toBe('("auth"* NOT ("flaky"*))');
    expect(parseQuery("auth NOT flaky").match).toBe('("auth"* NOT ("flaky"*))');
    expect(parseQuery("OR").match).toBe('"OR"*');
    expect(parseQuery("NEAR").match).toBe('"NEAR"*');
    expect(parseQuery("a NOT").match).toBe('("a" AND "NOT"*)');
    const onlyExcluded = parseQuery("-flaky");
    expect(onlyExcluded.match).toBeNull();
    expect(onlyExcluded.notes.join(" ")).toMatch(/only exclusions/);
  });

  it("scopes title: and decisions: to their columns", () => {
    expect(parseQuery("title:importer").match).toBe('title : "importer"*');
    expect(parseQuery('decisions:"token bucket"').match).toBe('decisions_text : "token bucket"');
  });

  it("takes file:, shas and filters out of the text", () => {
    const parsed = parseQuery("file:./src/auth.ts 3f9c2ab repo:api branch:feature/x status:done family:handoff kind:research level:stale from:2026-11-01 to:2026-11-30");
    expect(parsed.filePaths).toEqual(["src/auth.ts"]);
    expect(parsed.shas).toEqual(["3f9c2ab"]);
    expect(parsed.filters).toEqual({
      repo: "api",
      branch: "feature/x",
      status: "completed",
      format: "handoff",
      kind: "research",
      level: "stale",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(parsed.match).toBe('"3f9c2ab"*');
    expect(parsed.matchWithoutShas).toBeNull();
  });

  it("explains what it ignored instead of failing", () => {
    expect(parseQuery("status:bogus").notes.join(" ")).toMatch(/unknown status "bogus"/);
    expect(parseQuery("from:yesterday").notes.join(" ")).toMatch(/not a date/);
    expect(parseQuery("(((").notes.join(" ")).toMatch(/no letters or digits/);
    expect(parseQuery('"open').notes.join(" ")).toMatch(/quote was not closed/);
    expect(parseQuery("file:").notes.join(" ")).toMatch(/needs a path/);
  });

  it("handles unicode like the tokenizer: diacritics folded, CJK kept, emoji dropped", () => {
    expect(parseQuery("Überarbeitung").terms).toEqual(["uberarbeitung"]);
    expect(parseQuery("インポート").match).toBe('"インポート"*');
    const emoji = parseQuery("🚀");
    expect(emoji.match).toBeNull();
    expect(emoji.notes.length).toBe(1);
  });

  it("cuts queries over the limit and says so", () => {
    const parsed = parseQuery(`alpha ${"b".repeat(1000)}`);
    expect(parsed.notes.join(" ")).toMatch(new RegExp(`first ${MAX_QUERY_CHARS} characters`));
    expect(parsed.terms[0]).toBe("alpha");
    expect(parsed.terms[1].length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
  });

  it("returns nothing to match for an empty query", () => {
    expect(parseQuery("").match).toBeNull();
    expect(parseQuery("   ").notes).toEqual([]);
  });
});
