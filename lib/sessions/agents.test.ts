/**
 * The readers beside Claude Code and Codex (./readers.test.ts), one describe per agent, pure: text in, record and problems
 * out, no database. Over 300 lines on purpose: every agent shares `readAll` (it reads a log in chunks the way the
 * indexer does), and the logs come from tests/support/agent-logs.ts.
 */
import { describe, expect, it } from "vitest";
import { aiderReader } from "./aider";
import { clineReader, rooReader } from "./cline";
import { copilotCliReader } from "./copilot-cli";
import { geminiCliReader } from "./gemini-cli";
import { opencodeReader } from "./opencode";
import { readerFor, sessionReaders, sessionRoots } from "./registry";
import { specStoryReader } from "./specstory";
import type { LogRef, SessionReader } from "./types";
import { parsersFor } from "@/lib/parse/registry";
import {
  aiderRun,
  clineAsk,
  clineRequest,
  clineSay,
  copilot,
  geminiAnswer,
  geminiHeader,
  geminiToolCall,
  geminiUser,
  jsonl,
  opencodeSession,
  specStoryV2,
} from "@/tests/support/agent-logs";

/** Read a log the way the indexer does: complete lines in chunks of `every` (a partial last line waits). */
function readAll<S>(reader: SessionReader<S>, ref: LogRef, text: string, opts: { every?: number; companions?: Record<string, string | null>; path?: string } = {}) {
  let state = reader.initial(ref);
  const all = text.split("\n");
  const lines = ref.mode === "document" ? [text] : all.slice(0, -1);
  const every = opts.every ?? lines.length;
  const turns = [];
  const problems = [];
  for (let i = 0; i < Math.max(1, lines.length); i += Math.max(1, every)) {
    const r = reader.read(state, { path: opts.path ?? "/h/x", ref, lines: lines.slice(i, i + every), firstLine: i + 1, companions: opts.companions });
    state = r.state;
    turns.push(...r.turns);
    problems.push(...r.problems);
  }
  return { state, turns, problems, summary: reader.summarize(state) };
}

const start = new Date("2026-11-02T09:00:00Z");
const at = (m: number) => new Date(start.getTime() + m * 60_000).toISOString();

