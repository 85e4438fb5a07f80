/**
 * Secrets where a scan of checkpoint text alone does not look (issue 18 item 6): HTML that hides a token
 * behind character references or tags, branch names, file names, commit authors and git's user.name, and the
 * token kinds the recommended preset lacks. A real repository, a real index run, then a byte search of the
 * database files: no raw secret anywhere.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitUserName } from "../../lib/actions/review";
import { diffSinceSave } from "../../lib/derive/freshness-diff";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { problems, repositories } from "../../db/schema";
import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";
import { checkpointWal, leaksIn } from "./support/db-bytes";

/** Tokens built at run time (no scanner of this repository sees them whole in the source). */
const R = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5cD7eF9gH1jK3";
const T = {
  htmlEncoded: ["gh", "p_", R.slice(0, 36)].join(""),
  htmlSplit: ["gh", "o_", R.slice(1, 37)].join(""),
  branch: ["gh", "u_", R.slice(2, 38)].join(""),
  fileName: ["hf", "_", R.slice(3, 37)].join(""),
  author: ["gl", "pat-", R.slice(4, 26)].join(""),
  userName: ["sk", "_live_", R.slice(5, 33)].join(""),
  branchOnly: ["gh", "s_", R.slice(6, 42)].join(""),
  stripe: ["rk", "_test_", R.slice(7, 35)].join(""),
  google: ["AI", "za", "Sy", R.slice(8, 41)].join(""),
  gitlab: ["gl", "dt-", R.slice(9, 33)].join(""),
  huggingface: ["hf", "_", R.slice(10, 44)].join(""),
  azure: ["abc", "8Q~", R.slice(11, 45)].join(""),
  password: `Zq${R.slice(12, 20)}!9`,
};

let space: TempSpace;
let repo: string;
let savedSha: string;

const entity = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("");

beforeAll(async () => {
  space = tempSpace("cairn-hidden-secrets-");
  repo = join(space.dir, "code", "app");
  initRepo(repo);
  git(repo, ["config", "user.name", `Ana ${T.userName}`]);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  savedSha = commitAll(repo, "feat: start");
  // a teammate's handoff that exists only on their branch, whose name holds a token
  git(repo, ["checkout", "-q", "-b", `handoff/${T.branchOnly}`]);
  writeFiles(repo, { ".claude/handoffs/teammate.md": "# Handoff: teammate work\n\n**Status:** in-progress\n\n## Remaining\n- [ ] finish\n" });
  commitAll(repo, "chore(checkpoint): handoff");
  git(repo, ["checkout", "-q", "main"]);
  git(repo, ["checkout", "-q", "-b", `feature/${T.branch}`]);
  writeFiles(repo, {
    ".claude/checkpoints/20261120-101500-keys.md": [
      "---",
      "status: in-progress",
      `branch: feature/${T.branch}`,
      `head: ${savedSha}`,
      "---",
      "# Wire the payment keys",
      "",
      "## Context",
      `- Stripe: ${T.stripe}`,
      `- Maps: ${T.google}`,
      `- Deploy token ${T.gitlab}`,
      `- Model hub ${T.huggingface}`,
      `- Entra secret ${T.azure}`,
      `- password: ${T.password}`,
      "",
    ].join("\n"),
    ".claude/checkpoints/20261120-101600-page.html": [
      "<!DOCTYPE html><html><head><title>Page keys</title>",
      '<meta name="jacked:status" content="in-progress"></head><body>',
      "<h1>Page keys</h1><h2>Context</h2>",
      `<p>Encoded: ${entity(T.htmlEncoded)}</p>`,
      `<p>Split: ${T.htmlSplit.slice(0, 11)}<span></span><em>${T.htmlSplit.slice(11)}</em> end</p>`,
      "</body></html>",
    ].join("\n"),
    [`.claude/checkpoints/${T.fileName}.md`]: "# A file named after a token\n\n**Status:** in-progress\n",
  });
  git(repo, ["add", "-A"]);
  git(repo, ["commit", "-q", "-m", "chore(checkpoint): keys"], { GIT_AUTHOR_NAME: `Bo ${T.author}` });
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
  checkpointWal(space.dbPath);
}, 120_000);

afterAll(() => space?.cleanup());

describe("secrets past redaction", () => {
  it("are absent from every byte of the database files", () => {
    expect(leaksIn(space.dbPath, Object.values(T))).toEqual([]);
  });

  it("are found in the stored records, by rule", () => {
    const records = listRecords(space.db(), {});
    const md = records.find((r) => r.path.endsWith("-keys.md"))!;
    const rules = new Set(md.secrets.map((s) => s.rule));
    for (const rule of ["stripe-key", "google-api-key", "gitlab-token", "huggingface-token", "azure-key", "password"]) expect(rules, rule).toContain(rule);
    const html = records.find((r) => r.path.endsWith("-page.html"))!;
    expect(html.secrets.map((s) => s.rule)).toEqual(["github-token", "github-token"]);
    expect(readFileSync(join(repo, ".claude/checkpoints/20261120-101600-page.html"), "utf8")).toContain("&#x");
  });

  it("redact branch names, on the repository and in the branch-only document's source", () => {
    const db = space.db();
    expect(db.select().from(repositories).all()[0].currentBranch).toBe("feature/[REDACTED:github-token]");
    const branchOnly = listRecords(db, {}).find((r) => r.path === ".claude/handoffs/teammate.md");
    expect(branchOnly?.source).toBe("git:handoff/[REDACTED:github-token]");
  });

  it("leave a file named after a token unindexed, with a problem that does not repeat the name", () => {
    const listed = space.db().select().from(problems).all().filter((p) => p.message.includes("file name holds a secret"));
    expect(listed).toHaveLength(1);
    expect(listed[0].filePath ?? "").not.toContain(T.fileName);
  });

  it("redact commit authors on the diff page and git's user.name in the review form", async () => {
    const diff = await diffSinceSave(repo, savedSha);
    expect(diff?.commits.map((c) => c.author)).toContain("Bo [REDACTED:gitlab-token]");
    expect(await gitUserName(repo)).toBe("Ana [REDACTED:stripe-key]");
  });
});
