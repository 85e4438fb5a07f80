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

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** Texts scanned in batches of up to BATCH_CHARS (0: one text per scan, measured the faster: a joined batch sends every text through the costly rules once one matches their prefilter). */
const SEPARATOR = "\n\u0000\n";
const BATCH_CHARS = 0; // one text per scan: joined texts sent every turn through the costly rules when one matched their prefilter

/** Scan many texts at once: each text redacted, with the rules found in it. */
async function scanMany(texts: readonly string[]): Promise<Array<{ redacted: string; rules: string[] }>> {
  const out: Array<{ redacted: string; rules: string[] }> = texts.map((t) => ({ redacted: t, rules: [] }));
  let from = 0;
  while (from < texts.length) {
    let to = from;
    let size = 0;
    while (to < texts.length && (to === from || size + texts[to].length <= BATCH_CHARS)) size += texts[to++].length + SEPARATOR.length;
    const starts: number[] = [];
    let at = 0;
    for (let i = from; i < to; i++) {
      starts.push(at);
      at += texts[i].length + SEPARATOR.length;
    }
    const scan = await scanSecrets(texts.slice(from, to).join(SEPARATOR), "session.txt");
    if (scan.findings.length) {
      const spans = new Map<number, Array<{ start: number; end: number; rule: string }>>();
      for (const f of scan.findings) {
        let k = starts.length - 1;
        while (k > 0 && starts[k] > f.start) k--;
        const local = { start: f.start - starts[k], end: Math.min(f.end - starts[k], texts[from + k].length), rule: f.rule };
        spans.set(k, [...(spans.get(k) ?? []), local]);
      }
      for (const [k, list] of spans) {
        const text = texts[from + k];
        let redacted = "";
        let last = 0;
        for (const span of list.sort((a, b) => a.start - b.start)) {
          if (span.start < last) continue;
          redacted += text.slice(last, span.start) + `[REDACTED:${span.rule}]`;
          last = span.end;
        }
        out[from + k] = { redacted: redacted + text.slice(last), rules: list.map((x) => x.rule) };
      }
    }
    from = to;
  }
  return out;
}

/** Redact, cap and insert turns (one transaction). */
export async function storeTurns(sqlite: Database.Database, sessionId: string, turns: readonly SessionTurn[]): Promise<StoredTurns> {
  const secrets: SecretHit[] = [];
  let hidden = 0;
  const texts = turns.map((turn) => (turn.kind === "result" ? cap(turn.text, MAX_RESULT_CHARS) : cap(turn.text, MAX_TURN_CHARS)));
  const tools = turns.map((turn) => (turn.tool ? capTool(turn.tool) : undefined));
  // a call's strings as they are (not JSON-escaped: a key across lines must still read as one)
  const toolJson = tools.map((tool) => (tool ? stringsOf(tool).join(SEPARATOR) : ""));
  const scanned = await scanMany([...texts, ...toolJson]);
  const rows: Array<[string, number, string, string | null, string, string, string | null]> = [];
  for (let i = 0; i < turns.length; i++) {
    const turn = turns[i];
    const text = scanned[i];
    const toolScan = scanned[turns.length + i];
    for (const rule of [...text.rules, ...toolScan.rules]) secrets.push({ rule, line: turn.line ?? null, turn: turn.seq });
    hidden += text.rules.length + toolScan.rules.length;
    // a secret inside a tool call: every string of the call redacted on its own (the JSON stays JSON)
    const tool = tools[i] && toolScan.rules.length ? await redactStrings(tools[i]!) : tools[i];
    const extra = turn.commits?.length || turn.isError || turn.toolId || turn.model || turn.sidechain ? { commits: turn.commits?.map((c) => ({ sha: c.sha, subject: c.subject, branch: c.branch })), isError: turn.isError, toolId: turn.toolId, model: turn.model, sidechain: turn.sidechain } : null;
    const safeExtra = extra && turn.commits?.length ? await redactStrings(extra) : extra;
    const json = tool || safeExtra ? JSON.stringify({ ...(tool ? { call: tool } : {}), ...(safeExtra ?? {}) }) : null;
    rows.push([sessionId, turn.seq, turn.kind, turn.at, searchText(turn, text.redacted, tool), text.redacted, json]);
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