describe("Gemini CLI reader", () => {
  const ref = geminiCliReader.classify("tmp/shop-app/chats/session-2026-11-02T09-00-5ec95d33.jsonl")!;
  const path = "/home/me/.gemini/tmp/shop-app/chats/session-2026-11-02T09-00-5ec95d33.jsonl";
  const companions = { "../.project_root": "/home/me/shop-app\n", "../../../projects.json": JSON.stringify({ projects: { "/home/me/shop-app": "shop-app", "/home/me": "me" } }) };
  const commitCall = geminiToolCall("run_shell_command-1", "run_shell_command", { command: "git commit -am 'Fix login redirect loop'", dir_path: "web" }, null, at(3));
  const log = jsonl([
    geminiHeader("5ec95d33-d405-4b82-9be5-8080824363b5", start),
    geminiUser("u1", "Fix the login redirect loop", at(1)),
    { $set: { lastUpdated: at(1) } },
    geminiAnswer("g1", "I'll change the middleware.", at(2), { toolCalls: [geminiToolCall("write_file-1", "write_file", { file_path: "src/auth.ts", content: "x" }, "ok", at(2))] }),
    // the same id appended again as its tool calls grow: tokens and the first call are not counted twice
    geminiAnswer("g1", "I'll change the middleware.", at(2), { toolCalls: [geminiToolCall("write_file-1", "write_file", { file_path: "src/auth.ts", content: "x" }, "ok", at(2)), commitCall] }),
    geminiAnswer("g1", "I'll change the middleware.", at(2), { toolCalls: [geminiToolCall("write_file-1", "write_file", { file_path: "src/auth.ts", content: "x" }, "ok", at(2)), { ...commitCall, status: "success", result: [{ functionResponse: { id: "run_shell_command-1", name: "run_shell_command", response: { output: "[fix/login 4f2a9c1] Fix login redirect loop\n 1 file changed" } } }] }] }),
    { type: "some-future-record", data: 1 },
    geminiUser("u2", "Also delete the old session cookie", at(4)),
    geminiAnswer("g2", "Done.", at(5)),
    { $rewindTo: "u2" },
    { $set: { summary: "Fix the login redirect loop", lastUpdated: at(6) } },
    '{"id":"u3","timestamp":"2026-11-02T09:07:00Z","type":"user","content":[{"text":"cut sh',
  ]);

  it("classifies chats (JSONL, legacy JSON, sub-agents) and nothing else", () => {
    expect(ref).toMatchObject({ agent: "gemini-cli", mode: "lines", companions: ["../.project_root", "../../../projects.json"] });
    expect(geminiCliReader.classify("tmp/shop-app/chats/session-2026-02-22T10-41-6c9579c5.json")).toMatchObject({ mode: "document" });
    expect(geminiCliReader.classify("tmp/shop-app/chats/5ec95d33-d405-4b82-9be5-8080824363b5/abc.jsonl")).toMatchObject({ companions: ["../../.project_root", "../../../../projects.json"] });
    expect(geminiCliReader.classify("tmp/shop-app/logs.json")).toBeNull();
    expect(geminiCliReader.classify("tmp/shop-app/chats/notes.json")).toBeNull();
  });

  it("keeps the last record of a re-appended id, honours $rewindTo and $set, skips unknown records, reports the cut line", () => {
    const lines = log.split("\n").slice(0, -1);
    const { summary, turns, problems } = readAll(geminiCliReader, ref, lines.join("\n") + "\n", { companions, path });
    expect(summary.sessionId).toBe("5ec95d33-d405-4b82-9be5-8080824363b5");
    expect(summary.cwd).toBe("/home/me/shop-app");
    expect(summary.title).toBe("Fix the login redirect loop");
    expect(summary.titleSource).toBe("summary");
    expect(summary.userTurns).toBe(1); // u2 was rewound away; the cut u3 is a problem
    expect(summary.filesEdited).toEqual([{ path: "src/auth.ts", cwd: "/home/me/shop-app" }]);
    expect(summary.commits.map((c) => [c.sha, c.branch, c.cwd])).toEqual([["4f2a9c1", "fix/login", "/home/me/shop-app/web"]]);
    expect(summary.tokens).toMatchObject({ input: 1000, output: 50 }); // g1 once; g2 rewound
    expect(summary.models).toEqual(["gemini-2.5-pro"]);
    expect(summary.endedAt).toBe(at(6));
    expect(turns.filter((t) => t.kind === "tool").map((t) => t.tool?.name)).toEqual(["write_file", "run_shell_command"]);
    expect(turns.filter((t) => t.kind === "result" && t.commits?.length)).toHaveLength(1);
    expect(turns.some((t) => t.kind === "note" && /Rewound/.test(t.text))).toBe(true);
    expect(problems).toEqual([{ line: 12, message: "line 12 is not a JSON object; skipped" }]);
  });

  it("reads the same from one chunk or line by line (the state carries between runs)", () => {
    const whole = readAll(geminiCliReader, ref, log, { companions, path });
    const bit = readAll(geminiCliReader, ref, log, { companions, path, every: 1 });
    expect(JSON.parse(JSON.stringify(bit.summary))).toEqual(JSON.parse(JSON.stringify(whole.summary)));
    expect(bit.turns.map((t) => [t.seq, t.kind])).toEqual(whole.turns.map((t) => [t.seq, t.kind]));
  });

  it("reads a legacy JSON chat, and a Windows project folder from projects.json", () => {
    const legacy = geminiCliReader.classify("tmp/shop/chats/session-2026-02-22T10-41-6c9579c5.json")!;
    const doc = JSON.stringify({ ...geminiHeader("6c9579c5-0000-4000-8000-000000000000", start), messages: [geminiUser("u1", "/help", at(1)), geminiUser("u2", "Run the tests", at(2)), geminiAnswer("g1", "All green.", at(3))] });
    const { summary, turns } = readAll(geminiCliReader, legacy, doc, {
      path: "C:/Users/me/.gemini/tmp/shop/chats/session-2026-02-22T10-41-6c9579c5.json",
      companions: { "../.project_root": null, "../../../projects.json": JSON.stringify({ projects: { "c:\\users\\me\\shop": "shop" } }) },
    });
    expect(summary.cwd).toBe("c:\\users\\me\\shop");
    expect(summary.userTurns).toBe(1);
    expect(summary.title).toBe("Run the tests");
    expect(turns[0]).toMatchObject({ kind: "note", text: "/help" });
  });

  it("a sub-agent's chat names its parent and sends no prompt of a person", () => {
    const sub = geminiCliReader.classify("tmp/shop/chats/5ec95d33-d405-4b82-9be5-8080824363b5/a1.jsonl")!;
    const { summary } = readAll(geminiCliReader, sub, jsonl([geminiHeader("a1", start, "subagent"), geminiUser("u1", "Investigate the auth module", at(1)), geminiAnswer("g1", "Found it.", at(2))]));
    expect(summary.parentSessionId).toBe("5ec95d33-d405-4b82-9be5-8080824363b5");
    expect(summary.userTurns).toBe(0);
  });
});

