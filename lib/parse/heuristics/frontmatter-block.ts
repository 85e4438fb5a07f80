/** Splitting and reading a `---` frontmatter block. YAML only through the `yaml` package; never evaluated code. */
import { parseDocument, isMap, isScalar, type Document } from "yaml";
import { keepNumberText } from "../yaml-numbers";

export interface FrontmatterBlock {
  /** Parsed YAML (plain data), or null when absent or unreadable. */
  data: Record<string, unknown> | null;
  /** The block as written, without its fences. */
  raw: string | null;
  /** The language after the opening fence (`---js`), lower-cased; "" for plain `---`. */
  language: string;
  /** Markdown after the block. */
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  problems: string[];
}

const OPEN = /^---([A-Za-z]*)[ \t]*$/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/;

function looksLikeYaml(lines: string[]): boolean {
  const first = lines.find((l) => l.trim() && !l.trim().startsWith("#"));
  return first === undefined || /^[\w"'$@.\u00C0-\uFFFF-][^:]*:(\s|$)|^- |^\{/.test(first.trim());
}

/** Does the text open with a frontmatter fence? */
export function startsWithFrontmatter(text: string): boolean {
  return OPEN.test(text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "");
}

function duplicateKeyProblems(doc: Document.Parsed): string[] {
  const seen = new Map<string, number>();
  const contents = doc.contents;
  if (!isMap(contents)) return [];
  for (const item of contents.items) {
    const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `frontmatter key "${key}" appears ${n} times (last one kept)`);
}

/** Split a normalised (LF, no BOM) text into frontmatter and body. Never throws. */
export function readFrontmatter(text: string): FrontmatterBlock {
  const lines = text.split("\n");
  const open = OPEN.exec(lines[0] ?? "");
  const none: FrontmatterBlock = { data: null, raw: null, language: "", body: text, bodyLine: 1, problems: [] };
  if (!open) return none;
  const end = lines.findIndex((l, i) => i > 0 && CLOSE.test(l));
  const language = open[1].toLowerCase();
  if (end < 0 || (!language && !looksLikeYaml(lines.slice(1, end)))) {
    return { ...none, body: lines.slice(1).join("\n"), bodyLine: 2, problems: ["file starts with '---' but the frontmatter is never closed"] };
  }
  const raw = lines.slice(1, end).join("\n");
  const block: FrontmatterBlock = { data: null, raw, language, body: lines.slice(end + 1).join("\n"), bodyLine: end + 2, problems: [] };
  if (language && language !== "yaml" && language !== "yml") {
    block.problems.push(`${language} frontmatter is not read (only YAML is; it was kept as text, never evaluated)`);
    return block;
  }
  try {
    const doc = parseDocument(raw, { uniqueKeys: false, prettyErrors: false, strict: false });
    block.problems.push(...duplicateKeyProblems(doc));
    const error = doc.errors[0];
    if (error) {
      const offset = Math.min(error.pos?.[0] ?? 0, raw.length);
      const line = raw.slice(0, offset).split("\n").length + 1; // +1: the opening fence

      block.problems.push(`frontmatter is not valid YAML at line ${line}`);
      return block;
    }
    keepNumberText(doc);
    const data = doc.toJS({ maxAliasCount: 50 }) as unknown;
    if (data === null || data === undefined) block.data = {};
    else if (typeof data === "object" && !Array.isArray(data)) block.data = data as Record<string, unknown>;
    else block.problems.push("frontmatter is not a key/value map");
  } catch (error) {
    block.problems.push(`frontmatter is not valid YAML (${error instanceof Error ? error.message.split("\n")[0] : "unreadable"})`);
  }
  return block;
}

/** A frontmatter value as a trimmed string (numbers included), or null. */
export function fmString(data: Record<string, unknown> | null, ...keys: string[]): string | null {
  if (!data) return null;
  for (const key of keys) {
    const value = data[key];
    if (typeof value === "string" && value.trim()) return value.trim();
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  }
  return null;
}

/** A frontmatter value as a list of strings (YAML list, or a `;`/`,` separated string). */
export function fmList(data: Record<string, unknown> | null, key: string): string[] {
  const value = data?.[key];
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === "string") return value.split(/[;,\n]/).map((s) => s.trim()).filter(Boolean);
  return [];
}

/** Nested `metadata:` maps (a schema drift seen in the wild) merged over the top level. */
export function flattenFrontmatter(data: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!data) return null;
  const nested = data.metadata;
  if (nested && typeof nested === "object" && !Array.isArray(nested)) return { ...data, ...(nested as Record<string, unknown>) };
  return data;
}
