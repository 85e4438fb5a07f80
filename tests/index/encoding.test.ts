/** A checkpoint saved as Latin-1 / Windows-1252 reads with its accented letters, and says how it was read. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { decodeText, NOT_UTF8_NOTICE } from "../../lib/discover/text-encoding";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { problems } from "../../db/schema";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "cafe");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAll(repo, "feat: start");
});
afterEach(() => space.cleanup());

describe("text encodings", () => {
  it("decodes UTF-8 as it is and anything else as Windows-1252, with a notice", () => {
    expect(decodeText(Buffer.from("Café — “quoted”", "utf8"))).toEqual({ text: "Café — “quoted”", notice: null });
    const latin1 = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x6f, 0x6b, 0x94]); // Caf\xe9 \x93ok\x94
    expect(decodeText(latin1)).toEqual({ text: "Café “ok”", notice: NOT_UTF8_NOTICE });
  });

  it("indexes a Windows-1252 checkpoint with its accents and notes it on the Problems page", async () => {
    const text = "---\ntitle: Menu du café\nstatus: in-progress\nbranch: main\n---\n\n# Menu du café\n\n- [ ] vérifier les crêpes\n";
    writeFiles(repo, { ".claude/checkpoints/cafe.md": Buffer.from(text, "latin1") });
    await indexRoots(space.db(), { roots: [root], home: null });
    const [record] = listRecords(space.db());
    expect(record?.title).toBe("Menu du café");
    expect(JSON.stringify(record)).not.toContain("\uFFFD");
    const messages = space.db().select().from(problems).all().map((p) => p.message);
    expect(messages).toContain(NOT_UTF8_NOTICE);
  });
});