describe("Copilot CLI reader", () => {
  const ref = copilotCliReader.classify("session-state/0b7c2a1e-4d3f-4e21-9a8b-000000000001/events.jsonl")!;
  it("classifies events.jsonl (workspace.yaml beside it) and the older flat file", () => {
    expect(ref).toMatchObject({ agent: "copilot-cli", key: "0b7c2a1e-4d3f-4e21-9a8b-000000000001", mode: "lines", companions: ["workspace.yaml"] });
    expect(copilotCliReader.classify("session-state/0b7c2a1e-4d3f-4e21-9a8b-000000000001.jsonl")).toMatchObject({ key: "0b7c2a1e-4d3f-4e21-9a8b-000000000001" });
    expect(copilotCliReader.classify("session-state/0b7c2a1e-4d3f-4e21-9a8b-000000000001/checkpoints/1.json")).toBeNull();
  });

  it("reads cwd, branch, prompts, edits, commits, models and summed shutdown metrics; unknown events skipped", () => {
    const log = jsonl([
      copilot("session.start", { sessionId: "0b7c2a1e-4d3f-4e21-9a8b-000000000001", version: 1, producer: "copilot-agent", copilotVersion: "0.0.354", startTime: at(0), context: { cwd: "/home/me/shop-app", gitRoot: "/home/me/shop-app", branch: "fix/login", repository: "me/shop-app" } }, start, 0),
      copilot("session.model_change", { newModel: "claude-sonnet-4.5" }, start, 0),
      copilot("user.message", { content: "/model", transformedContent: "/model", attachments: [] }, start, 1),
      copilot("user.message", { content: "Fix the login redirect loop", attachments: [] }, start, 2),
      copilot("assistant.reasoning", { reasoningId: "r1", content: "secret thoughts" }, start, 2),
      copilot("assistant.message", { messageId: "m1", content: "Editing the middleware.", toolRequests: [{ toolCallId: "t1", name: "edit", arguments: {} }] }, start, 3),
      copilot("tool.execution_start", { toolCallId: "t1", toolName: "edit", arguments: { path: "/home/me/shop-app/src/auth.ts", old_str: "a", new_str: "b" } }, start, 3),
      copilot("tool.execution_complete", { toolCallId: "t1", success: true, result: { content: "File edited" } }, start, 3),
      copilot("tool.execution_start", { toolCallId: "t2", toolName: "bash", arguments: { command: "cd ../shared-lib && git commit -am 'Bump auth helper'", description: "commit" } }, start, 4),
      copilot("tool.execution_complete", { toolCallId: "t2", success: true, result: { content: "[main 9e8d7c6] Bump auth helper\n 1 file changed" } }, start, 4),
      copilot("hook.future_event", { anything: true }, start, 5),
      copilot("session.shutdown", { shutdownType: "routine", mainModel: "claude-sonnet-4.5", modelMetrics: { "claude-sonnet-4.5": { usage: { inputTokens: 100, outputTokens: 50, cacheReadTokens: 10, cacheWriteTokens: 5 } } } }, start, 6),
      copilot("user.message", { content: "And run the tests", attachments: [] }, start, 60),
      copilot("session.shutdown", { shutdownType: "routine", modelMetrics: { "claude-sonnet-4.5": { usage: { inputTokens: 20, outputTokens: 5 } } } }, start, 61),
      "{not json",
    ]);
    const workspace = "id: 0b7c2a1e-4d3f-4e21-9a8b-000000000001\ncwd: /home/me/shop-app\nsummary: Fix login redirect loop\ncreated_at: 2026-11-02T09:00:00.000Z\n";
    const { summary, turns, problems } = readAll(copilotCliReader, ref, log, { companions: { "workspace.yaml": workspace } });
    expect(summary).toMatchObject({ sessionId: "0b7c2a1e-4d3f-4e21-9a8b-000000000001", cwd: "/home/me/shop-app", branches: ["fix/login"], title: "Fix login redirect loop", titleSource: "workspace", userTurns: 2, firstPrompt: "Fix the login redirect loop" });
    expect(summary.filesEdited).toEqual([{ path: "/home/me/shop-app/src/auth.ts", cwd: "/home/me/shop-app" }]);
    expect(summary.commits.map((c) => [c.sha, c.cwd])).toEqual([["9e8d7c6", "/home/me/shared-lib"]]);
    expect(summary.models).toEqual(["claude-sonnet-4.5"]);
    expect(summary.tokens).toEqual({ input: 120, output: 55, cacheRead: 10, cacheWrite: 5 });
    expect(summary.endedAt).toBe(at(61));
    expect(turns.some((t) => t.text.includes("secret thoughts"))).toBe(false);
    expect(problems).toEqual([{ line: 15, message: "line 15 is not a JSON object; skipped" }]);
  });
});

