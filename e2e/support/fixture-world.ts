import { buildWorld, type World } from "../../scripts/fixtures/world";
import * as family from "../../scripts/fixtures/families";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { commitAll, git, writeFiles } from "../../scripts/fixtures/git";
import { fileStamp, fixtureDate, fixtureDay, fixtureToday } from "../../scripts/fixtures/clock";

/** The empty checkpoint's file name carries its day (moved to the run's day like every fixture date). */
function emptyPathOn(today: string): string {
  return `.claude/checkpoints/${fileStamp(fixtureDate("2026-11-04T09:00:00Z", today))}-empty.html`;
}

/** Names the e2e specs look for. */
export const FIXTURE = {
  htmlCheckpoints: 16,
  featureBranch: "feature/search",
  goneBranch: "spike/old-importer",
  goneTitle: "Old importer spike",
  missingTitle: "Key file went missing",
  missingFile: "docs/deleted-spec.md",
  planTitle: "Search rollout plan",
  planPath: "docs/plans/search-rollout.html",
  planCheckpointTitle: "Roll out search to every tenant",
  secretTitle: "Deploy keys for the staging bot",
  hostileTitle: "Hostile markup in a checkpoint",
  hostileLink: "innocent-looking link",
  brokenPath: ".claude/checkpoints/broken-frontmatter.md",
  emptyPath: emptyPathOn(fixtureToday()),
  archives: 11,
  /** A second checkout of project-001 (a linked worktree, detached at its HEAD): the same files, one record each. */
  worktree: "project-001-worktree",
} as const;

/**
 * Fixed dates below are written as seen on scripts/fixtures/clock.ts's WRITTEN_FOR and moved to the run's day: the
 * specs that name a day (a filter, a file name) ask the same clock (`day`, `at`).
 */
export const at = (iso: string, today: string = fixtureToday()) => fixtureDate(iso, today);
export const day = (d: string, today: string = fixtureToday()) => fixtureDay(d, today);

function save(title: string, branch: string, sha: string, savedAt: Date, status: "in-progress" | "completed", extra: Partial<family.SaveFacts> = {}): family.SaveFacts {
  return {
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""),
    branch,
    headSha: sha,
    savedAt,
    status,
    tasks: [
      { text: "Sketch the approach", done: true },
      { text: "Write the failing test", done: false },
    ],
    keyFiles: ["src/app.ts"],
    decision: "Keep the change behind a flag until the e2e suite is green",
    gotcha: "The fixture clock follows the run's day: ask it, never the calendar",
    ...extra,
  };
}

/** A GitHub-token-shaped string, assembled at run time so this file holds nothing a scanner flags. */
function fakeToken(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = 1234567;
  let out = "";
  for (let i = 0; i < 36; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out += alphabet[s % alphabet.length];
  }
  return ["gh", "p_"].join("") + out;
}

/** project-001: a second branch, a branch that is gone, a plan, a missing key file, a secret and a review. */
function decorateFirst(repo: World["repositories"][number], today: string): void {
  const at = (iso: string) => fixtureDate(iso, today);
  const path = repo.path;
  const sha = repo.shas[repo.shas.length - 1];
  git(path, ["branch", FIXTURE.featureBranch]);
  const searchA = save("Search facets, first cut", FIXTURE.featureBranch, sha, at("2026-11-04T10:00:00Z"), "completed");
  const searchB = save(FIXTURE.planCheckpointTitle, FIXTURE.featureBranch, sha, at("2026-11-05T15:30:00Z"), "in-progress");
  const gone = save(FIXTURE.goneTitle, FIXTURE.goneBranch, sha, at("2026-11-03T09:00:00Z"), "in-progress");
  const missing = save(FIXTURE.missingTitle, "main", sha, at("2026-11-05T09:00:00Z"), "completed", {
    tasks: [
      { text: "Move the design notes", done: true },
      { text: "Port the spec examples", done: false },
      { text: "Link the new spec from the README", done: false },
      { text: "Delete the old spec", done: false },
    ],
    keyFiles: ["src/app.ts", FIXTURE.missingFile],
  });
  const secret = save(FIXTURE.secretTitle, "main", sha, at("2026-11-04T18:00:00Z"), "completed", {
    gotcha: `The bot token is ${fakeToken()} until we rotate it`,
  });
  const planHtml = family
    .htmlCheckpoint(searchB)
    .replace('<meta name="jacked:plans_in_progress" content="">', `<meta name="jacked:plans_in_progress" content="${FIXTURE.planPath}">`);
  writeFiles(path, {
    [family.htmlCheckpointPath(searchA)]: family.htmlCheckpoint(searchA),
    [family.htmlCheckpointPath(searchB)]: planHtml,
    [family.htmlCheckpointPath(gone)]: family.htmlCheckpoint(gone),
    [family.htmlCheckpointPath(missing)]: family.htmlCheckpoint(missing),
    [family.htmlCheckpointPath(secret)]: family.htmlCheckpoint(secret),
    [FIXTURE.planPath]: `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${FIXTURE.planTitle}</title>
<meta name="jacked:type" content="plan"><meta name="jacked:status" content="in-progress"><meta name="jacked:date" content="${fixtureDay("2026-11-04", today)}">
</head><body><h1>${FIXTURE.planTitle}</h1><h2>Steps</h2><ol><li>Facets</li><li>Ranking</li><li>Rollout</li></ol></body></html>
`,
    [`.claude/reviews/${family.htmlCheckpointPath(searchA).split("/").pop()!.replace(/\.html$/, "")}.md`]:
      `# Review of the first search cut\n\n## ${fixtureDay("2026-11-05", today)} 16:30 UTC — Ana Silva — approved\nFacets read well; ship it behind the flag.\n`,
  });
  commitAll(path, "docs: search branch saves and plan", at("2026-11-05T16:00:00Z"));
}

