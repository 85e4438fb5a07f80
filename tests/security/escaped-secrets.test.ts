/**
 * Issue 42 item 2: secrets written escaped, so that a scan of the raw bytes misses them while a parser or a page
 * decodes them: JSON `\u0070`, YAML `\x70`, Task Master `\u`, Markdown `&#112;`, `\_` (what HTML-to-Markdown
 * converters write) and tag-split tokens, in a checkpoint, a Task Master file and a Spec Kit `plan.md` companion.
 * A real repository, a real index run into a real SQLite file; then every surface is searched for the raw tokens:
 * `cairn list --json`, the resume prompt, the MCP answer, the page's rendered views, the database bytes.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildResumeBrief } from "../../lib/actions/resume";
import { listJson } from "../../lib/cli/list-json";
import { indexRoots } from "../../lib/index/indexer";
import { checkpointMarkdown, checkpointView, loadCheckpoint } from "../../lib/mcp/checkpoint-view";
import { listRecords } from "../../lib/queries/records";
import { renderMarkdown } from "../../lib/render/markdown";
import { originalView } from "../../lib/render/original";
import { normalisedViewYielding } from "../../lib/render/sections";
import { companionTextsOf } from "../../lib/parse/conventions/unit";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { fake } from "../support/fake-secrets";
import { tempSpace, type TempSpace } from "../support/temp";
import { checkpointWal, leaksIn } from "./support/db-bytes";
import { ESCAPED_FILES, escapedTokens } from "./support/escaped";

let space: TempSpace;
const tokens = escapedTokens((n, seed) => fake(n, seed + 4200));
const leaked = (text: string) => Object.entries(tokens).filter(([, t]) => text.includes(t)).map(([name]) => name);

beforeAll(async () => {
  space = tempSpace("cairn-escaped-secrets-");
  const repo = join(space.dir, "code", "app");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n", ...ESCAPED_FILES(tokens) });
  commitAll(repo, "feat: start");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
  checkpointWal(space.dbPath);
}, 120_000);

afterAll(() => space?.cleanup());

describe("secrets written escaped", () => {
  it("are found: each file has a finding", () => {
    const records = listRecords(space.db(), {});
    for (const path of Object.keys(ESCAPED_FILES(tokens))) {
      if (path.startsWith("specs/")) continue; // a Spec Kit feature: its plan.md is a companion, redacted with the unit (checked below)
      const record = records.find((r) => r.path === path);
      expect(record, path).toBeTruthy();
      expect(record!.secrets.length, path).toBeGreaterThan(0);
    }
  });

  it("are absent from `cairn list --json`, the resume prompt and the MCP answer", async () => {
    const db = space.db();
    expect(leaked(listJson(db).toString("utf8"))).toEqual([]);
    for (const record of listRecords(db, {})) {
      const brief = await buildResumeBrief(db, record.id);
      expect(leaked(JSON.stringify(brief)), `resume ${record.path}`).toEqual([]);
      const { page, record: rec } = loadCheckpoint(db, record.id);
      const view = checkpointView(page, rec);
      expect(leaked(JSON.stringify(view) + checkpointMarkdown(view, { full: true })), `mcp ${record.path}`).toEqual([]);
    }
  });

  it("are absent from what the page renders: the normalised view, the original, the companions", async () => {
    const db = space.db();
    let companions = 0;
    for (const record of listRecords(db, {})) {
      const { page } = loadCheckpoint(db, record.id);
      const view = await normalisedViewYielding(page.sections, { hasTasks: page.tasks.length > 0, references: page.references, fromHtml: false, fromData: page.doc.format === "data" });
      const original = originalView(page.doc);
      const shown = [JSON.stringify(view), JSON.stringify(original), page.doc.title ?? "", JSON.stringify(page.tasks)];
      for (const companion of companionTextsOf(page.doc.meta)) {
        companions++;
        shown.push(renderMarkdown(companion.text));
      }
      expect(leaked(shown.join("\n")), record.path).toEqual([]);
    }
    expect(companions, "the Spec Kit plan.md is shown with its feature").toBeGreaterThan(0);
  });

  it("never reach the database files (tables, FTS index, WAL)", () => {
    expect(leaksIn(space.dbPath, Object.values(tokens))).toEqual([]);
  });
});
