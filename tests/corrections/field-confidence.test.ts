/**
 * fieldConfidence and headShaStated in the record: what a key or label states, what Cairn guessed, what the user
 * set; the commit as the file wrote it, kept when it does not resolve and when the user corrects it. A real git
 * repository and a real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { correctionSchema, setCorrections } from "../../lib/actions/corrections";
import { listJson } from "../../lib/cli/list-json";
import { indexRoots } from "../../lib/index/indexer";
import { getRecord, listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
const LABELLED = "---\nstatus: in-progress\nbranch: main\nhead: abc1234f\ntimestamp: 2026-05-01T10:00:00Z\n---\n# Checkpoint: Cart rewrite\n\n## Remaining Work\n- [ ] wire totals\n";
const GUESSED = "# Search rework (ALL STEPS DONE)\n\nSaved 2026-05-03.\n\n## Next steps\n- ship it\n";

beforeEach(async () => {
  space = tempSpace();
  root = join(space.dir, "code");
  const repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { ".claude/checkpoints/20260501-100000-cart.md": LABELLED, ".claude/checkpoints/20260503-090000-search.md": GUESSED });
  commitAll(repo, "checkpoints");
  await indexRoots(space.db(), { roots: [root], home: null });
});
afterEach(() => space.cleanup());

const byTitle = (title: string) => listRecords(space.db()).find((r) => r.title === title)!;

describe("fieldConfidence and headShaStated", () => {
  it("marks values a key states as stated and values read from the title tag as guessed", () => {
    expect(byTitle("Cart rewrite").fieldConfidence).toMatchObject({ title: "stated", status: "stated", branch: "stated", headSha: "stated", savedAt: "stated" });
    expect(byTitle("Search rework (ALL STEPS DONE)").fieldConfidence).toMatchObject({ status: "guessed" });
  });

  it("keeps the stated commit when it does not resolve here, and when the user corrects it", async () => {
    const cart = byTitle("Cart rewrite");
    expect(cart.headShaStated).toBe("abc1234f");
    expect(cart.headShaVerified).toBe(false);
    await setCorrections(space.db(), cart.id, correctionSchema.parse({ status: "completed" }));
    const after = getRecord(space.db(), cart.id)!;
    expect(after.fieldConfidence.status).toBe("user");
    expect(after.fieldConfidence.branch).toBe("stated");
    expect(after.headShaStated).toBe("abc1234f");
  });

  it("filters on a guessed status, in the records and in cairn list --json", () => {
    expect(listRecords(space.db(), { guessedStatus: true }).map((r) => r.title)).toEqual(["Search rework (ALL STEPS DONE)"]);
    const json = JSON.parse(listJson(space.db(), { guessedStatus: true }).toString("utf8")) as Array<{ title: string; fieldConfidence: Record<string, string> }>;
    expect(json.map((r) => r.title)).toEqual(["Search rework (ALL STEPS DONE)"]);
    expect(json[0].fieldConfidence.status).toBe("guessed");
  });
});
