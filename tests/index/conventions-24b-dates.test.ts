/**
 * Units of 24b's conventions indexed from a real temporary git repository: a memory bank and a Task Master file that
 * state no date are dated by the last commit that touched them (the memory bank by its folder), and a transcript
 * is a journal record, never in the queue.
 */
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { documents } from "../../db/schema";
import { indexRepositoryAt } from "../../lib/index/index-repository";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: string;

beforeEach(() => {
  space = tempSpace("cairn-conventions-24b-");
  repo = join(space.dir, "garden");
  initRepo(repo);
  writeFiles(repo, {
    "memory-bank/activeContext.md": "# Active Context\n\n## Current focus\n- Watering schedule export\n",
    ".taskmaster/tasks/tasks.json": JSON.stringify({ master: { tasks: [{ id: 1, title: "Schema", status: "done" }, { id: 2, title: "Export", status: "pending" }] } }),
    ".aider.chat.history.md": "\n# aider chat started at 2026-03-01 10:00:00\n\n#### add the export\n",
  });
  commitAll(repo, "docs: first notes", new Date("2026-03-02T09:00:00Z"));
  writeFiles(repo, { "memory-bank/progress.md": "# Progress\n- [x] Schema\n- [ ] Export\n" });
  commitAll(repo, "docs: progress", new Date("2026-03-06T09:00:00Z"));
});

afterEach(() => space.cleanup());

const record = (path: string) => space.db().select().from(documents).where(eq(documents.path, path)).get();

describe("24b conventions in a real repository", () => {
  it("dates undated units by their last commit and keeps transcripts out of the checkpoints", async () => {
    await indexRepositoryAt(space.db(), repo);
    const bank = record("memory-bank/activeContext.md");
    expect(bank?.format).toBe("memory-bank");
    expect(bank?.savedAtSource).toBe("commit");
    // progress.md changed after activeContext.md: the folder's last commit dates the bank
    expect(bank?.savedAt?.slice(0, 10)).toBe("2026-03-06");
    expect(bank?.status).toBe("in-progress");

    const tasks = record(".taskmaster/tasks/tasks.json");
    expect(tasks?.format).toBe("task-master");
    expect(tasks?.savedAt?.slice(0, 10)).toBe("2026-03-02");
    expect([tasks?.tasksDone, tasks?.tasksTotal]).toEqual([1, 2]);

    const chat = record(".aider.chat.history.md");
    expect(chat?.kind).toBe("journal");
    expect(chat?.status).toBeNull();
  });
});
