/**
 * The queue's "who made the last commit" answers are kept in the database (file_authors), so that a new
 * `cairn queue` reads them instead of asking git once per repository; a new version of a file replaces its row.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { authorStore } from "../../lib/queries/author-store";
import { lastAuthors } from "../../lib/queries/queue-authors";
import { gitProcessCount } from "../../lib/git/runner";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: string;

beforeEach(() => {
  space = tempSpace();
  repo = join(space.dir, "repo");
  initRepo(repo);
  writeFiles(repo, { "HANDOFF.md": "# Handoff\n" });
  commitAll(repo, "handoff");
});
afterEach(() => space.cleanup());

describe("the last authors kept in the database", () => {
  it("answer a later run without git, and a new version of the file replaces its row", async () => {
    const file = { path: "HANDOFF.md", source: "worktree", contentHash: `h-${Date.now()}-a` };
    const first = await lastAuthors(repo, [file], authorStore(space.db()));
    const author = first.get("worktree\0HANDOFF.md");
    expect(author?.email).toBeTruthy();

    // another process: the same database, a version the in-memory memo has never seen
    const again = { ...file, contentHash: `${file.contentHash}` };
    const store = authorStore(space.db());
    expect(store.get(repo, [again]).get(`${repo}\0worktree\0HANDOFF.md\0${again.contentHash}`)).toEqual(author);

    const before = gitProcessCount();
    const kept = { path: "HANDOFF.md", source: "worktree", contentHash: `h-${Date.now()}-b` };
    store.put(repo, [{ file: kept, author: { name: "Ada", email: "ada@example.com", at: null } }]);
    const answered = await lastAuthors(repo, [kept], store);
    expect(answered.get("worktree\0HANDOFF.md")?.name).toBe("Ada");
    expect(gitProcessCount()).toBe(before);
    const rows = space.db().$client.prepare("SELECT content_hash FROM file_authors WHERE path = 'HANDOFF.md'").all();
    expect(rows).toEqual([{ content_hash: kept.contentHash }]);
  });
});