describe("Cline, Roo and Kilo readers", () => {
  const ref = clineReader.classify("tasks/1762074000000/ui_messages.json")!;
  it("classifies a task's ui_messages.json with its metadata beside it", () => {
    expect(ref).toMatchObject({ agent: "cline", key: "1762074000000", mode: "document", companions: ["task_metadata.json", "history_item.json"] });
    expect(clineReader.classify("tasks/1762074000000/api_conversation_history.json")).toBeNull();
    expect(rooReader.classify("tasks/abc/ui_messages.json")).toMatchObject({ agent: "roo" });
  });

  it("reads the task, feedback, edits once, commands and their commits, tokens, the cwd; partial and reasoning skipped", () => {
    const ts = start.getTime();
    const messages = [
      clineSay(ts, "task", "Fix the login redirect loop"),
      clineSay(ts + 1000, "api_req_started", clineRequest("/home/me/shop-app", 900, 40)),
      clineSay(ts + 2000, "reasoning", "private"),
      clineSay(ts + 3000, "text", "Editing auth.ts", { partial: true }),
      clineSay(ts + 3000, "text", "Editing auth.ts"),
      clineAsk(ts + 4000, "tool", JSON.stringify({ tool: "editedExistingFile", path: "src/auth.ts", diff: "- a\n+ b" })),
      clineSay(ts + 5000, "tool", JSON.stringify({ tool: "editedExistingFile", path: "src/auth.ts", diff: "- a\n+ b" })),
      clineAsk(ts + 6000, "command", "git commit -am 'Fix login redirect loop'"),
      clineSay(ts + 7000, "command_output", "[fix/login 4f2a9c1] Fix login redirect loop\n 1 file changed"),
      clineSay(ts + 8000, "user_feedback", "Now run the tests"),
      clineSay(ts + 9000, "api_req_started", clineRequest("/home/me/shop-app", 100, 10)),
      clineSay(ts + 9500, "some_future_kind", "x"),
      clineSay(ts + 10000, "completion_result", "Done: the loop is fixed."),
    ];
    const metadata = JSON.stringify({ files_in_context: [], model_usage: [{ ts, model_id: "claude-sonnet-4-5", model_provider_id: "anthropic", mode: "act" }] });
    const { summary, turns } = readAll(clineReader, ref, JSON.stringify(messages), { companions: { "task_metadata.json": metadata, "history_item.json": null } });
    expect(summary).toMatchObject({ sessionId: "1762074000000", cwd: "/home/me/shop-app", userTurns: 2, title: "Fix the login redirect loop", models: ["claude-sonnet-4-5"], startedAt: start.toISOString() });
    expect(summary.tokens).toEqual({ input: 1000, output: 50, cacheRead: 40, cacheWrite: 20 });
    expect(summary.filesEdited).toEqual([{ path: "src/auth.ts", cwd: "/home/me/shop-app" }]);
    expect(summary.commits.map((c) => [c.sha, c.cwd])).toEqual([["4f2a9c1", "/home/me/shop-app"]]);
    expect(turns.filter((t) => t.kind === "tool")).toHaveLength(2); // one edit (asked, then said), one command
    expect(turns.filter((t) => t.kind === "answer")).toHaveLength(2);
    expect(turns.some((t) => t.text === "private")).toBe(false);
  });

  it("Roo's history_item.json gives the workspace; a broken file is a problem, not a stop", () => {
    const roo = rooReader.classify("tasks/t1/ui_messages.json")!;
    const { summary } = readAll(rooReader, roo, JSON.stringify([clineSay(1, "task", "Add a README")]), { companions: { "task_metadata.json": null, "history_item.json": JSON.stringify({ id: "t1", workspace: "C:\\Users\\me\\shop", task: "Add a README" }) } });
    expect(summary.cwd).toBe("C:\\Users\\me\\shop");
    const broken = readAll(rooReader, roo, '[{"ts":1,"type":"say","say":"task","text":"cut');
    expect(broken.problems).toEqual([{ line: null, message: "ui_messages.json is not valid JSON; the task could not be read" }]);
  });

  it("roots: each VS Code-family editor's globalStorage, Windows under %APPDATA%", () => {
    const win = clineReader.roots({ home: "C:\\Users\\me", env: { APPDATA: "C:\\Users\\me\\AppData\\Roaming" }, platform: "win32" });
    expect(win[0].dir).toBe("C:\\Users\\me\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev");
    const mac = rooReader.roots({ home: "/Users/me", env: {}, platform: "darwin" });
    expect(mac.map((r) => r.dir)).toContain("/Users/me/Library/Application Support/Cursor/User/globalStorage/rooveterinaryinc.roo-cline");
  });
});

