import { describe, expect, it } from "vitest";
import { claudeCodeReader } from "./claude-code";
import { codexReader } from "./codex";
import { sessionRoots } from "./registry";
import { commitCwd, commitLines } from "./shell";
import type { LogRef, SessionReader, SessionTurn } from "./types";
import { claudeSession, codexSession } from "@/tests/support/session-logs";

function readAll<S>(reader: SessionReader<S>, ref: LogRef, text: string, companions?: Record<string, string | null>) {
  const state = reader.initial(ref);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const result = reader.read(state, { path: "/x", ref, lines, firstLine: 1, companions });
  return { ...result, summary: reader.summarize(result.state) };
}

const start = new Date("2026-11-02T09:00:00Z");

describe("Claude Code reader", () => {
  const ref = claudeCodeReader.classify("projects/-home-me-shop-app/7f1c0d2e-1111-4222-8333-444455556666.jsonl")!;

  it("classifies main logs, sub-agents and nothing else", () => {
    expect(ref).toMatchObject({ agent: "claude-code", key: "7f1c0d2e-1111-4222-8333-444455556666", parentKey: null, companions: ["sessions-index.json"] });
    expect(claudeCodeReader.classify("projects/-x/abc/subagents/agent-a12.jsonl")).toMatchObject({ key: "abc/agent-a12", parentKey: "abc", companions: ["agent-a12.meta.json"] });
    expect(claudeCodeReader.classify("projects/-x/abc/tool-results/t.txt")).toBeNull();
    expect(claudeCodeReader.classify("projects/-x/sessions-index.json")).toBeNull();
    expect(claudeCodeReader.classify("projects/-x/memory/MEMORY.md")).toBeNull();
  });

  it("reads prompts, answers, edits, commits in two repositories, the title, tokens once per response", () => {
    const text = claudeSession({
      sessionId: "s1",
      cwd: "/home/me/shop-app",
      branch: "fix/login",
      start,
      steps: [
        { prompt: "<command-name>/clear</command-name>" },
        { prompt: "Warmup" },
        { prompt: "Fix the login redirect loop after the session expires" },
        { answer: "The middleware sends expired sessions to /login, which redirects back." },
        { edit: { file: "/home/me/shop-app/src/auth.ts", old: "a", new: "b" } },
        { bash: { command: "git add -A && git commit -m 'Fix login redirect loop'", output: "[fix/login 4f2a9c1] Fix login redirect loop\n 1 file changed" } },
        { bash: { command: "cd ../shared-lib && git commit -am 'Bump auth helper'", output: "[main 9e8d7c6] Bump auth helper\n 1 file changed" } },
        { raw: { type: "pr-link", sessionId: "s1", prNumber: 42, prUrl: "https://github.com/me/shop-app/pull/42", prRepository: "me/shop-app" } },
        { raw: { type: "some-future-record", data: { x: 1 } } },
      ],
      title: { kind: "ai-title", text: "Fix the login redirect loop" },
    });
    const { summary, turns, problems } = readAll(claudeCodeReader, ref, text);
    expect(problems).toEqual([]);
    expect(summary.title).toBe("Fix the login redirect loop");
    expect(summary.titleSource).toBe("ai-title");
    expect(summary.firstPrompt).toBe("Fix the login redirect loop after the session expires");
    expect(summary.userTurns).toBe(2); // Warmup counts only in a sub-agent's first turn; /clear never
    expect(summary.branches).toEqual(["fix/login"]);
    expect(summary.cwd).toBe("/home/me/shop-app");
    expect(summary.filesEdited).toEqual([{ path: "/home/me/shop-app/src/auth.ts", cwd: "/home/me/shop-app" }]);
    expect(summary.commits.map((c) => [c.sha, c.subject, c.branch, c.cwd])).toEqual([
      ["4f2a9c1", "Fix login redirect loop", "fix/login", "/home/me/shop-app"],
      ["9e8d7c6", "Bump auth helper", "main", "/home/me/shared-lib"],
    ]);
    expect(summary.pullRequests).toEqual([{ number: 42, url: "https://github.com/me/shop-app/pull/42", repository: "me/shop-app" }]);
    expect(summary.models).toEqual(["claude-opus-4-5-20251101"]);
    expect(summary.tokens.output).toBe(50 + 20 * 3);
    const kinds = turns.map((t) => t.kind);
    expect(kinds.filter((k) => k === "prompt")).toHaveLength(2);
    expect(turns.map((t) => t.seq)).toEqual(turns.map((_, i) => i));
    expect(JSON.stringify(turns)).not.toContain("signature");
    expect(JSON.stringify(turns)).not.toContain("Considering");
  });

  it("custom title beats ai title; a slash-command first prompt is never the title", () => {
    const text = claudeSession({ sessionId: "s2", cwd: "/r", start, steps: [{ prompt: "/speckit.plan build it" }, { prompt: "Add CSV export to reports" }] });
    expect(readAll(claudeCodeReader, ref, text).summary.title).toBe("Add CSV export to reports");
    const titled = text + JSON.stringify({ type: "ai-title", aiTitle: "AI", sessionId: "s2" }) + "\n" + JSON.stringify({ type: "custom-title", customTitle: "Mine", sessionId: "s2" }) + "\n";
    expect(readAll(claudeCodeReader, ref, titled).summary.title).toBe("Mine");
  });

  it("a truncated last line is a problem, never a stop; later chunks go on from the carried state", () => {
    const text = claudeSession({ sessionId: "s3", cwd: "/r", start, steps: [{ prompt: "one" }, { prompt: "two" }] });
    const lines = text.trimEnd().split("\n");
    const state = claudeCodeReader.initial(ref);
    const first = claudeCodeReader.read(state, { path: "/x", ref, lines: [lines[0], lines[1].slice(0, 30)], firstLine: 1 });
    expect(first.problems).toEqual([{ line: 2, message: "line 2 is not a JSON object; skipped" }]);
    const carried = JSON.parse(JSON.stringify(first.state));
    const second = claudeCodeReader.read(carried, { path: "/x", ref, lines: [JSON.stringify({ type: "user", sessionId: "s3", cwd: "/r", timestamp: "2026-11-02T10:00:00Z", message: { role: "user", content: "three" } })], firstLine: 3 });
    expect(second.turns[0]).toMatchObject({ seq: 1, kind: "prompt", text: "three" });
    expect(claudeCodeReader.summarize(second.state).userTurns).toBe(2);
  });

  it("a sub-agent: its own title from meta.json, the parent's session id as its parent, Warmup skipped", () => {
    const subRef = claudeCodeReader.classify("projects/-r/s4/subagents/agent-a9.jsonl")!;
    const text = claudeSession({ sessionId: "s4", cwd: "/r", start, sidechain: true, steps: [{ prompt: "Warmup" }, { prompt: "Find every caller of login()" }, { answer: "Three callers." }] });
    const { summary } = readAll(claudeCodeReader, subRef, text, { "agent-a9.meta.json": JSON.stringify({ agentType: "Explore", description: "Find login callers" }) });
    expect(summary.sessionId).toBeNull();
    expect(summary.parentSessionId).toBe("s4");
    expect(summary.title).toBe("Find login callers");
    expect(summary.subagent).toEqual({ type: "Explore", description: "Find login callers" });
    expect(summary.userTurns).toBe(1);
  });

  it("sessions-index.json gives the summary and the exact project path", () => {
    const id = "7f1c0d2e-1111-4222-8333-444455556666";
    const index = JSON.stringify({ version: 1, entries: [{ sessionId: id, summary: "Checkout flow fixes", projectPath: "/home/me/my-app.v2", firstPrompt: "x" }] });
    const { summary } = readAll(claudeCodeReader, ref, JSON.stringify({ type: "permission-mode", permissionMode: "default", sessionId: id }) + "\n", { "sessions-index.json": index });
    expect(summary.title).toBe("Checkout flow fixes");
    expect(summary.cwd).toBe("/home/me/my-app.v2");
  });

  it("a Windows cwd: cd and commits resolved the Windows way", () => {
    const text = claudeSession({ sessionId: "s5", cwd: "C:\\Users\\me\\shop-app", start, steps: [{ prompt: "commit" }, { bash: { command: "cd ..\\lib && git commit -m x", output: "[main abcdef1] x" } }] });
    const { summary } = readAll(claudeCodeReader, ref, text);
    expect(summary.cwd).toBe("C:\\Users\\me\\shop-app");
    expect(summary.commits[0].cwd).toBe("C:\\Users\\me\\lib");
  });
});

