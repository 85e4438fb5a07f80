/**
 * Issue 29, parts 2 and 5, through the indexer (a real repository, real SQLite): a JSON checkpoint of 6,000
 * tasks took 16-19 s to index and held the searches behind it; YAML files full of duplicate keys gave one
 * problem row per key (six of them: 59,934 rows). The time bound is loose on purpose: it catches a return to
 * quadratic time, not a slow machine.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problems, tasks } from "../../db/schema";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let ms = 0;

beforeAll(async () => {
  space = tempSpace();
  const repo = join(space.dir, "code", "shop");
  initRepo(repo);
  const files: Record<string, string> = {
    ".claude/checkpoints/many-tasks.json": JSON.stringify({
      title: "Six thousand steps",
      status: "in progress",
      saved_at: "2026-11-02T10:00:00Z",
      tasks: Array.from({ length: 6_000 }, (_, i) => `Step ${i}`),
    }),
    ".claude/checkpoints/plain.md": "---\ntitle: Plain one\nstatus: in-progress\nsaved_at: 2026-11-01T10:00:00Z\n---\n\n- [ ] wire totals\n",
  };
  for (let f = 0; f < 3; f++) {
    files[`.claude/checkpoints/dups-${f}.yaml`] = `title: Duplicates ${f}\nstatus: active\n${Array.from({ length: 3_000 }, (_, i) => `branch: b${i}`).join("\n")}\n`;
  }
  writeFiles(repo, files);
  commitAll(repo, "hostile data");
  const start = performance.now();
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
  ms = performance.now() - start;
}, 120_000);
afterAll(() => space.cleanup());

describe("hostile data checkpoints in an index run", () => {
  it("index a JSON checkpoint of 6,000 tasks in seconds, with the first 1,000 tasks", () => {
    expect(ms).toBeLessThan(8_000);
    const records = listRecords(space.db());
    expect(records.map((r) => r.title).sort()).toEqual(["Duplicates 0", "Duplicates 1", "Duplicates 2", "Plain one", "Six thousand steps"]);
    const many = records.find((r) => r.title === "Six thousand steps")!;
    const rows = space.db().select().from(tasks).all().filter((t) => t.documentId === many.id);
    expect(rows).toHaveLength(1_000);
  });

  it("keep a few problems per file, and count the rest", () => {
    const rows = space.db().select().from(problems).all();
    const byFile = new Map<string, string[]>();
    for (const row of rows) byFile.set(row.filePath.split("/").pop()!, [...(byFile.get(row.filePath.split("/").pop()!) ?? []), row.message]);
    for (let f = 0; f < 3; f++) {
      const messages = byFile.get(`dups-${f}.yaml`) ?? [];
      expect(messages).toHaveLength(11);
      expect(messages).toContain("2,989 more duplicate keys: the last value of each is used");
    }
    expect(byFile.get("many-tasks.json")).toEqual([expect.stringMatching(/only the first 1,000 items .*tasks: 6,000 items/)]);
    expect(rows.length).toBeLessThan(40);
  });
});