describe("opencode reader", () => {
  it("reads a session file: title, folder, times, parent; a placeholder title is no title", () => {
    const ref = opencodeReader.classify("storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750/ses_5f1a.json")!;
    expect(ref).toMatchObject({ agent: "opencode", mode: "document" });
    expect(opencodeReader.classify("storage/message/ses_5f1a/msg_1.json")).toBeNull();
    const { summary } = readAll(opencodeReader, ref, opencodeSession("ses_5f1a", "Fix login redirect loop", "/home/me/shop-app", start, new Date(start.getTime() + 600_000), "ses_parent"));
    expect(summary).toMatchObject({ sessionId: "ses_5f1a", cwd: "/home/me/shop-app", title: "Fix login redirect loop", startedAt: at(0), endedAt: at(10), parentSessionId: "ses_parent" });
    expect(readAll(opencodeReader, ref, opencodeSession("ses_5f1b", "New session - 2026-11-02T09:00:00.000Z", "/x", start, start)).summary.title).toBeNull();
  });
});

describe("SpecStory reader", () => {
  it("claims exports inside repositories, which stay transcripts for the document index too", () => {
    expect(specStoryReader.claimsRepoPath?.(".specstory/history/2025-12-05_01-37-59Z-weekly-widget.md")).toBe(true);
    expect(specStoryReader.claimsRepoPath?.("docs/notes.md")).toBe(false);
    expect(parsersFor(".specstory/history/2025-12-05_01-37-59Z-weekly-widget.md").map((p) => p.format)).toContain("transcript");
    expect(parsersFor(".aider.chat.history.md").map((p) => p.format)).toContain("transcript");
  });

  it("reads a v2 export: the session id, prompts, models, edits, commits in shell output", () => {
    const text = specStoryV2({
      agent: "Codex CLI",
      sessionId: "019aec28-aac2-7d03-922e-a6d3b2a790fe",
      start,
      turns: [
        { user: "weekly widget: past events limited to one row", minute: 1 },
        { agent: '<tool-use data-tool-type="write" data-tool-name="apply_patch"><details><summary>Tool use: **apply_patch**</summary>\n\n\nOutput:\n```\nSuccess. Updated the following files:\nM app/src/Weekly.kt\nA app/src/WeeklyTest.kt\n```\n</details></tool-use>', model: "gpt-5.1-codex-max", minute: 2 },
        { agent: '<tool-use data-tool-type="write" data-tool-name="edit_file_v2"><details><summary>Tool use: **edit_file_v2** • Edit file: app/src/Prefs.kt</summary>\n</details></tool-use>', model: "gpt-5.1-codex-max", minute: 3 },
        { user: "/compact", minute: 4 },
        { user: "commit it", minute: 5 },
        { agent: "```\n$ git commit -am 'Limit past events'\n[main 64c7aaf] Limit past events\n 2 files changed\n```\nCommitted.", model: "gpt-5.1-codex-max", minute: 6 },
      ],
    });
    const ref = specStoryReader.classify(".specstory/history/2026-11-02_09-00-00Z-weekly.md")!;
    const { summary } = readAll(specStoryReader, ref, text);
    expect(summary).toMatchObject({ sessionId: "019aec28-aac2-7d03-922e-a6d3b2a790fe", client: "Codex CLI", userTurns: 2, title: "weekly widget: past events limited to one row", models: ["gpt-5.1-codex-max"], startedAt: at(0), endedAt: at(6) });
    expect(summary.filesEdited.map((f) => f.path)).toEqual(["app/src/Weekly.kt", "app/src/WeeklyTest.kt", "app/src/Prefs.kt"]);
    expect(summary.commits.map((c) => [c.sha, c.branch, c.subject])).toEqual([["64c7aaf", "main", "Limit past events"]]);
  });

  it("reads an older export: its title, a Windows folder from a PowerShell prompt", () => {
    const text = ["<!-- Generated by SpecStory -->", "", "# Reviewing Pull Request Changes (2025-04-27 22:45:22)", "", "_**User**_", "", "check the changes", "", "---", "", "_**Assistant**_", "", "```", "PS C:\\Users\\me\\listFix> git commit -m \"Refactor\"", "[fix/nfc 36107bb] Refactor", "```", ""].join("\n");
    const { summary } = readAll(specStoryReader, specStoryReader.classify(".specstory/history/x.md")!, text);
    expect(summary).toMatchObject({ title: "Reviewing Pull Request Changes", cwd: "C:\\Users\\me\\listFix", userTurns: 1, branches: ["fix/nfc"] });
    expect(summary.commits[0]).toMatchObject({ sha: "36107bb", cwd: "C:\\Users\\me\\listFix" });
  });
});

