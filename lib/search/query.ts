/** Turn whatever a user types into a safe FTS5 expression plus structured filters. Never throws. */

export interface ParsedQuery {
  /** FTS5 MATCH expression, or null when only filters were given. */
  match: string | null;
  terms: string[];
  phrases: string[];
  /** `file:src/auth.ts` */
  filePaths: string[];
  /** 7..40 hex characters: maybe a commit. */
  shas: string[];
  filters: Partial<Record<"repo" | "branch" | "status" | "format" | "kind" | "level", string>>;
  /** What was dropped or reinterpreted, in words, for the help line. */
  notes: string[];
}

const FILTER_KEYS = new Set(["repo", "branch", "status", "format", "kind", "level"]);
const WORD = /[\p{L}\p{N}_]+/gu;

function quote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

export function parseQuery(input: string): ParsedQuery {
  const result: ParsedQuery = { match: null, terms: [], phrases: [], filePaths: [], shas: [], filters: {}, notes: [] };
  let rest = (input ?? "").slice(0, 500);

  rest = rest.replace(/"([^"]*)"/g, (_m, phrase: string) => {
    const words = phrase.match(WORD);
    if (words?.length) result.phrases.push(words.join(" "));
    return " ";
  });

  for (const raw of rest.split(/\s+/).filter(Boolean)) {
    const colon = raw.indexOf(":");
    if (colon > 0) {
      const key = raw.slice(0, colon).toLowerCase();
      const value = raw.slice(colon + 1);
      if ((key === "file" || key === "path") && value) {
        result.filePaths.push(value.replace(/^\.?\//, ""));
        continue;
      }
      if (FILTER_KEYS.has(key) && value) {
        result.filters[key as keyof ParsedQuery["filters"]] = value;
        continue;
      }
    }
    if (/^[0-9a-f]{7,40}$/i.test(raw)) result.shas.push(raw.toLowerCase());
    const words = raw.match(WORD);
    if (!words) {
      result.notes.push(`ignored "${raw}" (no letters or digits)`);
      continue;
    }
    result.terms.push(...words);
  }

  const parts = [
    ...result.phrases.map((p) => quote(p)),
    ...result.terms.map((t) => (t.length >= 2 ? `${quote(t)}*` : quote(t))),
  ];
  result.match = parts.length ? parts.join(" AND ") : null;
  return result;
}

const OPEN = "\u0002";
const CLOSE = "\u0003";
export const SNIPPET_MARKERS = { open: OPEN, close: CLOSE } as const;

export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** Split an FTS5 snippet (with our private markers) into parts; the text is never interpreted as HTML. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  let buffer = "";
  for (const ch of snippet) {
    if (ch === OPEN || ch === CLOSE) {
      if (buffer) parts.push({ text: buffer, mark });
      buffer = "";
      mark = ch === OPEN;
    } else buffer += ch;
  }
  if (buffer) parts.push({ text: buffer, mark });
  return parts;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Escape first, then mark: safe to inject. */
export function snippetHtml(snippet: string): string {
  return snippetParts(snippet)
    .map((p) => (p.mark ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text)))
    .join("");
}
