/**
 * Schema-exact session log lines for tests and the e2e world, written from the formats in
 * /work/shared/spec/session-logs.md (Claude Code §1.1, Codex §1.2). Each builder returns JSONL text.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fake } from "./fake-secrets";
import { dirname, join } from "node:path";

let counter = 0;
const uuid = () => {
  counter++;
  const hex = counter.toString(16).padStart(12, "0");
  return `0b7c2a1e-4d3f-4e21-9a8b-${hex}`;
};

export interface ClaudeStep {
  /** A prompt a person typed. */
  prompt?: string;
  /** The assistant's text. */
  answer?: string;
  /** A Bash call and its output. */
  bash?: { command: string; output: string };
  /** An Edit or Write call. */
  edit?: { file: string; old?: string; new: string; write?: boolean };
  /** Change the cwd recorded from this step on. */
  cwd?: string;
  /** A raw record (merged over the base fields). */
  raw?: Record<string, unknown>;
  /** Minutes after the session start. */
  at?: number;
}

export interface ClaudeSessionSpec {
  sessionId: string;
  cwd: string;
  branch?: string;
  start: Date;
  steps: ClaudeStep[];
  version?: string;
  sidechain?: boolean;
  title?: { kind: "custom-title" | "ai-title"; text: string };
}

/** A Claude Code transcript (`<session id>.jsonl`). */
export function claudeSession(spec: ClaudeSessionSpec): string {
  const lines: string[] = [];
  let parent: string | null = null;
  let cwd = spec.cwd;
  let minute = 0;
  const base = (type: string, at: number) => {
    const id = uuid();
    const rec = {
      parentUuid: parent,
      isSidechain: spec.sidechain ?? false,
      userType: "external",
      cwd,
      sessionId: spec.sessionId,
      version: spec.version ?? "2.1.30",
      gitBranch: spec.branch ?? "main",
      type,
      uuid: id,
      timestamp: new Date(spec.start.getTime() + at * 60_000).toISOString(),
    };
    parent = id;
    return rec;
  };
  let msg = 0;
  for (const step of spec.steps) {
    minute = step.at ?? minute + 1;
    if (step.cwd) cwd = step.cwd;
    if (step.prompt !== undefined) {
      lines.push(JSON.stringify({ ...base("user", minute), message: { role: "user", content: step.prompt }, promptId: uuid(), permissionMode: "default" }));
    }
    if (step.answer !== undefined) {
      msg++;
      lines.push(
        JSON.stringify({
          ...base("assistant", minute),
          message: {
            id: `msg_01${msg}`,
            type: "message",
            role: "assistant",
            model: "claude-opus-4-5-20251101",
            content: [
              { type: "thinking", thinking: "Considering.", signature: `EqQBCkYIBxgCKkB${"sk-ant-"}api03-${fake(80, 3)}` },
              { type: "text", text: step.answer },
            ],
            stop_reason: "end_turn",
            usage: { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 50 },
          },
          requestId: `req_01${msg}`,
        }),
      );
    }
    const tool = step.bash
      ? { name: "Bash", input: { command: step.bash.command, description: "Run a command" }, output: step.bash.output }
      : step.edit
        ? step.edit.write
          ? { name: "Write", input: { file_path: step.edit.file, content: step.edit.new }, output: `File created successfully at: ${step.edit.file}` }
          : { name: "Edit", input: { file_path: step.edit.file, old_string: step.edit.old ?? "", new_string: step.edit.new }, output: `The file ${step.edit.file} has been updated.` }
        : null;
    if (tool) {
      msg++;
      const id = `toolu_01${uuid().slice(-12)}`;
      lines.push(
        JSON.stringify({
          ...base("assistant", minute),
          message: { id: `msg_01${msg}`, type: "message", role: "assistant", model: "claude-opus-4-5-20251101", content: [{ type: "tool_use", id, name: tool.name, input: tool.input }], usage: { input_tokens: 5, output_tokens: 20 } },
          requestId: `req_01${msg}`,
        }),
      );
      lines.push(
        JSON.stringify({
          ...base("user", minute),
          message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content: tool.output, is_error: false }] },
          toolUseResult: tool.name === "Bash" ? { stdout: tool.output, stderr: "", interrupted: false, isImage: false } : { filePath: tool.input.file_path },
        }),
      );
    }
    if (step.raw) lines.push(JSON.stringify({ ...base(String(step.raw.type ?? "user"), minute), ...step.raw }));
  }
  if (spec.title) {
    const key = spec.title.kind === "custom-title" ? "customTitle" : "aiTitle";
    lines.push(JSON.stringify({ type: spec.title.kind, [key]: spec.title.text, sessionId: spec.sessionId }));
  }
  return lines.join("\n") + "\n";
}

