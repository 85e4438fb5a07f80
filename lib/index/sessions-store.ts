/**
 * What a session stores, and only redacted: every turn's text and tool call go through the secret scan
 * (lib/derive/secrets) before they reach the database, capped (tool output is kept short and never indexed for
 * search). The readers never hand over thinking signatures or `encrypted_content`.
 */
import type Database from "better-sqlite3";
import { scanSecrets, redactStrings } from "../derive/secrets";
import type { SessionTurn, ToolCall } from "../sessions/types";

/** Longest text kept per turn: prompts and answers, and a tool's output. */
export const MAX_TURN_CHARS = 32 * 1024;
export const MAX_RESULT_CHARS = 2 * 1024;
/** Longest before/after text of one edit kept for the page's diff. */
export const MAX_EDIT_CHARS = 8 * 1024;

export interface SecretHit {
  rule: string;
  line: number | null;
  turn: number;
}

function cap(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}\n… (${text.length - n} more characters not kept)` : text;
}

function capTool(tool: ToolCall): ToolCall {
  const out: ToolCall = { ...tool };
  if (out.edits) {
    out.edits = out.edits.slice(0, 50).map((e) => ({
      ...e,
      ...(e.before !== undefined ? { before: cap(e.before, MAX_EDIT_CHARS) } : {}),
      ...(e.after !== undefined ? { after: cap(e.after, MAX_EDIT_CHARS) } : {}),
      ...(e.patch !== undefined ? { patch: cap(e.patch, MAX_EDIT_CHARS * 2) } : {}),
    }));
  }
  return out;
}

/** The words search finds a turn by: a prompt's or answer's text, a call's command and paths, the subjects of commits a result printed. */
function searchText(turn: SessionTurn, text: string, tool: ToolCall | undefined): string {
  if (turn.kind === "prompt" || turn.kind === "answer") return text;
  if (turn.kind === "tool" && tool) return [tool.command, ...(tool.paths ?? []), ...(tool.edits ?? []).map((e) => e.path), tool.summary].filter(Boolean).join("\n");
  if (turn.kind === "result") return (turn.commits ?? []).map((c) => c.subject).join("\n");
  return "";
}

export interface StoredTurns {
  secrets: SecretHit[];
  hidden: number;
}

/** Redact, cap and insert turns (one transaction). */
export async function storeTurns(sqlite: Database.Database, sessionId: string, turns: readonly SessionTurn[]): Promise<StoredTurns> {
  const secrets: SecretHit[] = [];
  let hidden = 0;
  const rows: Array<[string, number, string, string | null, string, string, string | null]> = [];
  for (const turn of turns) {
    const raw = turn.kind === "result" ? cap(turn.text, MAX_RESULT_CHARS) : cap(turn.text, MAX_TURN_CHARS);
    const scan = await scanSecrets(raw, "session.txt");
    for (const f of scan.findings) secrets.push({ rule: f.rule, line: turn.line ?? null, turn: turn.seq });
    hidden += scan.findings.length;
    let tool: ToolCall | undefined;
    if (turn.tool) {
      const capped = capTool(turn.tool);
      const json = JSON.stringify(capped);
      const toolScan = await scanSecrets(json, "session.json");
      if (toolScan.findings.length) {
        for (const f of toolScan.findings) secrets.push({ rule: f.rule, line: turn.line ?? null, turn: turn.seq });
        hidden += toolScan.findings.length;
        tool = await redactStrings(capped);
      } else tool = capped;
    }
    const extra = turn.commits?.length || turn.isError || turn.toolId || turn.model || turn.sidechain ? await redactStrings({ commits: turn.commits?.map((c) => ({ sha: c.sha, subject: c.subject, branch: c.branch })), isError: turn.isError, toolId: turn.toolId, model: turn.model, sidechain: turn.sidechain }) : null;
    const toolJson = tool || extra ? JSON.stringify({ ...(tool ? { call: tool } : {}), ...(extra ?? {}) }) : null;
    rows.push([sessionId, turn.seq, turn.kind, turn.at, searchText(turn, scan.redacted, tool), scan.redacted, toolJson]);
  }
  const insert = sqlite.prepare(`INSERT INTO session_turns (session_id, seq, kind, at, search, text, tool) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  sqlite.transaction(() => {
    for (const row of rows) insert.run(...row);
  })();
  return { secrets, hidden };
}

/** Remove a session's turns from `seq` on (a re-read from the start: 0). */
export function dropTurns(sqlite: Database.Database, sessionId: string, fromSeq: number): void {
  sqlite.prepare(`DELETE FROM session_turns WHERE session_id = ? AND seq >= ?`).run(sessionId, fromSeq);
}
