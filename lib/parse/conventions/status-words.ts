/**
 * The status words conventions write (Spec Kit's `**Status**: Draft`, Conductor's metadata.json `"status": "new"`,
 * a tracks.md box, translated templates), mapped to Cairn's statuses. A word not in the table is kept raw with
 * status null. Data only: one row per meaning, checked at the start of the value first ("Draft (v2)",
 * "✅ Complete - 2026-05-01"), then anywhere when exactly one meaning is found.
 */
import type { Status } from "../types";
import { squash, stripInlineMarkdown } from "../heuristics/text";

export const CONVENTION_STATUS_WORDS: ReadonlyArray<{ status: Status; words: RegExp }> = [
  // closed without finishing: superseded work is closed, as for checkpoints
  { status: "superseded", words: /^(?:superseded|obsolete|cancell?ed|abandoned|deprecated|withdrawn|rejected|won'?t do|won'?t[ -_]?fix|dropped|replaced)\b/i },
  { status: "blocked", words: /^(?:blocked|on[ -_]hold|paused|waiting|stalled|parked)\b/i },
  {
    status: "completed",
    words: /^(?:complete[d]?|implemented|done|finished|shipped|merged|released|delivered|closed|archived|resolved|accepted and implemented|verified|✅|✔️?|☑️?|\[x\]|已完成|完成|已实现|已實現|完了|実装済み?|実装完了|完成済み|완료|구현 완료|terminé|terminado|concluído|abgeschlossen|fertig|erledigt|завершено|выполнено)/i,
  },
  {
    status: "in-progress",
    words: /^(?:draft|drafting|planning|planned|plan|in[ -_]?progress|in[ -_]review|review|under review|new|pending|open|active|started|ongoing|wip|todo|to[ -_]do|not[ -_]started|ready(?: for [\w ]+)?|approved|proposed|proposal|specified|specifying|clarified|implementing|in development|in[ -_]implementation|\[ \]|\[~\]|\[-\]|🚧|⏳|🔄|草稿|草案|起草|进行中|進行中|规划中|計画中|待开始|待处理|未开始|実装中|作業中|ドラフト|下書き|초안|진행 ?중|brouillon|en cours|borrador|en progreso|rascunho|em andamento|entwurf|in arbeit|черновик|в работе)/i,
  },
];

export interface StatusWord {
  status: Status | null;
  /** The value as written, cleaned of Markdown. */
  raw: string;
}

/** A convention's status value, mapped by the table; null for an empty or placeholder value. */
export function conventionStatus(written: string | null | undefined): StatusWord | null {
  if (written == null) return null;
  const raw = squash(stripInlineMarkdown(String(written))).replace(/^[`"'“]+|[`"'”]+$/g, "").trim();
  if (!raw || /^\[[^\]x~ -][^\]]*\]$|^<[^>]*>$|^\{[^}]*\}$|^(?:tbd|n\/a|-|\?)$/i.test(raw)) return null;
  const head = raw.replace(/^[*_~>#\s]+/, "");
  for (const row of CONVENTION_STATUS_WORDS) if (row.words.test(head)) return { status: row.status, raw };
  // anywhere in the value, when exactly one meaning is found ("Feature is Complete", "Status - in progress")
  const found = new Set<Status>();
  // "implementation-completed", "implementation_in_progress": each word on its own
  const words = head.toLowerCase().split(/[\s,;:()/|_-]+/);
  for (let i = 0; i < words.length; i++) {
    const rest = words.slice(i).join(" ");
    for (const row of CONVENTION_STATUS_WORDS) if (row.words.test(rest) && !/^(?:new|open|plan|review|ready|active)$/.test(words[i])) found.add(row.status);
  }
  if (found.size === 1) return { status: [...found][0], raw };
  return { status: null, raw };
}
