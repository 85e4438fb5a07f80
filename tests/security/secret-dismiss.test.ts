/**
 * A secret finding says whether its line is committed (in HEAD's version of a tracked file) or only in the working
 * tree, and "Not a secret" dismisses it: kept in Cairn's database (never in the file, never the value), out of every
 * count and the "With secrets" card, surviving a re-index, shown again with the filter, undone by Undo.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dismissSecret, undoDismissSecret } from "../../lib/actions/secret-dismissals";
import { overviewData } from "../../lib/queries/overview";
import { secretAudit, secretAuditWithCommits } from "../../lib/queries/secrets";
import { commitAll } from "../../scripts/fixtures/git";
import { ALNUM, fake } from "../support/fake-secrets";
import { writeWorld, type WriteWorld } from "../write/support";

const FILE = ".claude/checkpoints/2026-11-30-deploy.md";
const committedToken = `ghp_${fake(36, 11, ALNUM)}`;
const newToken = `ghp_${fake(36, 23, ALNUM)}`;

let world: WriteWorld;

beforeEach(async () => {
  world = writeWorld();
  world.write({ [FILE]: `---\ntitle: Deploy the bot\nstatus: in-progress\nbranch: main\n---\n\n# Deploy the bot\n\nThe old token is ${committedToken} for now.\n` });
  commitAll(world.repo, "deploy notes");
  // a line added after the commit: only in the working tree
  world.write({ [FILE]: `${readFileSync(`${world.repo}/${FILE}`, "utf8")}The new token is ${newToken} since today.\n` });
  await world.index();
});

afterEach(() => world.space.cleanup());

const findings = async (includeDismissed = false) => (await secretAuditWithCommits(world.space.db(), { includeDismissed })).files.flatMap((f) => f.findings);

describe("a secret finding", () => {
  it("says whether its line is committed or only in the working tree", async () => {
    const [old, fresh] = await findings();
    expect(old.snippet).toBe("The old token is [REDACTED:github-token] for now.");
    expect(old.committed).toBe("committed");
    expect(fresh.snippet).toBe("The new token is [REDACTED:github-token] since today.");
    expect(fresh.committed).toBe("working-tree");
  });

  it("is committed when the file is HEAD's version as it is, and only in the working tree when git does not track it", async () => {
    commitAll(world.repo, "the new token too");
    const UNTRACKED = ".claude/checkpoints/2026-12-01-scratch.md";
    world.write({ [UNTRACKED]: `# Scratch\n\nToken ${`ghp_${fake(36, 31, ALNUM)}`} here.\n` });
    await world.index();
    const all = (await secretAuditWithCommits(world.space.db())).files;
    const tracked = all.find((f) => f.path === FILE)!.findings;
    expect(tracked.map((f) => f.committed)).toEqual(["committed", "committed"]);
    expect(all.find((f) => f.path === UNTRACKED)!.findings.map((f) => f.committed)).toEqual(["working-tree"]);
    // a page of the list asks git about its own files only
    const paged = (await secretAuditWithCommits(world.space.db(), { window: { offset: 1, limit: 1 } })).files;
    expect(paged).toHaveLength(2);
    expect(paged.map((f) => f.findings.every((x) => x.committed !== null))).toEqual([false, true]);
  });

  it("dismissed as not a secret, leaves the counts and the card, survives a re-index, shows with the filter, and Undo restores it", async () => {
    const db = world.space.db();
    const [old] = await findings();
    const key = { documentId: world.idOf(FILE), rule: old.rule, matchHash: old.matchHash! };
    expect(dismissSecret(db, key).ok).toBe(true);

    expect(secretAudit(db).total).toBe(1);
    expect(secretAudit(db).dismissed).toBe(1);
    expect((await findings()).map((f) => f.snippet)).toEqual(["The new token is [REDACTED:github-token] since today."]);
    expect((await findings(true)).filter((f) => f.dismissed).map((f) => f.line)).toEqual([old.line]);

    // the file changes above the line (it moves down) and is re-indexed: still the same finding, still dismissed
    world.write({ [FILE]: readFileSync(`${world.repo}/${FILE}`, "utf8").replace("# Deploy the bot\n", "# Deploy the bot\n\nA line added above.\n") });
    await world.index();
    expect(secretAudit(db).total).toBe(1);
    expect(overviewData(db).secrets[0]?.findings).toBe(1);

    // the file holds no dismissal, nor the database the value
    expect(readFileSync(`${world.repo}/${FILE}`, "utf8")).toContain(committedToken);
    expect(readFileSync(world.space.dbPath).includes(Buffer.from(committedToken))).toBe(false);

    expect(undoDismissSecret(db, key).ok).toBe(true);
    expect(secretAudit(db).total).toBe(2);
    expect(secretAudit(db).dismissed).toBe(0);
  });

  it("with every finding dismissed, its file leaves the With secrets card", async () => {
    const db = world.space.db();
    for (const f of await findings()) dismissSecret(db, { documentId: world.idOf(FILE), rule: f.rule, matchHash: f.matchHash! });
    expect(overviewData(db).secrets).toEqual([]);
    expect(secretAudit(db).files).toEqual([]);
    expect(dismissSecret(db, { documentId: world.idOf(FILE), rule: "github-token", matchHash: "0".repeat(64) }).ok).toBe(false);
  });

  it("is keyed to its token: another token of the same line, or a new one written in its place, is still shown (issue 42)", async () => {
    const db = world.space.db();
    const [old] = await findings();
    expect(dismissSecret(db, { documentId: world.idOf(FILE), rule: old.rule, matchHash: old.matchHash! }).ok).toBe(true);
    expect((await findings()).map((f) => f.snippet)).toEqual(["The new token is [REDACTED:github-token] since today."]);

    // a second token later on the dismissed line
    const second = `ghp_${fake(36, 37, ALNUM)}`;
    const text = readFileSync(`${world.repo}/${FILE}`, "utf8");
    world.write({ [FILE]: text.replace(`The old token is ${committedToken} for now.`, `The old token is ${committedToken} for now, ${second} too.`) });
    await world.index();
    // the dismissed token's line changed: its finding shows again, and so does the other token on it
    expect((await findings()).filter((f) => f.line === old.line)).toHaveLength(2);
    const both = (await findings()).filter((f) => f.line === old.line);
    expect(dismissSecret(db, { documentId: world.idOf(FILE), rule: both[0].rule, matchHash: both[0].matchHash! }).ok).toBe(true);
    expect((await findings()).filter((f) => f.line === old.line).map((f) => f.column)).toEqual([both[1].column]);

    // the dismissed line as it was, its token replaced by another: a new finding, not dismissed
    world.write({ [FILE]: text.replace(committedToken, `ghp_${fake(36, 41, ALNUM)}`) });
    await world.index();
    expect((await findings()).map((f) => f.snippet)).toEqual(["The old token is [REDACTED:github-token] for now.", "The new token is [REDACTED:github-token] since today."]);
    // and the dismissed token written back is dismissed again
    world.write({ [FILE]: text });
    await world.index();
    expect((await findings()).map((f) => f.snippet)).toEqual(["The new token is [REDACTED:github-token] since today."]);
  });
});
