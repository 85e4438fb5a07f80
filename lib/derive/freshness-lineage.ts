/**
 * Lineage: saves of the same piece of work. Two saves share a lineage when they share any of these
 * keys: the `jacked:checkpoint` slug, the file (one overwritten in place), the file-name stem without
 * its timestamp, or the title once part/step numbers and dates are removed. Pure, no git, no DB.
 */

export interface LineageInput {
  id: string;
  path: string;
  format: string;
  title: string | null;
  savedAt: string | null;
  /** `jacked:checkpoint`, when the file names the checkpoint it belongs to. */
  checkpointSlug: string | null;
}

const TIMESTAMP_PARTS = [
  /\d{4}-\d{2}-\d{2}[-_T ]?\d{4,6}/g, // 2026-11-05-120000
  /\d{8}[-_T]?\d{4,6}/g, // 20261105-120000
  /\d{4}-\d{2}-\d{2}/g,
  /\d{8}/g,
];

/** Words that name no piece of work on their own. */
const GENERIC = new Set(["", "checkpoint", "checkpoints", "handoff", "session", "last session", "latest", "notes", "wip", "untitled", "save", "progress", "state"]);

function stripTimestamps(text: string): string {
  let out = text;
  for (const pattern of TIMESTAMP_PARTS) out = out.replace(pattern, " ");
  return out;
}

function tidy(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

/** "Rate limiter (part 2)" and "Rate limiter — step 3, 2026-11-05" read the same. */
export function normaliseTitle(title: string): string {
  const withoutDates = stripTimestamps(title).replace(/\b\d{1,2}:\d{2}\b/g, " ");
  const withoutSteps = withoutDates
    .replace(/\b(?:part|step|phase|session|day|round|pass|iteration|v)\s*#?\s*\d+[a-z]?\b/gi, " ")
    .replace(/\(\s*\d+\s*\)|#\d+\b/g, " ");
  return tidy(withoutSteps.replace(/^\s*(?:checkpoint|handoff)\s*:\s*/i, ""));
}

/** The file-name stem without its timestamps and extension, or "" when nothing is left. */
export function fileStemKey(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.[a-z0-9]+$/i, "");
  return tidy(stripTimestamps(base));
}

function keysOf(input: LineageInput): string[] {
  const keys = [`file:${input.path}`];
  const folder = input.path.slice(0, input.path.lastIndexOf("/") + 1);
  if (input.checkpointSlug?.trim()) keys.push(`slug:${tidy(input.checkpointSlug)}`);
  const stem = fileStemKey(input.path);
  if (stem && !GENERIC.has(stem)) keys.push(`stem:${folder}${stem}`);
  // an HTML checkpoint's own slug is its stem: it joins a research file's jacked:checkpoint
  if (input.format === "html" && stem) keys.push(`slug:${stem}`);
  const title = input.title ? normaliseTitle(input.title) : "";
  if (title && !GENERIC.has(title) && title.includes(" ")) keys.push(`title:${title}`);
  return keys;
}

/**
 * The lineage of every save (a stable key shared by the whole group) and, for each, the next save
 * of its lineage by save time (null for the newest).
 */
export function computeLineage(inputs: readonly LineageInput[]): Map<string, { lineage: string; supersededBy: string | null }> {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    let current = key;
    while (current !== root) {
      const next = parent.get(current) as string;
      parent.set(current, root);
      current = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    // the smaller key wins: the lineage does not depend on the order rows come in
    if (ra !== rb) (ra < rb ? parent.set(rb, ra) : parent.set(ra, rb));
  };
  const keysById = new Map<string, string[]>();
  for (const input of inputs) {
    const keys = keysOf(input);
    keysById.set(input.id, keys);
    for (const key of keys) if (!parent.has(key)) parent.set(key, key);
    for (const key of keys.slice(1)) union(keys[0] as string, key);
  }
  // a group is named by its most telling key: a slug, else a stem, else a title, else the file
  const members = new Map<string, LineageInput[]>();
  const allKeys = new Map<string, string[]>();
  for (const input of inputs) {
    const root = find((keysById.get(input.id) as string[])[0] as string);
    members.set(root, [...(members.get(root) ?? []), input]);
    allKeys.set(root, [...(allKeys.get(root) ?? []), ...(keysById.get(input.id) as string[])]);
  }
  const result = new Map<string, { lineage: string; supersededBy: string | null }>();
  for (const [root, group] of members) {
    const keys = [...new Set(allKeys.get(root))].sort();
    const name = ["slug:", "stem:", "title:", "file:"].map((prefix) => keys.find((key) => key.startsWith(prefix))).find(Boolean) ?? root;
    const ordered = [...group].sort((a, b) => (a.savedAt ?? "").localeCompare(b.savedAt ?? "") || a.id.localeCompare(b.id));
    ordered.forEach((input, index) => {
      // the next save made strictly later (a worktree copy and a branch copy of one save supersede nothing)
      const next = input.savedAt === null ? undefined : ordered.slice(index + 1).find((other) => other.savedAt !== null && other.savedAt > (input.savedAt as string));
      result.set(input.id, { lineage: name, supersededBy: next?.id ?? null });
    });
  }
  return result;
}
