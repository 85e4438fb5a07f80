/**
 * Issue 29, parts 1, 3 and 4, each on a real temporary git repository: a backtracking `.cairnignore` rule and
 * thousands of rules (part 1), checkpoint names that are symlinks out of their repository (part 3), and a
 * re-index of many tracked Markdown files that must give way to other work (part 4).
 */
import { spawnSync } from "node:child_process";
import { realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { problems, repositories } from "../../db/schema";
import { indexRoots } from "../../lib/index/indexer";
import { indexRepositoryAt } from "../../lib/index/index-repository";
import { reindexFile } from "../../lib/index/reindex-file";
import { listRecords } from "../../lib/queries/records";
import { loadDocument, readDocumentBytes } from "../../lib/write";
import { MAX_RULE_CHARS, MAX_RULES } from "../../lib/discover/limits";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";
import { leaksIn } from "./support/db-bytes";
import { OUTSIDE_MARKER, harmlessRules, linkOutOf, writeBacktrackingRule, writeManyMarkdown } from "./support/hostile-discovery";

const PROJECT_DIR = join(import.meta.dirname, "..", "..");
const HANDOFF = (title: string) => `# Handoff: ${title}\n\n- Created: 2026-05-01T10:00:00Z\n- Branch: main\n\n## Next Steps\n1. Ship it\n`;

let space: TempSpace;
/** The root indexed, standing for the home folder (the server's default root). */
let home: string;
let repo: string;

beforeEach(() => {
  space = tempSpace("cairn-hostile-discovery-");
  home = join(space.dir, "home");
  repo = join(home, "code", "shop");
  initRepo(repo);
  // tens of thousands of new objects would start git's automatic gc in the background, writing while the folder is removed
  git(repo, ["config", "gc.auto", "0"]);
  writeFiles(repo, { "src/app.ts": "export {};\n", "HANDOFF_start.md": HANDOFF("Kept") });
  commitAll(repo, "feat: start");
});
afterEach(() => space.cleanup());

const index = () => indexRoots(space.db(), { roots: [home], home: null });
const titles = () => listRecords(space.db(), { kind: "all" }).map((r) => r.title);
const problemsOf = () => space.db().select().from(problems).all().map((p) => `${p.filePath.slice(repo.length + 1)}: ${p.message}`);

/** `cairn index` in a child process: a regular expression stuck in backtracking cannot be interrupted in this one. */
function indexInChild(): { ok: boolean; report: string } {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(PROJECT_DIR, "bin", "cairn.mjs"), "index", "--root", home, "--home", join(space.dir, "no-home"), "--db", space.dbPath], {
    cwd: PROJECT_DIR,
    env: { ...process.env, CAIRN_ROOTS: "", CAIRN_CONFIG: undefined },
    encoding: "utf8",
    timeout: 45_000,
    killSignal: "SIGKILL",
  });
  return { ok: run.status === 0, report: `cairn index ended with ${run.status ?? run.signal} after ${(Date.now() - started) / 1000} s\n${run.stderr}` };
}

describe("a backtracking .cairnignore rule (issue 29.1)", () => {
  it("`cairn index` finishes within seconds (it ran past a minute at 100% CPU)", () => {
    writeBacktrackingRule(repo);
    commitAll(repo, "chore: a hostile rule");
    const run = indexInChild();
    expect(run.ok, run.report).toBe(true);
    expect(titles()).toContain("Kept");
  }, 60_000);

  it("in the user's config.json too; a folder it drops is not walked, as in gitignore", () => {
    writeFileSync(join(space.dir, "config.json"), JSON.stringify({ discovery: { ignore: ["*a*a*a*a*a*a*a*a*a*a*a*a*b", "notes/"], include: ["notes/HANDOFF_keep.md"] } }));
    writeFiles(repo, { [`docs/${"a".repeat(40)}.md`]: "# plain\n", "notes/HANDOFF_a.md": HANDOFF("Dropped"), "notes/HANDOFF_keep.md": HANDOFF("Dropped too") });
    commitAll(repo, "docs: notes");
    const run = indexInChild();
    expect(run.ok, run.report).toBe(true);
    expect(titles()).toContain("Kept");
    expect(titles()).not.toContain("Dropped");
    expect(titles()).not.toContain("Dropped too");
  }, 60_000);

  it("uses at most the first 200 of 3,200 rules and says so; a rule over the length cap is left out with a problem", async () => {
    writeFiles(repo, {
      ".cairnignore": `${"x".repeat(300)}\n${harmlessRules(3_200)}`,
      "notes/HANDOFF_a.md": HANDOFF("Under notes"),
    });
    writeManyMarkdown(repo, 1_000, "docs");
    commitAll(repo, "chore: many rules");
    const started = performance.now();
    await index();
    expect(performance.now() - started).toBeLessThan(20_000);
    const found = problemsOf();
    expect(found).toContain(
      `.cairnignore: .cairnignore: 3200 rules, over the limit of ${MAX_RULES}: only the first ${MAX_RULES} are used; a rule (line 1) is over the ${MAX_RULE_CHARS}-character limit and not used`,
    );
    expect(titles()).toEqual(expect.arrayContaining(["Kept", "Under notes"]));
  });

});

