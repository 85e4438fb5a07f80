/**
 * Small answers: every list is cut to a page size and a byte budget, and continues with a cursor.
 * Pure: no database, no SDK.
 */
import { createHash } from "node:crypto";
import { ToolInputError } from "./errors";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The most a tool answer's structured items may weigh (JSON bytes); the text rendering stays well below. */
export const BYTE_BUDGET = 48 * 1024;
/** The most one long text (a section, a prompt, a resource) may weigh. */
export const TEXT_BUDGET = 24 * 1024;

function keyOf(scope: unknown): string {
  return createHash("sha256").update(JSON.stringify(scope)).digest("hex").slice(0, 12);
}

/** An opaque cursor: the offset of the next item, bound to the request it continues. */
export function encodeCursor(offset: number, scope: unknown): string {
  return Buffer.from(JSON.stringify({ o: offset, k: keyOf(scope) }), "utf8").toString("base64url");
}

/** The offset a cursor points at (0 without one); a cursor of another request is refused. */
export function decodeCursor(cursor: string | undefined, scope: unknown): number {
  if (!cursor) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new ToolInputError("The cursor is not one Cairn gave: call again without a cursor to start from the first page.");
  }
  const { o, k } = (parsed ?? {}) as { o?: unknown; k?: unknown };
  if (typeof o !== "number" || !Number.isInteger(o) || o < 0 || typeof k !== "string") {
    throw new ToolInputError("The cursor is not one Cairn gave: call again without a cursor to start from the first page.");
  }
  if (k !== keyOf(scope)) throw new ToolInputError("The cursor belongs to another request: pass the same arguments as the call that returned it.");
  return o;
}

export interface Paged<T> {
  items: T[];
  /** Items matching in all. */
  total: number;
  offset: number;
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** True when the byte budget, not the page size, ended the page. */
  cutByBudget: boolean;
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

/**
 * Items `offset..` up to `limit` and the byte budget (at least one item, so a page always moves on).
 * `total` counts the items that match in all; `items` may be the page alone when `pageStart` says where it starts.
 */
export function fitPage<T>(
  items: readonly T[],
  options: { offset: number; limit: number; total: number; scope: unknown; budget?: number; pageStart?: number },
): Paged<T> {
  const budget = options.budget ?? BYTE_BUDGET;
  const start = options.offset - (options.pageStart ?? 0);
  const out: T[] = [];
  let used = 2;
  let cutByBudget = false;
  for (let i = start; i < items.length && out.length < options.limit; i++) {
    const size = jsonBytes(items[i]) + 1;
    if (out.length > 0 && used + size > budget) {
      cutByBudget = true;
      break;
    }
    out.push(items[i]);
    used += size;
  }
  const next = options.offset + out.length;
  return {
    items: out,
    total: options.total,
    offset: options.offset,
    nextCursor: next < options.total && out.length > 0 ? encodeCursor(next, options.scope) : null,
    cutByBudget,
  };
}

/** A long text cut at a line end within the budget, saying so. */
export function clipText(text: string, budget = TEXT_BUDGET, more = "the rest is left out"): { text: string; clipped: boolean } {
  if (Buffer.byteLength(text, "utf8") <= budget) return { text, clipped: false };
  let cut = Buffer.from(text, "utf8").subarray(0, budget).toString("utf8").replace(/\uFFFD$/, "");
  const lineEnd = cut.lastIndexOf("\n");
  if (lineEnd > budget / 2) cut = cut.slice(0, lineEnd);
  return { text: `${cut}\n… (${more})`, clipped: true };
}

/** "Showing 1-20 of 143; pass cursor … for more." */
export function pageLine(page: Paged<unknown>, noun: string): string {
  if (page.total === 0) return `No ${noun}.`;
  const range = page.items.length ? `${page.offset + 1}-${page.offset + page.items.length}` : "none";
  const more = page.nextCursor ? ` More: call again with cursor "${page.nextCursor}".` : "";
  const why = page.cutByBudget ? " (page cut to keep the answer small)" : "";
  return `${page.total} ${noun}; showing ${range}${why}.${more}`;
}
