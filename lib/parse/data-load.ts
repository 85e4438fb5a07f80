/**
 * Reading a data checkpoint's text into plain data, in time linear in its size. JSON goes through `JSON.parse`
 * (its duplicate keys found by one pass over the text); YAML through the `yaml` package without its unique-key
 * option (that check compares each key with every earlier key of its mapping), duplicates found with a set.
 * Duplicate keys are a problem and the last value is used; any other error ends the read. What is read is then
 * bounded (DATA_MAX_ITEMS items of a list and keys of a mapping, DATA_MAX_DEPTH levels), so that all the work
 * after it is bounded too. Never throws.
 */
import { isMap, isScalar, LineCounter, parseDocument as parseYaml, visit } from "yaml";
import { keepNumberText } from "./yaml-numbers";
import { DATA_JSON_MAX_CHARS, DATA_MAX_ITEMS, DATA_YAML_MAX_CHARS, DUPLICATE_KEYS_LISTED, boundedText } from "./limits";

export interface Loaded {
  data: unknown;
  problems: string[];
}

/** Unreadable: why, and what else the reader has to say (the text was cut). */
export type LoadResult = Loaded | { failed: string; notes?: string[] };

/** Where the duplicate keys of a text are: every one counted, the lines of the first few kept. */
export class Duplicates {
  count = 0;
  readonly lines: Array<number | null> = [];

  add(line: number | null): void {
    this.count += 1;
    if (this.lines.length < DUPLICATE_KEYS_LISTED) this.lines.push(line);
  }

  /** One problem per listed key, then one saying how many more there are. */
  problems(): string[] {
    const out = this.lines.map((line) => `duplicate key${line ? ` at line ${line}` : ""}: the last value is used`);
    const more = this.count - this.lines.length;
    if (more > 0) out.push(`${more.toLocaleString("en")} more duplicate ${more === 1 ? "key" : "keys"}: the last value of each is used`);
    return out;
  }
}

/** The end of the JSON string that opens at `start` (the index after its closing quote). The text is valid JSON. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/**
 * The duplicate keys of a text `JSON.parse` accepted: one pass, each object's keys in a set. Keys are compared
 * as JSON reads them (`"a"` and `"\u0061"` are one key).
 */
export function jsonDuplicateKeys(text: string): Duplicates {
  const found = new Duplicates();
  // one entry per open bracket: the keys of an object so far, or null for an array
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 123 /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 91 /* [ */) {
      stack.push(null);
      expectKey = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      expectKey = stack[stack.length - 1] != null;
    } else if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end - 1);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
        const keys = stack[stack.length - 1]!;
        if (keys.has(key)) found.add(line);
        else keys.add(key);
        expectKey = false;
      }
      i = end - 1;
    }
  }
  return found;
}

function sizeText(chars: number): string {
  return `${Math.round(chars / 1024).toLocaleString("en")} KB`;
}

/** A line git writes around the two sides of a conflict (a merge, a stash pop). */
const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7})(?:\s.*)?$/m;

/**
 * A JSON text committed with git's conflict markers still in it: the marker lines dropped and the commas between
 * the sides put back, so that every variant's keys follow one another and the last (newest) of each is kept.
 */
function withoutConflictMarkers(source: string): string {
  const lines = source.split(/\r?\n/).filter((line) => !/^(?:<{7}|={7}|>{7})(?:\s.*)?$/.test(line));
  const out: string[] = [];
  for (const line of lines) {
    const prev = out.length - 1;
    // a value line with no comma followed by another key: the two sides' halves meet here
    if (prev >= 0 && /^\s*"/.test(line) && /["\d\]}el]\s*$/.test(out[prev]) && !/[,{[]\s*$/.test(out[prev])) out[prev] += ",";
    out.push(line);
  }
  return out.join("\n");
}

/** The text read as JSON, or why not (with the line `JSON.parse` stopped at, when it says). */
function loadJson(source: string): Loaded | { failed: string } {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : "");
    let line = 1;
    if (at) for (let i = source.indexOf("\n"); i >= 0 && i < Number(at[1]); i = source.indexOf("\n", i + 1)) line++;
    return { failed: `JSON is not valid${at ? ` at line ${line}` : ""}` };
  }
  return { data, problems: jsonDuplicateKeys(source).problems() };
}

