/**
 * Walking a data checkpoint's parsed value: its keys (top level and one level down), the text of a value, the
 * items of its task lists. The value was bounded when it was read (lib/parse/data-load.ts); every step here is
 * linear in it.
 */
import type { ParsedTask } from "./types";
import { DATA_MAX_ITEMS, boundRuns } from "./limits";
import { normaliseStatus } from "./heuristics/status";
import { squash } from "./heuristics/text";
import { ItemIndex } from "./data-tasks";

export type Json = unknown;
export type Entry = { key: string; norm: string; value: Json; depth: number };

export const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

export function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Top-level keys, then one level of nested objects (`session.task_status`, `git_state.branch`). */
export function entries(data: Record<string, Json>): Entry[] {
  const out: Entry[] = [];
  for (const [key, value] of Object.entries(data)) out.push({ key, norm: norm(key), value, depth: 0 });
  for (const [key, value] of Object.entries(data)) {
    if (!isObject(value)) continue;
    for (const [inner, innerValue] of Object.entries(value)) out.push({ key: `${key}.${inner}`, norm: norm(inner), value: innerValue, depth: 1 });
  }
  return out;
}

/** A value as one line of text (runs of punctuation bounded, as the other families' text is), or null. */
export function text(value: Json): string | null {
  if (typeof value === "string") return squash(boundRuns(value)) || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

export function first(list: Entry[], keys: readonly string[], accept: (e: Entry) => boolean = () => true): Entry | null {
  for (const key of keys) {
    const hit = list.find((e) => e.norm === key && e.value !== null && e.value !== "" && accept(e));
    if (hit) return hit;
  }
  return null;
}

const ITEM_TEXT_KEYS = ["summary", "title", "task", "text", "description", "content", "name", "item", "action", "step"];

export function itemText(item: Json): string | null {
  if (isObject(item)) {
    const list = entries(item).filter((e) => e.depth === 0);
    const hit = first(list, ITEM_TEXT_KEYS, (e) => typeof e.value === "string");
    const label = text(item.id ?? null);
    return hit ? text(hit.value) : label;
  }
  return text(item);
}

function itemDone(item: Json): boolean {
  if (!isObject(item)) return false;
  for (const [key, value] of Object.entries(item)) {
    const k = norm(key);
    if ((k === "done" || k === "completed" || k === "checked" || k === "complete") && value === true) return true;
    if (k === "status" || k === "state") {
      const s = normaliseStatus(text(value));
      if (s?.status === "completed") return true;
    }
  }
  return false;
}

/** The items of the task lists (one list after another), at most DATA_MAX_ITEMS looked at, each kept once. */
export function readTasks(lists: Entry[]): ParsedTask[] | null {
  if (lists.length === 0) return null;
  const tasks: ParsedTask[] = [];
  const kept = new ItemIndex();
  let looked = 0;
  lists.forEach((entry, list) => {
    for (const item of entry.value as Json[]) {
      if (++looked > DATA_MAX_ITEMS) return;
      const t = itemText(item);
      if (!t || kept.repeats(t, list)) continue;
      const done = itemDone(item);
      tasks.push({ text: t, done, state: done ? "done" : "open" });
    }
  });
  return tasks.length ? tasks : null;
}

export function asLines(value: Json): string {
  if (Array.isArray(value)) return value.map((item) => itemText(item)).filter(Boolean).map((t) => `- ${t}`).join("\n");
  if (isObject(value)) return Object.entries(value).map(([k, v]) => `- ${k}: ${text(v) ?? JSON.stringify(v)}`).join("\n");
  return text(value) ?? "";
}
