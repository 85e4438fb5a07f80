/** Shared set-up of the write tests: a real repository under a temp root, indexed into a real SQLite file. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import { indexRoots } from "../../lib/index/indexer";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import type * as family from "../../scripts/fixtures/families";
import { tempSpace, type TempSpace } from "../support/temp";

export interface WriteWorld {
  space: TempSpace;
  root: string;
  repo: string;
  sha: string;
  index(): Promise<void>;
  /** The document id of a repository-relative path (throws when it is not indexed). */
  idOf(relPath: string): string;
  doc(relPath: string): typeof documents.$inferSelect;
  read(relPath: string): Buffer;
  write(files: Record<string, string | Buffer>): void;
  /** Every file name in a folder of the repository (to catch leftover temporary and lock files). */
  list(relDir: string): string[];
}

export function writeWorld(): WriteWorld {
  const space = tempSpace("cairn-write-");
  const root = join(space.dir, "code");
  const repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  const sha = commitAll(repo, "feat: start");
  const world: WriteWorld = {
    space,
    root,
    repo,
    sha,
    async index() {
      await indexRoots(space.db(), { roots: [root], home: null });
    },
    doc(relPath) {
      const row = space.db().select().from(documents).where(eq(documents.absPath, join(repo, relPath))).get();
      if (!row) throw new Error(`${relPath} is not indexed`);
      return row;
    },
    idOf(relPath) {
      return world.doc(relPath).id;
    },
    read: (relPath) => readFileSync(join(repo, relPath)),
    write: (files) => writeFiles(repo, files),
    list: (relDir) => readdirSync(join(repo, relDir)),
  };
  return world;
}

export const facts = (over: Partial<family.SaveFacts> = {}): family.SaveFacts => ({
  title: "Wire the importer",
  slug: "wire-the-importer",
  branch: "main",
  headSha: "",
  savedAt: new Date("2026-11-20T10:15:00Z"),
  status: "in-progress",
  tasks: [
    { text: "parse the header", done: true },
    { text: "map the columns", done: false },
  ],
  keyFiles: ["src/app.ts"],
  decision: "Stream the file instead of loading it whole",
  gotcha: "Excel exports use CRLF line endings everywhere",
  ...over,
});

/** The bytes that differ between two buffers, after their common prefix and suffix. */
export function byteDiff(before: Buffer, after: Buffer): { at: number; removed: string; added: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { at: start, removed: before.subarray(start, endBefore).toString("utf8"), added: after.subarray(start, endAfter).toString("utf8") };
}

export const toCrlfWithBom = (text: string): Buffer => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace(/\n/g, "\r\n"), "utf8")]);

/** Fake secrets assembled at run time, so this file holds nothing that looks like a real key. */
export function fakeGithubToken(seed = 12): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = seed * 7919 + 17;
  let out = "";
  for (let i = 0; i < 36; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out += alphabet[(s >>> 0) % alphabet.length];
  }
  return `ghp_${out}`;
}