describe("Codex reader", () => {
  const ref = codexReader.classify("sessions/2026/11/02/rollout-2026-11-02T09-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl")!;

  it("classifies rollouts (also archived) by their id", () => {
    expect(ref).toMatchObject({ agent: "codex", key: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" });
    expect(codexReader.classify("archived_sessions/rollout-2026-11-02T09-00-00-0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl")?.key).toBe(ref.key);
    expect(codexReader.classify("sessions/2026/11/02/notes.txt")).toBeNull();
    expect(codexReader.classify("history.jsonl")).toBeNull();
  });

  it("reads prompts (not injected context), answers, patches, commits, tokens (the last cumulative count), the branch", () => {
    const text = codexSession({
      id: "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
      cwd: "/home/me/api",
      branch: "feat/rate-limit",
      start,
      steps: [
        { prompt: "Add a rate limiter to the public API" },
        { patch: "*** Begin Patch\n*** Add File: src/limit.ts\n+export const limit = 10;\n*** Update File: src/app.ts\n@@\n-a\n+b\n*** End Patch" },
        { shell: { command: "git commit -am 'Add rate limiter'", output: "[feat/rate-limit 1a2b3c4] Add rate limiter\n 2 files changed" } },
        { answer: "Added a token bucket limiter." },
        { answer: "Done." },
      ],
    });
    const withUnknown = text + JSON.stringify({ timestamp: "2026-11-02T10:00:00Z", type: "future_thing", payload: {} }) + "\n";
    const { summary, turns, problems } = readAll(codexReader, ref, withUnknown);
    expect(problems).toEqual([]);
    expect(summary.sessionId).toBe("0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    expect(summary.title).toBe("Add a rate limiter to the public API");
    expect(summary.userTurns).toBe(1);
    expect(summary.branches).toEqual(["feat/rate-limit"]);
    expect(summary.filesEdited.map((f) => f.path)).toEqual(["src/limit.ts", "src/app.ts"]);
    expect(summary.commits).toMatchObject([{ sha: "1a2b3c4", subject: "Add rate limiter", branch: "feat/rate-limit", cwd: "/home/me/api" }]);
    expect(summary.tokens).toMatchObject({ input: 2000, output: 200 });
    expect(summary.models).toEqual(["gpt-5-codex"]);
    expect(summary.git?.remote).toBe("git@github.com:example/app.git");
    expect(turns.filter((t: SessionTurn) => t.kind === "answer").map((t) => t.text)).toEqual(["Added a token bucket limiter.", "Done."]);
    expect(JSON.stringify(turns)).not.toContain("encrypted_content");
    expect(JSON.stringify(turns)).not.toContain("gAAAA");
    expect(JSON.stringify(turns)).not.toContain("environment_context");
  });
});

describe("shell", () => {
  it("finds the folder each commit ran in", () => {
    expect(commitCwd("cd /a/b && git commit -m x", "/r")).toBe("/a/b");
    expect(commitCwd("git -C ../other commit -m x", "/r/app")).toBe("/r/other");
    expect(commitCwd("cd sub; npm test; git commit -m 'a; b'", "/r")).toBe("/r/sub");
    expect(commitCwd("npm test", "/r")).toBe("/r");
  });
  it("reads commit lines, root commits and detached heads", () => {
    expect(commitLines("[main (root-commit) 1234567] Initial\n[detached HEAD abcdef0] Fixup")).toEqual([
      { branch: "main", sha: "1234567", subject: "Initial", root: true },
      { branch: null, sha: "abcdef0", subject: "Fixup", root: false },
    ]);
  });
});

describe("roots", () => {
  it("CLAUDE_CONFIG_DIR (a comma list) first, then ~/.claude and ~/.config/claude; CODEX_HOME or ~/.codex", () => {
    const roots = sessionRoots({ home: "/h", env: { CLAUDE_CONFIG_DIR: "/a, ~/b", CODEX_HOME: "/c" }, platform: "linux" });
    expect(roots.map((r) => [r.agent, r.dir, r.from])).toEqual(
      expect.arrayContaining([
        ["claude-code", "/a", "CLAUDE_CONFIG_DIR"],
        ["claude-code", "/h/b", "CLAUDE_CONFIG_DIR"],
        ["claude-code", "/h/.claude", "~/.claude"],
        ["claude-code", "/h/.config/claude", "~/.config/claude"],
        ["codex", "/c", "CODEX_HOME"],
        ["codex", "/h/.codex", "~/.codex"],
      ]),
    );
  });
});
