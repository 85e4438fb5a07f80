import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "@/lib/index/indexer";
import { forgetSession, getSession, listSessions, sessionsNeedingHandoff, sessionTurns } from "@/lib/queries/sessions";
import { listRecords } from "@/lib/queries/records";
import { plainGit } from "@/lib/git/test-repo";
import { tempSpace, type TempSpace } from "@/tests/support/temp";
import { fake } from "@/tests/support/fake-secrets";
import { claudeFolder, claudeLogPath, claudeSession, codexLogPath, codexSession, put } from "@/tests/support/session-logs";
import { memoriesOf } from "@/lib/index/sessions-memory";
import { buildResumeBrief } from "@/lib/actions/resume";

let space: TempSpace;
let home: string;
let root: string;
let shop: string;
let lib: string;
const env = {}; // never the machine's CLAUDE_CONFIG_DIR / CODEX_HOME
const planted = `${"sk-ant-"}api03-${fake(90, 11)}`;
const start = new Date(Date.now() - 3 * 3600_000);
let sha1 = "";
let sha2 = "";
let amendedPrinted = "";
let amendedNow = "";

function git(dir: string, ...args: string[]) {
  return plainGit(dir, args).trim();
}

function commit(dir: string, file: string, subject: string, date: Date) {
  writeFileSync(join(dir, file), `${subject}\n`);
  git(dir, "add", file);
  plainGit(dir, ["commit", "-q", "-m", subject], date.toISOString());
  return git(dir, "rev-parse", "HEAD");
}

const index = () => indexRoots(space.db(), { roots: [root], home, sessionEnv: env });

