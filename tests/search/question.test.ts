/**
 * Plain words ranked as a question (issue 23): stop words, stems, every word then any word, field weights,
 * related words below typed ones, CJK without spaces, and each hit saying why it matched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;

const filler = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `- ${seed} note ${i}: nothing to see here, just ordinary text about the office.`).join("\n");

const FILES: Record<string, string> = {
  ".claude/checkpoints/billing-release.md": `# Billing service release

Preamble: the quarterly invoices go out on the fifth.

## Next steps
- Apply migration 0042 (add the ledger index) before deploying the billing service
- Ask finance to check the totals
`,
  // every word of the question somewhere in a long unrelated file
  ".claude/checkpoints/long-diary.md": `# Diary of the office move

## Monday
${filler(40, "monday")}
Which desk still has to be applied a coat of paint before the move.

## Tuesday
${filler(40, "tuesday")}
We talked about bird migration at lunch.

## Wednesday
${filler(40, "wednesday")}
Deploying the new coffee machine, and the billing of the movers.
`,
  ".claude/checkpoints/flaky.md": `# Login page notes

## Decisions
- Keep the failing test quarantined until the clock mock lands
`,
  ".claude/checkpoints/chinese.md": `# 支付模块

## 下一步
- 完成支付重试逻辑，然后部署到测试环境
`,
  ".claude/checkpoints/glitch.md": `# Renderer

## Notes
- A glitch in the shadow renderer remains open
`,
  ".claude/checkpoints/nested.md": `# Nested sections

Intro words under the title: platypus preamble.

## Parent section
Parent text.

### Child section
Child text with a lyrebird.

### Second child
More child text.
`,
};

beforeAll(async () => {
  space = tempSpace("cairn-question-");
  const repo = join(space.dir, "root", "app");
  initRepo(repo);
  writeFiles(repo, FILES);
  commitAll(repo, "checkpoints", new Date("2026-11-20T10:00:00Z"));
  await indexRoots(space.db(), { roots: [join(space.dir, "root")], home: join(space.dir, "home") });
});
afterAll(() => space.cleanup());

const search = (q: string, options = {}) => searchDocuments(space.db(), q, options);
const paths = (q: string, options = {}) => search(q, options).hits.map((h) => h.path.replace(".claude/checkpoints/", ""));

describe("a question in plain words", () => {
  it("answers an agent's question full of stop words, the right file first, not the long file holding every word", () => {
    const result = search("which migration still has to be applied before deploying the billing service?");
    expect(result.hits[0].path).toContain("billing-release.md");
    expect(result.hits[0].matched).toMatchObject({ allWords: true });
  });

  it("finds the singular when the plural is typed (stemming)", () => {
    expect(paths("failing tests")).toContain("flaky.md");
  });

  it("falls back to any word when no document holds them all, and says so", () => {
    const result = search("lyrebird quokka");
    expect(result.hits.map((h) => h.path)).toEqual([expect.stringContaining("nested.md")]);
    expect(result.hits[0].matched).toMatchObject({ words: ["lyrebird"], allWords: false });
    expect(result.notes.join(" ")).toMatch(/no document holds every word/);
  });

  it("finds Chinese text without spaces between words", () => {
    expect(paths("支付重试")).toEqual(["chinese.md"]);
    expect(paths("部署")).toEqual(["chinese.md"]);
  });

  it("searches the preamble under the title, and stores each section once", () => {
    expect(paths("platypus")).toEqual(["nested.md"]);
    expect(paths("lyrebird")).toEqual(["nested.md"]);
    const db = space.db().$client;
    const body = db.prepare("SELECT body FROM documents WHERE path LIKE '%nested.md'").pluck().get() as string;
    expect(body.split("lyrebird")).toHaveLength(2);
    expect(body.length).toBeLessThanOrEqual(FILES[".claude/checkpoints/nested.md"].length);
  });

  it("counts a related word below a typed one and says which word it stands for", () => {
    const result = search("bug renderer");
    expect(result.hits[0].path).toContain("glitch.md");
    expect(result.hits[0].matched?.related).toEqual(["glitch (for bug)"]);
    expect(result.hits[0].matched?.words).toEqual(["renderer"]);
  });

  it("keeps phrases, prefixes, operators and one identifier alone as exact searches", () => {
    expect(search('"failing tests"').total).toBe(0); // a phrase is as written
    expect(search("failing tests*").hits.every((h) => h.matched === undefined)).toBe(true);
    expect(search("lyrebird -platypus").total).toBe(0);
    expect(search("lyrebird -kangaroo").hits.map((h) => h.path)).toEqual([expect.stringContaining("nested.md")]);
    const identifier = search("migration_0042");
    expect(identifier.hits.map((h) => h.path)).toEqual([expect.stringContaining("billing-release.md")]);
    expect(identifier.hits[0].matched).toBeUndefined();
  });
});

describe("field weights", () => {
  // checkpoints of one shape (a title, notes, next steps of about the same length): the same words in the
  // title or the next steps rank above the same words in the notes
  const weighted = tempSpace("cairn-weights-");
  const doc = (title: string, notes: string, next: string) => `# ${title}\n\n## Notes\n- ${notes}\n\n## Next steps\n- ${next}\n`;
  beforeAll(async () => {
    const repo = join(weighted.dir, "root", "app");
    initRepo(repo);
    writeFiles(repo, {
      // file names without the words (a file's path is searched too)
      ".claude/checkpoints/a.md": doc("Kangaroo importer", "Parsing the export", "Ship the release"),
      ".claude/checkpoints/b.md": doc("Parsing importer", "Kangaroo the export", "Ship the release"),
      ".claude/checkpoints/c.md": doc("Parser work", "Parsing the export", "Wire the wombat"),
      ".claude/checkpoints/d.md": doc("Parser work", "Wire the wombat", "Parsing the export"),
      ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`.claude/checkpoints/other-${i}.md`, doc(`Other work ${i}`, "Reading the logs", "Tidy the tests")])),
    });
    commitAll(repo, "checkpoints", new Date("2026-11-20T10:00:00Z"));
    await indexRoots(weighted.db(), { roots: [join(weighted.dir, "root")], home: join(weighted.dir, "home") });
  });
  afterAll(() => weighted.cleanup());
  const order = (q: string) => searchDocuments(weighted.db(), q).hits.map((h) => h.path.replace(".claude/checkpoints/", ""));

  it("ranks the title above the body, and next steps above the body", () => {
    expect(order("kangaroo")).toEqual(["a.md", "b.md"]);
    expect(order("wombat")).toEqual(["c.md", "d.md"]);
  });
});