describe("checkpoint names that are symlinks out of their repository (issue 29.3)", () => {
  it("are skipped with a problem in discovery, though their target is under the root; nothing of it is stored", async () => {
    linkOutOf(repo, join(home, ".ssh", "config"));
    // a sibling repository's file is under the root too, and still not this repository's
    const sibling = join(home, "code", "other");
    initRepo(sibling);
    writeFiles(sibling, { "notes/plan.md": `# ${OUTSIDE_MARKER} plan\n` });
    commitAll(sibling, "docs: plan");
    symlinkSync(join(sibling, "notes", "plan.md"), join(repo, "NEXT_SESSION.md"));
    commitAll(repo, "chore: links");
    await index();
    expect(titles().join(" ")).not.toContain(OUTSIDE_MARKER);
    const found = problemsOf();
    for (const name of ["HANDOFF.md", ".claude/checkpoints/x.md", "NEXT_SESSION.md"]) {
      expect(found).toContain(`${name}: symlink points outside its repository; not read`);
    }
    expect(leaksIn(space.dbPath, [OUTSIDE_MARKER])).toEqual([]);
  });

  it("are refused by the single-file re-index and by the writer's reader, also through a linked folder", async () => {
    writeFiles(repo, { ".claude/checkpoints/kept.md": HANDOFF("Linked later") });
    commitAll(repo, "docs: checkpoint");
    await index();
    const row = space.db().select().from(repositories).where(eq(repositories.path, repo)).get()!;
    const doc = listRecords(space.db(), { kind: "all" }).find((r) => r.title === "Linked later")!;
    // the file becomes a link to a file under the root, outside the repository
    const outside = join(home, ".netrc-notes", "kept.md");
    rmSync(join(repo, ".claude", "checkpoints", "kept.md"));
    linkOutOf(repo, outside, [".claude/checkpoints/kept.md"]);
    await expect(readDocumentBytes(loadDocument(space.db(), doc.id))).rejects.toThrow(/leaves the repository/);
    const again = await reindexFile(space.db(), row, ".claude/checkpoints/kept.md");
    expect(again.outcome).toBe("unreadable");
    expect(again.problems).toEqual(["symlink points outside its repository; not read"]);
    // a linked folder: the file itself is no link, the folder above it leads out
    rmSync(join(repo, ".claude", "checkpoints"), { recursive: true });
    symlinkSync(realpathSync(join(home, ".netrc-notes")), join(repo, ".claude", "checkpoints"));
    const throughFolder = await reindexFile(space.db(), row, ".claude/checkpoints/kept.md");
    expect(throughFolder.outcome).toBe("unreadable");
    expect(throughFolder.problems).toEqual(["symlink points outside its repository; not read"]);
    expect(titles().join(" ")).not.toContain(OUTSIDE_MARKER);
    expect(leaksIn(space.dbPath, [OUTSIDE_MARKER])).toEqual([]);
  });
});

describe("a re-index of many tracked Markdown files (issue 29.4)", () => {
  it("gives way to other work: no stretch near a second without a turn of the event loop", async () => {
    await index();
    writeManyMarkdown(repo, 40_000);
    commitAll(repo, "docs: forty thousand notes");
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await indexRepositoryAt(space.db(), repo, { recordRun: false });
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    // before: the sniff of 40,000 files held the loop in one stretch (seconds); now a few ms at a time
    expect(longest, `longest stretch ${Math.round(longest)} ms of a ${Math.round(took)} ms re-index`).toBeLessThan(1_000);
    expect(titles()).toContain("Kept");
  }, 120_000);
});