export interface CodexStep {
  prompt?: string;
  answer?: string;
  shell?: { command: string; output: string; workdir?: string };
  patch?: string;
  at?: number;
}

export interface CodexSessionSpec {
  id: string;
  cwd: string;
  branch?: string;
  start: Date;
  steps: CodexStep[];
}

/** A Codex rollout (`rollout-<time>-<id>.jsonl`). */
export function codexSession(spec: CodexSessionSpec): string {
  const lines: string[] = [];
  const ts = (m: number) => new Date(spec.start.getTime() + m * 60_000).toISOString();
  const line = (m: number, type: string, payload: unknown) => lines.push(JSON.stringify({ timestamp: ts(m), type, payload }));
  line(0, "session_meta", {
    id: spec.id,
    timestamp: ts(0),
    cwd: spec.cwd,
    originator: "codex_cli_rs",
    cli_version: "0.63.0",
    instructions: null,
    source: "cli",
    model_provider: "openai",
    git: { commit_hash: "0000000000000000000000000000000000000000", branch: spec.branch ?? "main", repository_url: "git@github.com:example/app.git" },
  });
  let minute = 0;
  let call = 0;
  let total = 0;
  for (const step of spec.steps) {
    minute = step.at ?? minute + 1;
    if (step.prompt !== undefined) {
      line(minute, "turn_context", { cwd: spec.cwd, approval_policy: "on-request", sandbox_policy: { mode: "workspace-write" }, model: "gpt-5-codex", effort: "medium", summary: "auto" });
      line(minute, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: `<environment_context>\n  <cwd>${spec.cwd}</cwd>\n</environment_context>` }] });
      line(minute, "response_item", { type: "message", role: "user", content: [{ type: "input_text", text: step.prompt }] });
      line(minute, "event_msg", { type: "user_message", message: step.prompt, images: [] });
      line(minute, "response_item", { type: "reasoning", summary: [], content: null, encrypted_content: `gAAAAAB${"sk-"}proj-${fake(60, 4)}` });
    }
    if (step.shell) {
      call++;
      const id = `call_${call}`;
      line(minute, "response_item", { type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", step.shell.command], workdir: step.shell.workdir ?? spec.cwd, timeout_ms: 120000 }), call_id: id });
      line(minute, "response_item", { type: "function_call_output", call_id: id, output: JSON.stringify({ output: step.shell.output, metadata: { exit_code: 0, duration_seconds: 0.1 } }) });
    }
    if (step.patch) {
      call++;
      const id = `call_${call}`;
      line(minute, "response_item", { type: "custom_tool_call", status: "completed", call_id: id, name: "apply_patch", input: step.patch });
      line(minute, "response_item", { type: "custom_tool_call_output", call_id: id, output: JSON.stringify({ output: "Success. Updated the following files:\nM x\n", metadata: { exit_code: 0 } }) });
    }
    if (step.answer !== undefined) {
      line(minute, "response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: step.answer }] });
      line(minute, "event_msg", { type: "agent_message", message: step.answer });
      total += 1000;
      line(minute, "event_msg", { type: "token_count", info: { total_token_usage: { input_tokens: total, cached_input_tokens: total / 2, output_tokens: total / 10, reasoning_output_tokens: 0, total_tokens: total * 1.1 } }, rate_limits: null });
    }
  }
  return lines.join("\n") + "\n";
}

/** Write a text file, making its folders. */
export function put(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** The Claude Code folder name for a cwd (lossy: every non-alphanumeric character becomes `-`). */
export function claudeFolder(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

/** Where Claude Code keeps a session's log under a home. */
export function claudeLogPath(home: string, cwd: string, sessionId: string): string {
  return join(home, ".claude", "projects", claudeFolder(cwd), `${sessionId}.jsonl`);
}

/** Where Codex keeps a rollout under a home. */
export function codexLogPath(home: string, start: Date, id: string): string {
  const d = start.toISOString();
  return join(home, ".codex", "sessions", d.slice(0, 4), d.slice(5, 7), d.slice(8, 10), `rollout-${d.slice(0, 19).replace(/:/g, "-")}-${id}.jsonl`);
}