describe("Aider reader", () => {
  const ref = aiderReader.classify(".aider.chat.history.md")!;
  const text =
    aiderRun("2026-11-02 09:00:00", [
      "#### /ask how does the login redirect work?  ",
      "",
      "#### how does the login redirect work?  ",
      "",
      "The middleware sends expired sessions to /login.",
      "",
      "> Tokens: 2.4k sent, 104 received. Cost: $0.01 message, $0.01 session.  ",
      "",
      "#### /architect fix the redirect loop  ",
      "",
      "Change the middleware so that /login is never redirected, and add a test for it in tests/auth.test.ts.",
      "",
      "> Tokens: 1.1k sent, 50 received. Cost: $0.01 message, $0.02 session.  ",
      "",
      "#### Change the middleware so that /login is never redirected, and add a test for it in tests/auth.test.ts.  ",
      "",
      "src/auth.ts",
      "```",
      "#### not a prompt: inside a fence",
      "```",
      "",
      "> Tokens: 3k sent, 200 received. Cost: $0.02 message, $0.04 session.  ",
      "> Applied edit to src/auth.ts  ",
      "> Commit 4f2a9c1 fix: stop the login redirect loop  ",
      "",
      "#### /run npm test  ",
      "",
    ]) +
    aiderRun("2026-11-03 10:00:00", ["> Cur working dir: C:\\Users\\me\\shop-app  ", "", "#### add a README  ", "", "> Applied edit to README.md  ", "> Commit 9e8d7c6 docs: add README  "]);

  it("counts a person's prompts (not slash commands, the /ask echo, the architect's hand-off or fenced lines)", () => {
    const { summary, turns, problems } = readAll(aiderReader, ref, text);
    expect(problems).toEqual([]);
    expect(summary.userTurns).toBe(3);
    expect(summary.title).toBe("how does the login redirect work?");
    expect(summary.filesEdited.map((f) => f.path)).toEqual(["src/auth.ts", "README.md"]);
    expect(summary.commits.map((c) => [c.sha, c.subject])).toEqual([["4f2a9c1", "fix: stop the login redirect loop"], ["9e8d7c6", "docs: add README"]]);
    expect(summary.models).toEqual(["anthropic/claude-sonnet-4-5"]);
    expect(summary.tokens).toEqual({ input: 6500, output: 354 });
    expect(summary.startedAt).toBe(new Date("2026-11-02T09:00:00").toISOString());
    expect(summary.endedAt).toBe(new Date("2026-11-03T10:00:00").toISOString());
    expect(turns.filter((t) => t.kind === "note").map((t) => t.text)).toContain("The architect's plan was handed to the editor model.");
  });

  it("reads the same in chunks of any size (an appended history is read from an offset)", () => {
    const whole = readAll(aiderReader, ref, text).summary;
    for (const every of [1, 3, 7]) expect(readAll(aiderReader, ref, text, { every }).summary).toEqual(whole);
  });

  it("a prompt the file ends with counts before the next line closes it", () => {
    expect(readAll(aiderReader, ref, aiderRun("2026-11-02 09:00:00", ["#### add tests  "])).summary).toMatchObject({ userTurns: 1, title: "add tests" });
  });
});

describe("registry", () => {
  it("every reader is registered once, with roots for this machine", () => {
    const agents = sessionReaders().map((r) => r.agent);
    expect(new Set(agents).size).toBe(agents.length);
    for (const a of ["gemini-cli", "copilot-cli", "opencode", "cline", "roo", "kilo", "specstory", "aider"]) expect(readerFor(a)).not.toBeNull();
    const roots = sessionRoots({ home: "/home/me", env: { XDG_DATA_HOME: "/data", COPILOT_HOME: "/cp" }, platform: "linux" });
    const dirs = roots.map((r) => `${r.agent} ${r.dir}`);
    expect(dirs).toContain("gemini-cli /home/me/.gemini");
    expect(dirs).toContain("copilot-cli /cp");
    expect(dirs).toContain("opencode /data/opencode");
    expect(dirs).toContain("cline /home/me/.config/Code/User/globalStorage/saoudrizwan.claude-dev");
    expect(dirs).toContain("cline /home/me/.cline/data");
  });
});
