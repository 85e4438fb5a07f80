/** Past sessions on every surface: `cairn index --json`, `cairn sessions --json`, search, MCP, forget; a planted key nowhere. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { plainGit } from "@/lib/git/test-repo";
import { searchDocuments } from "@/lib/queries/search";
import { toSearchResponse } from "@/lib/search/response";
import { tempSpace, type TempSpace } from "@/tests/support/temp";
import { fake } from "@/tests/support/fake-secrets";
import { call, connect, textOf } from "@/tests/mcp/support";
import { claudeLogPath, claudeSession, codexLogPath, codexSession, put } from "@/tests/support/session-logs";
import type { SessionRecord } from "@/lib/sessions/types";

const CAIRN = resolve("bin/cairn.mjs");
let space: TempSpace;
let home: string;
let repo: string;
const planted = `ghp_${fake(36, 21)}`;
const start = new Date(Date.now() - 2 * 3600_000);

function cli(args: string[]) {
  const env = { ...process.env, CAIRN_DB: "", CLAUDE_CONFIG_DIR: "", CODEX_HOME: "" };
  const r = spawnSync(process.execPath, [CAIRN, ...args, "--db", space.dbPath], { encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`cairn ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

beforeAll(() => {
  space = tempSpace("cairn-sessions-cli-");
  home = join(space.dir, "home");
  repo = join(space.dir, "code", "shop-app");
  mkdirSync(repo, { recursive: true });
  plainGit(repo, ["init", "-q"]);
  writeFileSync(join(repo, "README.md"), "x\n");
  plainGit(repo, ["add", "."]);
  plainGit(repo, ["commit", "-q", "-m", "Initial"]);
  put(
    claudeLogPath(home, repo, "aaaaaaaa-2222-4333-8444-555555555555"),
    claudeSession({
      sessionId: "aaaaaaaa-2222-4333-8444-555555555555",
      cwd: repo,
      start,
      steps: [
        { prompt: "Why does the checkout page flicker on Safari?" },
        { answer: "A layout shift from the lazy banner." },
        { bash: { command: "printenv GITHUB_TOKEN", output: `${planted}\n` } },
        { prompt: "Pin the banner height and keep the skeleton" },
      ],
    }),
  );
  put(codexLogPath(home, start, "0199aaaa-c3d4-7e5f-8a9b-0c1d2e3f4a5b"), codexSession({ id: "0199aaaa-c3d4-7e5f-8a9b-0c1d2e3f4a5b", cwd: repo, start, steps: [{ prompt: "Speed up the image pipeline" }] }));
}, 60_000);

afterAll(() => space.cleanup());

describe("past sessions on every surface", () => {
  let records: SessionRecord[];

  it("cairn index --json reports sessions; cairn sessions --json filters by repository, agent and date", () => {
    const summary = JSON.parse(cli(["index", "--root", join(space.dir, "code"), "--home", home, "--json"]));
    expect(summary.sessions).toMatchObject({ files: 2, added: 2 });
    expect(summary.sessions.bytesRead).toBeGreaterThan(1000);
    const again = JSON.parse(cli(["index", "--root", join(space.dir, "code"), "--home", home, "--json"]));
    expect(again.sessions).toMatchObject({ files: 2, bytesRead: 0, added: 0 });
    records = JSON.parse(cli(["sessions", "--json"]));
    expect(records.map((r) => r.agent).sort()).toEqual(["claude-code", "codex"]);
    expect(JSON.parse(cli(["sessions", "--json", "--agent", "codex"])).map((r: SessionRecord) => r.agent)).toEqual(["codex"]);
    expect(JSON.parse(cli(["sessions", "--json", "--repo", join(repo, "src")]))).toHaveLength(2);
    expect(JSON.parse(cli(["sessions", "--json", "--since", "2099-01-01"]))).toEqual([]);
    expect(JSON.parse(cli(["sessions", "--json", "--since", "1d"]))).toHaveLength(2);
    const claude = records.find((r) => r.agent === "claude-code")!;
    for (const key of ["id", "agent", "sessionId", "path", "logPresent", "parentId", "cwd", "repo", "branches", "startedAt", "endedAt", "title", "firstPrompt", "userTurns", "models", "tokens", "filesEdited", "commits", "pullRequests", "checkpoints", "secrets", "problems"]) {
      expect(claude).toHaveProperty(key);
    }
    expect(claude.secrets).toEqual([expect.objectContaining({ rule: "github-token" })]);
    expect(JSON.stringify(records)).not.toContain(planted);
  }, 120_000);

  it("search finds a phrase from one prompt and opens the session at that turn", () => {
    const response = toSearchResponse(searchDocuments(space.db(), "banner height skeleton"));
    const hit = response.hits.find((h) => h.kind === "session")!;
    expect(hit).toMatchObject({ kind: "session", source: "session", format: "claude-code" });
    expect(hit.url).toMatch(/^\/sessions\/[0-9a-f]{16}#turn-\d+$/);
    const claude = records.find((r) => r.agent === "claude-code")!;
    expect(hit.id).toBe(claude.id);
    expect(hit.snippet).toContain("banner height");
    expect(hit.matched?.allWords).toBe(true);
    // a question in plain words, with stop words, finds it too
    expect(toSearchResponse(searchDocuments(space.db(), "why does checkout flicker")).hits.some((h) => h.id === claude.id)).toBe(true);
    // tool output is not searched
    expect(toSearchResponse(searchDocuments(space.db(), planted.slice(0, 20))).hits.some((h) => h.kind === "session")).toBe(false);
  });

  it("MCP finds sessions and summarises one, without the key", async () => {
    const c = await connect(space.dbPath);
    try {
      const found = await call(c.client, "find_agent_sessions", { query: "flicker Safari" });
      const claude = records.find((r) => r.agent === "claude-code")!;
      expect((found.structuredContent as { sessions: Array<{ id: string }> }).sessions[0].id).toBe(claude.id);
      const summary = await call(c.client, "agent_session_summary", { id: claude.id });
      expect(textOf(summary)).toContain("Pin the banner height");
      expect(textOf(summary)).toContain("claude --resume aaaaaaaa-2222-4333-8444-555555555555");
      expect(JSON.stringify(summary)).not.toContain(planted);
      expect(JSON.stringify(found)).not.toContain(planted);
    } finally {
      await c.close();
    }
  }, 60_000);

  it("cairn forget-session removes a session and says how many bytes", () => {
    const codex = records.find((r) => r.agent === "codex")!;
    const out = JSON.parse(cli(["forget-session", codex.id, "--json"]));
    expect(out.removed).toBe(1);
    expect(out.bytes).toBeGreaterThan(0);
    expect(JSON.parse(cli(["sessions", "--json"])).map((r: SessionRecord) => r.agent)).toEqual(["claude-code"]);
    // forgotten stays forgotten while its log is there
    cli(["index", "--root", join(space.dir, "code"), "--home", home, "--json"]);
    expect(JSON.parse(cli(["sessions", "--json"])).map((r: SessionRecord) => r.agent)).toEqual(["claude-code"]);
  }, 60_000);
});