function loadYaml(source: string, kind: "yaml" | "json"): LoadResult {
  const lines = new LineCounter();
  const doc = parseYaml(source, { uniqueKeys: false, prettyErrors: false, lineCounter: lines });
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
  if (doc.errors.length) {
    const line = lineOf(doc.errors[0].pos?.[0]);
    return { failed: `${kind === "json" ? "JSON" : "YAML"} is not valid${line ? ` at line ${line}` : ""}` };
  }
  const found = new Duplicates();
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      // keys compared as the yaml package compares them: the same node, or scalars of the same value
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (!seen.has(key)) seen.add(key);
        else found.add(lineOf(isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? null);
      }
    },
  });
  keepNumberText(doc);
  return { data: doc.toJS({ maxAliasCount: 100 }), problems: found.problems() };
}

/** Levels of nesting kept; values deeper down are left out (real checkpoints: three or four). */
const DATA_MAX_DEPTH = 12;

/** A copy of parsed data with every list and mapping cut to DATA_MAX_ITEMS, and what was cut, for a problem. */
function boundData(data: unknown): { data: unknown; cut: string | null } {
  const over: string[] = [];
  let more = 0;
  let deep = false;
  const note = (where: string, count: number, unit: string) => {
    if (over.length < 3) over.push(`${where}: ${count.toLocaleString("en")} ${unit}`);
    else more += 1;
  };
  const walk = (value: unknown, where: string, depth: number): unknown => {
    if (typeof value !== "object" || value === null) return value;
    if (depth >= DATA_MAX_DEPTH) {
      deep = true;
      return null;
    }
    if (Array.isArray(value)) {
      if (value.length > DATA_MAX_ITEMS) note(where, value.length, "items");
      return value.slice(0, DATA_MAX_ITEMS).map((item) => walk(item, where, depth + 1));
    }
    const out: Record<string, unknown> = {};
    let count = 0;
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      if (++count > DATA_MAX_ITEMS) continue;
      Object.defineProperty(out, key, { value: walk((value as Record<string, unknown>)[key], key, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    if (count > DATA_MAX_ITEMS) note(where, count, "keys");
    return out;
  };
  const bounded = walk(data, "the top level", 0);
  const parts = [
    over.length ? `only the first ${DATA_MAX_ITEMS.toLocaleString("en")} items of a list or keys of a mapping were read (${over.join("; ")}${more ? `; ${more} more` : ""})` : "",
    deep ? `values nested more than ${DATA_MAX_DEPTH} levels deep were left out` : "",
  ].filter(Boolean);
  return { data: bounded, cut: parts.length ? `data too large to read whole: ${parts.join("; ")}` : null };
}

function bounded(loaded: LoadResult): LoadResult {
  if ("failed" in loaded) return loaded;
  const { data, cut } = boundData(loaded.data);
  return { data, problems: cut ? [...loaded.problems, cut] : loaded.problems };
}

/**
 * Parse a data checkpoint. JSON is read whole up to DATA_JSON_MAX_CHARS (a cut JSON text cannot be read);
 * a file named .json that JSON does not accept is tried as YAML (of which JSON is a part), within the YAML limit.
 * YAML past DATA_YAML_MAX_CHARS is read up to the last whole line within it, with a problem saying so.
 */
export function loadData(source: string, kind: "yaml" | "json"): LoadResult {
  try {
    if (kind === "json") {
      if (source.length > DATA_JSON_MAX_CHARS) return { failed: `JSON too large to read: ${sizeText(source.length)}, at most ${sizeText(DATA_JSON_MAX_CHARS)} are parsed` };
      const json = loadJson(source);
      if (!("failed" in json)) return bounded(json);
      const merged = CONFLICT_MARKER.test(source) ? loadJson(withoutConflictMarkers(source)) : json;
      if (!("failed" in merged)) return bounded({ ...merged, problems: [...merged.problems, "git conflict markers in the file: read with the last value of each key"] });
      if (source.length > DATA_YAML_MAX_CHARS) return json;
    }
    const part = boundedText(source, DATA_YAML_MAX_CHARS);
    const loaded = bounded(loadYaml(part.text, kind));
    if (!part.cut) return loaded;
    if ("failed" in loaded) return { ...loaded, notes: [part.cut] };
    return { ...loaded, problems: [...loaded.problems, part.cut] };
  } catch (error) {
    return { failed: `could not be read as ${kind}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
}
