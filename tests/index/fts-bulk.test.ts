/**
 * A cold index fills the full-text index in one pass at its end (db/fts-bulk.ts): afterwards every document is
 * found by its words and word beginnings, the triggers are back for the runs after it, and a run killed half way
 * leaves nothing wrong behind (the next process to open the database finishes the job).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { closeDb, getDb } from "../../db/client";
import { suspendFtsTriggers } from "../../db/fts-bulk";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;

const checkpoint = (title: string, word: string) => `# ${title}\n\n**Status:** in progress\n\n## Next steps\n- [ ] ${word} the importer\n`;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  for (const [name, word] of [["alpha", "quarantine"], ["beta", "zeppelin"]]) {
    const repo = join(root, name);
    initRepo(repo);
    writeFiles(repo, { ".claude/last-session.md": checkpoint(`Work on ${name}`, word) });
    commitAll(repo, "chore(checkpoint): save", new Date("2026-11-20T10:20:00Z"));
  }
});
afterEach(() => space.cleanup());

const triggers = () =>
  (space.db().$client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'documents_fts%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const found = (q: string) => searchDocuments(space.db(), q, {}).total;
const integrity = () => space.db().$client.exec("INSERT INTO documents_fts(documents_fts, rank) VALUES ('integrity-check', 1)");

describe("the full-text index on a cold index", () => {
  it("finds every document after the run, by a word and by its beginning, with the triggers back", async () => {
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(triggers()).toEqual(["documents_fts_after_delete", "documents_fts_after_insert", "documents_fts_after_update"]);
    expect(found("quarantine")).toBe(1);
    expect(found("zeppel*")).toBe(1);
    expect(() => integrity()).not.toThrow();
    // the next run goes through the triggers: a new file is found at once
    writeFiles(join(root, "alpha"), { ".claude/checkpoints/second.md": checkpoint("Second save", "xylophone") });
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(found("xylophone")).toBe(1);
    expect(() => integrity()).not.toThrow();
  });

  it("leaves the triggers alone when the index already holds documents", async () => {
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(suspendFtsTriggers(space.db().$client)).toBe(false);
    expect(triggers()).toHaveLength(3);
  });

  it("finishes a cold index that was stopped half way the next time the database is opened", async () => {
    // a run that suspended the triggers, wrote its documents and never reached its end
    expect(suspendFtsTriggers(space.db().$client)).toBe(true);
    await indexRoots(space.db(), { roots: [root], home: null });
    // indexRoots found the documents table empty but the triggers already suspended: it leaves them for their owner
    expect(triggers()).toEqual([]);
    expect(found("quarant*")).toBe(0);
    closeDb(space.dbPath);
    getDb(space.dbPath);
    expect(triggers()).toHaveLength(3);
    expect(found("quarant*")).toBe(1);
    expect(found("zeppel*")).toBe(1);
    expect(() => integrity()).not.toThrow();
  });
});
