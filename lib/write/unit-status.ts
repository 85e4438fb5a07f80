import "server-only";
/**
 * Where a convention unit keeps its own status, in bytes, so that Complete changes that value alone:
 * - a Markdown label line (Spec Kit's `**Status**: Draft`, translated labels too): the value after the label;
 * - a top-level JSON key (Conductor's metadata.json `"status": "new"`): the string value, without its quotes.
 * Everything else in the file stays byte for byte.
 */
import { STATUS_LABEL, labelValue } from "../parse/conventions/labels";
import type { UnitMeta } from "../parse/conventions/unit";
import type { ByteRange, Located } from "./status-edit";

function decode(bytes: Buffer): string | null {
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? text : null;
}

function byteRange(text: string, start: number, end: number): ByteRange {
  const byteStart = Buffer.byteLength(text.slice(0, start), "utf8");
  return { start: byteStart, end: byteStart + Buffer.byteLength(text.slice(start, end), "utf8"), value: text.slice(start, end) };
}

function locateLabel(text: string): Located {
  const found = labelValue(text, STATUS_LABEL);
  if (!found) return { ok: false, reason: "no Status line near the top of the file" };
  let offset = 0;
  const lines = text.split("\n");
  for (let i = 0; i < found.line - 1; i++) offset += lines[i].length + 1;
  let [start, end] = [offset + found.span[0], offset + found.span[1]];
  // keep the value's own marks: `Draft`, **Draft**, "Draft"
  for (const mark of ["**", "__", "`", '"', "'"]) {
    if (text.startsWith(mark, start) && text.slice(start, end).endsWith(mark) && end - start > mark.length * 2) {
      start += mark.length;
      end -= mark.length;
    }
  }
  if (/[\r\n]/.test(text.slice(start, end))) return { ok: false, reason: "the Status line is written in a way Cairn cannot edit safely" };
  return { ok: true, ranges: [byteRange(text, start, end)] };
}

/** The string value of a top-level key of a JSON object, found by reading the text (strings and nesting respected). */
function locateJsonKey(text: string, key: string): Located {
  try {
    const data = JSON.parse(text) as unknown;
    if (!data || typeof data !== "object" || Array.isArray(data) || typeof (data as Record<string, unknown>)[key] !== "string") {
      return { ok: false, reason: `${key} is not a string at the top of the JSON object` };
    }
  } catch {
    return { ok: false, reason: "the file is not valid JSON" };
  }
  let depth = 0;
  let found: ByteRange | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return { ok: false, reason: "the file is not valid JSON" };
      const isKey = /^\s*:/.test(text.slice(end + 1, end + 64));
      if (depth === 1 && isKey && JSON.parse(text.slice(i, end + 1)) === key) {
        const colon = text.indexOf(":", end + 1);
        const q = text.slice(colon + 1).search(/\S/) + colon + 1;
        if (text[q] !== '"') return { ok: false, reason: `${key} is not a string` };
        const close = stringEnd(text, q);
        // the last one wins, as JSON.parse reads it
        found = byteRange(text, q + 1, close);
        i = close;
        continue;
      }
      i = end;
    }
  }
  if (!found) return { ok: false, reason: `no top-level ${key}` };
  if (/\\/.test(found.value)) return { ok: false, reason: `the ${key} value has escapes Cairn does not rewrite` };
  return { ok: true, ranges: [found] };
}

function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** Find the unit's status value in its status file's bytes. */
export function locateUnitStatus(bytes: Buffer, field: NonNullable<UnitMeta["statusField"]>): Located {
  const text = decode(bytes);
  if (text === null) return { ok: false, reason: "the file is not valid UTF-8" };
  return field.kind === "markdown-label" ? locateLabel(text) : locateJsonKey(text, field.key);
}
