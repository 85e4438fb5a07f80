/**
 * Issue 39 item 3: a save's time is the later of its stated time and the commit that last changed the file. A
 * handoff dated with a day only ("2026-12-05", stored at 00:00) that a teammate commits again at 01:40, after the
 * user's "Changes requested" at 01:39, is back in Reviews, and the queue says who saved again after which review.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addReview } from "../../lib/actions/review";
import { indexRoots } from "../../lib/index/indexer";
import { loadQueue } from "../../lib/queries/queue";
import { listRecords } from "../../lib/queries/records";
import { reviewQueue } from "../../lib/queries/review-queue";
import { reviewsFor, latestReview } from "../../lib/queries/reviews";
import { effectiveSaveTime, sinceLastReview } from "../../lib/queries/since-review";
import { git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

const MATE = { GIT_AUTHOR_NAME: "Ana Teammate", GIT_AUTHOR_EMAIL: "ana@team.invalid", GIT_COMMITTER_NAME: "Ana Teammate", GIT_COMMITTER_EMAIL: "ana@team.invalid" };
const HANDOFF = ".claude/handoffs/2026-12-05-importer.md";
const at = (hm: string) => new Date(`2026-12-05T${hm}:00Z`);

let space: TempSpace;
let root: string;
let repo: string;

function commitAs(who: Record<string, string>, message: string, when: Date) {
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", message], { ...who, GIT_AUTHOR_DATE: when.toISOString(), GIT_COMMITTER_DATE: when.toISOString() });
}

const handoff = (steps: string[]) =>
  `# Handoff: Importer column mapping\n\n## Session Metadata\n- Created: 2026-12-05\n- Branch: main\n\n## Current State Summary\nThe importer reads the CSV header.\n\n### Immediate Next Steps\n${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}\n`;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "importer");
  initRepo(repo);
  writeFileSync(join(space.dir, "config.json"), JSON.stringify({ identity: { emails: ["me@example.invalid"], names: ["Me Myself"] } }));
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAs(MATE, "feat: start", new Date("2026-12-04T09:00:00Z"));
  writeFiles(repo, { [HANDOFF]: handoff(["Map the columns", "Handle CRLF"]), "src/importer.ts": "export const importer = 1;\n" });
  commitAs(MATE, "feat: importer, and the handoff", at("01:00"));
});
afterEach(() => space.cleanup());

const index = (now: Date) => indexRoots(space.db(), { roots: [root], home: null, now });
const idOf = (path: string) => listRecords(space.db(), { kind: "all" }).find((r) => r.path === path)!.id;

describe("a same-morning save after Changes requested", () => {
  it("is back in Reviews with the handoff's own text diff, and the queue says who saved again after which review", async () => {
    await index(at("01:05"));
    expect((await reviewQueue(space.db())).map((r) => r.path)).toEqual([HANDOFF]);
    await addReview(space.db(), { documentId: idOf(HANDOFF), verdict: "changes", comment: "Add the migration step.", reviewer: "Me Myself", at: at("01:39") });
    await index(at("01:39"));
    expect((await reviewQueue(space.db())).map((r) => r.path)).toEqual([]);

    // the teammate edits the handoff (its date stays the day) and commits a minute after the review
    writeFiles(repo, { [HANDOFF]: handoff(["Map the columns", "Handle CRLF", "Write the migration"]) });
    commitAs(MATE, "docs: handoff, migration step", at("01:40"));
    await index(at("01:45"));

    const queue = await reviewQueue(space.db());
    expect(queue.map((r) => r.path)).toEqual([HANDOFF]);
    expect(queue[0].lastSave).toBe(at("01:40").toISOString());

    const { items } = await loadQueue(space.db(), { now: at("01:45") });
    const item = items.find((i) => i.path === HANDOFF)!;
    expect(item.verb).toBe("Review");
    expect(item.reason).toBe("Ana Teammate saved again 5 minutes ago, after your Changes requested.");

    // the review page: saved after the review, and what changed in the handoff's own text since the reviewed version
    const id = idOf(HANDOFF);
    const saved = await effectiveSaveTime(space.db(), id);
    expect(saved).toBe(at("01:40").toISOString());
    const since = await sinceLastReview(space.db(), id, latestReview(reviewsFor(space.db(), id)));
    expect(since.changed).toBe(true);
    expect(since.diff?.added).toEqual(["3. Write the migration"]);
    expect(since.diff?.removed).toEqual([]);
  });

  it("a day-dated handoff committed hours later counts its drift from that commit, not from midnight", async () => {
    await index(at("01:05"));
    const record = listRecords(space.db(), { kind: "all" }).find((r) => r.path === HANDOFF)!;
    const freshness = record.freshness as { level: string; newCommits: number | null; commitsSinceSavedAt: number | null; filesChanged: number | null };
    expect(freshness.level).toBe("fresh");
    expect(freshness.commitsSinceSavedAt ?? freshness.newCommits ?? 0).toBe(0);
    expect(freshness.filesChanged ?? 0).toBe(0);
  });
});
