/**
 * Discovery finds a state file by what it says (issue 40): a tracked Markdown file at the root, in an agent's folder
 * or a planning folder whose first 4 KB read as a saved working state, whatever its name; nothing elsewhere, no
 * skill or command, and never more than 4 KB of such a file read to decide.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { findCandidateFiles } from "../../lib/discover/candidates";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
});
afterEach(() => space.cleanup());

const STATE = (title: string) => `# ${title}

Updated: 2026-05-04

## Current state
- The importer runs on the queue; the retry path is untested.

## Next steps
1. Write the retry test
2. Drop the old importer's flag
${"\nA long tail of notes that discovery never needs to read.".repeat(200)}
`;

const SKILL = `# Save a checkpoint

Updated: 2026-05-04

## Current state
Describe where the work stands.

## Next steps
1. List what is left
`;

describe("discovery sniffs what a Markdown file says", () => {
  it("finds a tracked state file at the root, in an agent folder and in docs/ by its content, and nothing else", async () => {
    writeFiles(repo, {
      "NOW.md": STATE("Now"),
      ".claude/HISTORY.md": STATE("Session history"),
      "docs/wip.md": STATE("Work in progress"),
      "src/NOW.md": STATE("Now (in the sources)"),
      ".claude/commands/save.md": SKILL,
      "docs/guide.md": "# Guide\n\nHow to install the shop and run it locally.\n",
      "README.md": STATE("Shop"),
    });
    commitAll(repo, "docs: state files");
    // an untracked file is not sniffed (the walk's candidates by name still are)
    writeFiles(repo, { "scratch.md": STATE("Scratchpad") });
    const scan = await findCandidateFiles(repo, root);
    const byContent = scan.files.filter((f) => f.origin === "content").map((f) => f.relPath).sort();
    expect(byContent).toEqual([".claude/HISTORY.md", "NOW.md", "docs/wip.md"]);
    // at most 4 KB of each file whose place qualifies, 2 KB of any other tracked Markdown file
    expect(scan.cost!.bytesRead).toBeLessThanOrEqual(scan.cost!.sniffed * 4096);
    expect(scan.cost!.sniffed).toBeGreaterThanOrEqual(5);
  });

  it("indexes them as checkpoints with their fields", async () => {
    writeFiles(repo, { "NOW.md": STATE("Now") });
    commitAll(repo, "docs: now");
    await indexRoots(space.db(), { roots: [root], home: null });
    const records = listRecords(space.db(), { kind: "all" }).map((r) => `${r.path} [${r.format}] ${r.title}`);
    expect(records).toEqual(["NOW.md [other-md] Now"]);
  });
});