beforeAll(async () => {
  space = tempSpace("cairn-sessions-");
  home = join(space.dir, "home");
  root = join(space.dir, "code");
  shop = join(root, "shop-app");
  lib = join(root, "shared-lib");
  for (const dir of [shop, lib]) {
    mkdirSync(dir, { recursive: true });
    git(dir, "init", "-q");
    commit(dir, "README.md", "Initial", new Date(start.getTime() - 86400_000));
  }
  // a checkpoint the session writes
  mkdirSync(join(shop, ".claude"), { recursive: true });
  writeFileSync(join(shop, ".claude", "last-session.md"), "# Login redirect loop\n\nStatus: in progress\nBranch: main\n\n## Next\n- add a test\n");
  sha1 = commit(shop, "auth.ts", "Fix login redirect loop", new Date(start.getTime() + 5 * 60_000));
  sha2 = commit(lib, "helper.ts", "Bump auth helper", new Date(start.getTime() + 6 * 60_000));
  // an amended commit: the session printed the first sha; the repository now holds the amended one
  amendedPrinted = commit(shop, "a.ts", "Tidy session cookie", new Date(start.getTime() + 7 * 60_000));
  writeFileSync(join(shop, "a.ts"), "changed\n");
  git(shop, "add", "a.ts");
  plainGit(shop, ["commit", "-q", "--amend", "--no-edit"], new Date(start.getTime() + 7 * 60_000).toISOString());
  amendedNow = git(shop, "rev-parse", "HEAD");

  put(
    claudeLogPath(home, shop, "11111111-2222-4333-8444-555555555555"),
    claudeSession({
      sessionId: "11111111-2222-4333-8444-555555555555",
      cwd: shop,
      branch: "main",
      start,
      steps: [
        { prompt: "Fix the login redirect loop when the session cookie expires" },
        { answer: "The middleware bounces expired sessions between /login and /app." },
        { bash: { command: "cat .env", output: `ANTHROPIC_API_KEY=${planted}\n` } },
        { edit: { file: join(shop, "auth.ts"), old: "a", new: "b" } },
        { edit: { file: join(shop, ".claude", "last-session.md"), new: "# Login redirect loop", write: true } },
        { bash: { command: "git commit -am 'Fix login redirect loop'", output: `[main ${sha1.slice(0, 7)}] Fix login redirect loop\n 1 file changed` }, at: 5 },
        { bash: { command: `cd ../shared-lib && git commit -am 'Bump auth helper'`, output: `[main ${sha2.slice(0, 7)}] Bump auth helper` }, at: 6 },
        { bash: { command: "git commit -am 'Tidy session cookie'", output: `[main ${amendedPrinted.slice(0, 7)}] Tidy session cookie` }, at: 7 },
      ],
    }),
  );
  const memory = join(home, ".claude", "projects", claudeFolder(shop), "memory");
  put(join(memory, "MEMORY.md"), "- [Cookie expiry](cookie_expiry.md): sessions expire at 30 min\n");
  put(join(memory, "cookie_expiry.md"), `---\nname: Cookie expiry\ndescription: sessions expire after 30 minutes idle\ntype: project\n---\nThe middleware reads the cookie; key ${planted} was rotated.\n`);
  put(
    join(home, ".claude", "projects", "-x", "11111111-2222-4333-8444-555555555555", "subagents", "agent-a1.jsonl"),
    claudeSession({ sessionId: "11111111-2222-4333-8444-555555555555", cwd: shop, start, sidechain: true, steps: [{ prompt: "Find where the cookie is read" }, { answer: "In middleware.ts." }] }),
  );
  put(
    codexLogPath(home, start, "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"),
    codexSession({ id: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", cwd: lib, start, steps: [{ prompt: "Add retries to the HTTP helper" }, { answer: "Added exponential backoff." }] }),
  );
  await index();
}, 120_000);

afterAll(() => space.cleanup());

const claudeId = () => listSessions(space.db()).find((s) => s.agent === "claude-code")!.id;

describe("indexing session logs", () => {
  it("lists both agents' sessions with their records", () => {
    const sessions = listSessions(space.db());
    expect(sessions.map((s) => s.agent).sort()).toEqual(["claude-code", "codex"]);
    const claude = sessions.find((s) => s.agent === "claude-code")!;
    expect(claude).toMatchObject({
      sessionId: "11111111-2222-4333-8444-555555555555",
      repo: shop,
      cwd: shop,
      branches: ["main"],
      title: "Fix the login redirect loop when the session cookie expires",
      userTurns: 1,
      logPresent: true,
      resume: "claude --resume 11111111-2222-4333-8444-555555555555",
    });
    expect(claude.filesEdited).toEqual(["auth.ts", ".claude/last-session.md"]);
    expect(claude.subagents).toHaveLength(1);
    const codex = sessions.find((s) => s.agent === "codex")!;
    expect(codex).toMatchObject({ repo: lib, title: "Add retries to the HTTP helper", resume: "codex resume 0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" });
  });

  it("attributes each commit to the repository its command ran in, verified there; an amended one is rewritten", () => {
    const claude = getSession(space.db(), claudeId())!;
    expect(claude.commits.map((c) => [c.subject, c.repo, c.state, c.sha])).toEqual([
      ["Fix login redirect loop", shop, "verified", sha1],
      ["Bump auth helper", lib, "verified", sha2],
      ["Tidy session cookie", shop, "rewritten", amendedNow],
    ]);
    expect(claude.repos).toEqual([shop, lib]);
    expect(listSessions(space.db(), { repo: lib }).map((s) => s.agent).sort()).toEqual(["claude-code", "codex"]);
  });

  it("links the checkpoint it wrote both ways", () => {
    const claude = getSession(space.db(), claudeId())!;
    const checkpoint = listRecords(space.db(), { kind: "all" }).find((r) => r.path === ".claude/last-session.md")!;
    expect(claude.checkpoints).toEqual([checkpoint.id]);
    expect(checkpoint.sessions).toEqual([claude.id]);
  });

  it("reads the agent's memory folder as the repository's learnings, redacted, and names them in resume prompts", async () => {
    const memories = memoriesOf(space.db().$client, shop);
    expect(memories.map((m) => [m.name, m.type, m.isIndex])).toEqual([
      ["Cookie expiry", "project", false],
      ["MEMORY.md", null, true],
    ]);
    expect(memories[0].body).not.toContain(planted);
    const checkpoint = listRecords(space.db(), { kind: "all" }).find((r) => r.path === ".claude/last-session.md")!;
    const brief = await buildResumeBrief(space.db(), checkpoint.id);
    expect(brief.prompt).toContain("Cookie expiry (project): sessions expire after 30 minutes idle");
  });

  it("stores no raw secret: not in the record, the turns, nor the database file", () => {
    const claude = getSession(space.db(), claudeId())!;
    expect(claude.secrets.length).toBeGreaterThan(0);
    expect(claude.hidden).toBeGreaterThan(0);
    expect(JSON.stringify(claude)).not.toContain(planted);
    expect(JSON.stringify(sessionTurns(space.db(), claude.id))).not.toContain(planted);
    space.db().$client.pragma("wal_checkpoint(TRUNCATE)");
    for (const file of readdirSync(space.dir).filter((f) => f.startsWith("cairn.db"))) {
      const bytes = readFileSync(join(space.dir, file));
      expect(bytes.includes(Buffer.from(planted.slice(0, 40)))).toBe(false);
      expect(bytes.includes(Buffer.from(planted.slice(-30)))).toBe(false);
      // and the thinking signature (a false positive) is not stored at all
      expect(bytes.includes(Buffer.from("EqQBCkYIBxgCKkB"))).toBe(false);
    }
  });

  it("reads only the appended line on the next run, and nothing when nothing changed", async () => {
    const again = await index();
    expect(again.sessions).toMatchObject({ bytesRead: 0, added: 0, changed: 0 });
    const line = JSON.stringify({ type: "user", sessionId: "11111111-2222-4333-8444-555555555555", cwd: shop, uuid: "u-new", timestamp: new Date().toISOString(), message: { role: "user", content: "Now add a regression test" } }) + "\n";
    appendFileSync(claudeLogPath(home, shop, "11111111-2222-4333-8444-555555555555"), line);
    const after = await index();
    expect(after.sessions).toMatchObject({ files: 3, bytesRead: Buffer.byteLength(line), added: 0, changed: 1, turns: 1 });
    const claude = getSession(space.db(), claudeId())!;
    expect(claude.userTurns).toBe(2);
    expect(sessionTurns(space.db(), claude.id).at(-1)).toMatchObject({ kind: "prompt", text: "Now add a regression test" });
  });

  it("a partial last line waits; a rewritten file is read again from its start", async () => {
    const path = codexLogPath(home, start, "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    appendFileSync(path, '{"timestamp":"2026-12-01T00:00:00Z","type":"event_msg","payload":{"type":"user_mess');
    const partial = await index();
    expect(partial.sessions).toMatchObject({ turns: 0, changed: 0 });
    writeFileSync(path, codexSession({ id: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", cwd: lib, start, steps: [{ prompt: "Rewrite the HTTP helper in fetch" }] }));
    const rewritten = await index();
    expect(rewritten.sessions?.changed).toBe(1);
    const codex = listSessions(space.db(), { agent: "codex" })[0];
    expect(codex.title).toBe("Rewrite the HTTP helper in fetch");
    expect(sessionTurns(space.db(), codex.id).map((t) => t.text)).toEqual(["Rewrite the HTTP helper in fetch"]);
  });

  it("a session that ended today with uncommitted edits and no checkpoint asks for a handoff", () => {
    // the Claude session committed and wrote a checkpoint: not asked; a session with only an edit is
    expect(sessionsNeedingHandoff(space.db()).map((h) => h.id)).not.toContain(claudeId());
    const sqlite = space.db().$client;
    const id = claudeId();
    sqlite.prepare(`INSERT INTO sessions (id, agent, key, path, updated_at, record, uncommitted_edits, ended_at, repo, title) VALUES ('00000000000000ab', 'codex', 'k', '/x', ?, '{"filesEdited":["a.ts"]}', 1, ?, ?, 'Half-done refactor')`).run(new Date().toISOString(), new Date(Date.now() - 2 * 3600_000).toISOString(), lib);
    sqlite.prepare(`UPDATE repositories SET changed_files = 1 WHERE path = ?`).run(lib);
    const asked = sessionsNeedingHandoff(space.db());
    expect(asked.map((h) => [h.id, h.reason])).toEqual([["00000000000000ab", "Ended 2 hours ago with 1 file edited, nothing committed and no checkpoint: save a handoff?"]]);
    sqlite.prepare(`DELETE FROM sessions WHERE id = '00000000000000ab'`).run();
    expect(id).toBeTruthy();
  });

  it("keeps a session after its log is deleted, then Forget removes it everywhere", async () => {
    const path = codexLogPath(home, start, "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    rmSync(path);
    const run = await index();
    expect(run.sessions?.gone).toBe(1);
    const codex = listSessions(space.db(), { agent: "codex" })[0];
    expect(codex.logPresent).toBe(false);
    expect(sessionTurns(space.db(), codex.id).length).toBeGreaterThan(0);
    const forgot = forgetSession(space.db(), codex.id);
    expect(forgot.removed).toBe(1);
    expect(forgot.bytes).toBeGreaterThan(50);
    expect(getSession(space.db(), codex.id)).toBeNull();
    expect(space.db().$client.prepare(`SELECT count(*) AS n FROM session_turns WHERE session_id = ?`).get(codex.id)).toEqual({ n: 0 });
    expect(existsSync(path)).toBe(false);
  });
});
