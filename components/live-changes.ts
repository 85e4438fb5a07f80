/**
 * What a live refresh changed on the page, so it can be pointed out instead of shifting silently.
 * Before the refresh the page's identifiable pieces (its heading, a checkpoint's header, table rows, list
 * items, anything with `data-live-key`) are fingerprinted by key; afterwards the pieces whose text
 * changed, or that are new, are marked with `data-live-updated` (app/globals.css draws the cue).
 * Browser only; no React state: the marks are attributes React does not manage, removed after a while.
 */

export interface LiveSnapshot {
  /** The page the snapshot was taken on: a navigation meanwhile makes it moot. */
  href: string;
  entries: Map<string, string>;
}

/** The pieces of a page that can be told apart by a key, inside the main content (not the header nav or breadcrumbs). */
const PIECES = ["[data-live-key]", "h1", "header", "tbody > tr", "li"].join(", ");
/** Skipped: navigation (breadcrumbs), live regions, hidden templates. */
const SKIP = "nav, [aria-live], template, [hidden]";
/** At most this many pieces are marked at once (a re-index that touched everything is one cue per visible piece, not thousands). */
const MAX_MARKED = 60;

const RELATIVE = /\b(?:\d+|an?) (?:second|minute|hour|day|month|year)s?(?: ago)?\b|\bin \d+ (?:second|minute|hour|day|month|year)s?\b/g;

/** The text a reader sees, with times by their machine value (a "3 minutes ago" that ticks over is no change). */
export function fingerprint(el: Element): string {
  let out = "";
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) out += child.textContent ?? "";
      else if (child instanceof Element) {
        if (child.matches("[aria-live], svg, script, style")) continue;
        if (child.tagName === "TIME") out += `[${child.getAttribute("datetime") ?? ""}]`;
        else walk(child);
      }
    }
  };
  walk(el);
  return out.replace(RELATIVE, "(when)").replace(/\s+/g, " ").trim();
}

function baseKey(el: Element): string {
  const explicit = el.getAttribute("data-live-key");
  if (explicit) return `key:${explicit}`;
  if (el.tagName === "H1") return "h1";
  if (el.tagName === "HEADER") return "header";
  const link = el.querySelector("a[href]");
  const tag = el.tagName.toLowerCase();
  if (link) return `${tag}:${link.getAttribute("href")}`;
  // a row or item without a link is known by its first cell or its own text: an edit makes it a new one
  const first = tag === "tr" ? el.querySelector("td, th") : el;
  return `${tag}:${fingerprint(first ?? el).slice(0, 120)}`;
}

function pieces(root: ParentNode): Map<string, Element> {
  const found = new Map<string, Element>();
  const seen = new Map<string, number>();
  const main = (root as Document).getElementById?.("main") ?? root;
  for (const el of main.querySelectorAll(PIECES)) {
    if (el.closest(SKIP)) continue;
    const base = baseKey(el);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.set(n === 0 ? base : `${base}#${n}`, el);
  }
  return found;
}

export function takeSnapshot(root: Document = document): LiveSnapshot {
  const entries = new Map<string, string>();
  for (const [key, el] of pieces(root)) entries.set(key, fingerprint(el));
  return { href: root.location?.href ?? "", entries };
}

/** The innermost pieces that changed or appeared since the snapshot (a header whose title changed: the title). */
export function changedSince(before: LiveSnapshot, root: Document = document): Element[] {
  if (before.href !== (root.location?.href ?? "")) return [];
  const changed: Element[] = [];
  for (const [key, el] of pieces(root)) {
    const was = before.entries.get(key);
    if (was === undefined ? before.entries.size > 0 : was !== fingerprint(el)) changed.push(el);
  }
  return changed.filter((el) => !changed.some((other) => other !== el && el.contains(other))).slice(0, MAX_MARKED);
}

/** Marks the pieces for `ms` (the cue fades in CSS meanwhile); returns a function that removes the marks early. */
export function markUpdated(elements: readonly Element[], ms: number): () => void {
  const stamp = String(Date.now());
  for (const el of elements) el.setAttribute("data-live-updated", stamp);
  const clear = () => {
    for (const el of elements) if (el.getAttribute("data-live-updated") === stamp) el.removeAttribute("data-live-updated");
  };
  const timer = setTimeout(clear, ms);
  return () => {
    clearTimeout(timer);
    clear();
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What to announce: "the title (New title)", "2 rows", "1 list item", "the header". */
export function describeChanges(elements: readonly Element[]): string {
  const parts: string[] = [];
  const title = elements.find((el) => el.tagName === "H1");
  if (title) parts.push(`the title (${fingerprint(title).slice(0, 80)})`);
  if (elements.some((el) => el.tagName === "HEADER")) parts.push("the header");
  const rows = elements.filter((el) => el.tagName === "TR").length;
  if (rows) parts.push(count(rows, "row", "rows"));
  const items = elements.filter((el) => el.tagName === "LI").length;
  if (items) parts.push(count(items, "list item", "list items"));
  const other = elements.filter((el) => !["H1", "HEADER", "TR", "LI"].includes(el.tagName)).length;
  if (other) parts.push(count(other, "section", "sections"));
  return parts.join(", ");
}