/** project-002: a hostile checkpoint, a pile of archives and files that cannot be read well. */
function decorateSecond(repo: World["repositories"][number], today: string): void {
  const at = (iso: string) => fixtureDate(iso, today);
  const path = repo.path;
  const sha = repo.shas[repo.shas.length - 1];
  const hostile = save(FIXTURE.hostileTitle, "main", sha, at("2026-11-05T12:00:00Z"), "in-progress", {
    extraHtml: `  <h2 id="context">Pasted output</h2>
  <script>window.__xss1 = 1; document.title = "pwned";</script>
  <img src="x" onerror="window.__xss2 = 1">
  <p><a id="hostile-link" href="javascript:window.__xss3=1">${FIXTURE.hostileLink}</a></p>
  <form action="http://127.0.0.1:9/steal"><button id="hostile-submit">Submit</button></form>`,
  });
  const files: Record<string, string> = {
    [family.htmlCheckpointPath(hostile)]: family.htmlCheckpoint(hostile),
    [FIXTURE.brokenPath]: "---\ntitle: [unclosed\nstatus: in-progress\n---\n\n# Checkpoint: Broken frontmatter\n\n## Remaining Work\n- [ ] Fix the YAML\n",
    [emptyPathOn(today)]: "",
  };
  for (let i = 0; i < FIXTURE.archives; i++) {
    const when = new Date(at("2026-11-02T08:00:00Z").getTime() + i * 3 * 3_600_000);
    const stamp = fileStamp(when, "minute");
    files[`.claude/session-state/checkpoints/checkpoint-${stamp}.md`] = family.sessionStateCheckpoint(
      save(`Queue migration step ${i + 1}`, "main", sha, when, i === FIXTURE.archives - 1 ? "in-progress" : "completed"),
    );
  }
  writeFiles(path, files);
  commitAll(path, "docs: more saves", at("2026-11-05T16:00:00Z"));
}

/** Two repositories of every family plus the hostile and odd files the e2e suite looks at, dated for `today` (the run's day). */
export function buildFixtureWorld(dir: string, today: string = fixtureToday()): World {
  const world = buildWorld(dir, { repositories: 2, htmlCheckpoints: FIXTURE.htmlCheckpoints, start: fixtureDate("2026-11-01T08:00:00Z", today) });
  decorateFirst(world.repositories[0], today);
  decorateSecond(world.repositories[1], today);
  // after every commit: its files are the main checkout's, byte for byte, so no count changes
  git(world.repositories[0].path, ["worktree", "add", "-q", "--detach", join(world.root, FIXTURE.worktree)]);
  // the worktree has deleted its copy of the session handoff (uncommitted): live.spec edits project-001's, which then
  // differs from no copy (an edited copy would be a record of its own), and the worktree reads as dirty
  rmSync(join(world.root, FIXTURE.worktree, ".claude", "handoffs"), { recursive: true, force: true });
  return world;
}
