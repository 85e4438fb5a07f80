/**
 * Pure comparison of two checkpoints (A, then B): tasks matched by normalised text, sections by
 * canonical name or heading, and which pair to show when the URL names one or none.
 */

export interface TaskLike {
  text: string;
  done: boolean;
}

export interface SectionLike {
  canonical: string | null;
  heading: string;
  /** Heading level; the document's own title (level 1) is not a section worth comparing. */
  level?: number;
  /** The section's text, to say what changed inside a section both have. */
  text?: string;
}

export interface SectionChange {
  heading: string;
  /** Lines in B, not in A. */
  added: string[];
  /** Lines in A, not in B. */
  removed: string[];
}

export interface TaskComparison {
  /** Open in A, done in B. */
  newlyDone: TaskLike[];
  /** Done in A, open again in B. */
  reopened: TaskLike[];
  /** In B only (with B's state). */
  added: TaskLike[];
  /** In A only (with A's state). */
  dropped: TaskLike[];
  /** In both, same state. */
  unchanged: number;
}

export interface SectionComparison {
  added: SectionLike[];
  removed: SectionLike[];
  kept: number;
  /** Sections in both whose text differs, line by line (order aside). */
  changed: SectionChange[];
}

const LINE_CAP = 40;

/** The non-empty lines of a section, normalised for comparison, each with the text to show. */
function lines(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of (text ?? "").split(/\r?\n/)) {
    const key = normaliseTaskText(raw);
    if (key) out.set(key, raw.trim().replace(/^(?:[-*+•]|\d+[.)])\s+/, ""));
  }
  return out;
}

/** What changed inside a section both checkpoints have: the lines added and removed (at most LINE_CAP each). */
export function sectionTextChange(a: SectionLike, b: SectionLike): SectionChange | null {
  const before = lines(a.text);
  const after = lines(b.text);
  const added = [...after].filter(([key]) => !before.has(key)).map(([, line]) => line);
  const removed = [...before].filter(([key]) => !after.has(key)).map(([, line]) => line);
  if (added.length === 0 && removed.length === 0) return null;
  return { heading: b.heading, added: added.slice(0, LINE_CAP), removed: removed.slice(0, LINE_CAP) };
}

/** Case, markup, spacing and trailing punctuation do not make a task different. */
export function normaliseTaskText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[*_`~]/g, "")
    .replace(/^\s*(?:[-+•]|\d+[.)])\s+/, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.;:,!]+$/, "")
    .trim();
}

function byText<T extends TaskLike>(list: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const task of list) {
    const key = normaliseTaskText(task.text);
    if (!key) continue;
    const seen = map.get(key);
    // the same task written twice counts as done when either copy is done
    if (!seen || (task.done && !seen.done)) map.set(key, task);
  }
  return map;
}

export function compareTasks(a: readonly TaskLike[], b: readonly TaskLike[]): TaskComparison {
  const before = byText(a);
  const after = byText(b);
  const result: TaskComparison = { newlyDone: [], reopened: [], added: [], dropped: [], unchanged: 0 };
  for (const [key, task] of after) {
    const old = before.get(key);
    if (!old) result.added.push(task);
    else if (!old.done && task.done) result.newlyDone.push(task);
    else if (old.done && !task.done) result.reopened.push(task);
    else result.unchanged += 1;
  }
  for (const [key, task] of before) if (!after.has(key)) result.dropped.push(task);
  return result;
}

function sectionKey(section: SectionLike): string {
  return section.canonical?.trim() || `heading:${normaliseTaskText(section.heading)}`;
}

export function compareSections(a: readonly SectionLike[], b: readonly SectionLike[]): SectionComparison {
  const keep = (s: SectionLike) => s.level !== 1 || s.canonical !== null;
  const before = new Map(a.filter(keep).map((s) => [sectionKey(s), s]));
  const after = new Map(b.filter(keep).map((s) => [sectionKey(s), s]));
  return {
    added: [...after].filter(([key]) => !before.has(key)).map(([, s]) => s),
    removed: [...before].filter(([key]) => !after.has(key)).map(([, s]) => s),
    kept: [...after.keys()].filter((key) => before.has(key)).length,
    changed: [...after].flatMap(([key, s]) => {
      const old = before.get(key);
      const change = old ? sectionTextChange(old, s) : null;
      return change ? [change] : [];
    }),
  };
}

/**
 * The pair to compare when the URL names fewer than two: B defaults to the newest checkpoint, A to the
 * previous save of B's lineage (the same task saved before), else the one saved just before B. `ids` is
 * newest first. Null when no pair can be made.
 */
export function defaultPair(ids: readonly string[], a?: string, b?: string, lineageOf: (id: string) => string | null = () => null): { a: string; b: string } | null {
  const known = (id: string | undefined) => (id && ids.includes(id) ? id : undefined);
  const wantA = known(a);
  let wantB = known(b);
  if (!wantB) wantB = ids.find((id) => id !== wantA);
  if (!wantB) return null;
  const bIndex = ids.indexOf(wantB);
  const lineage = lineageOf(wantB);
  const previousSave = lineage ? ids.slice(bIndex + 1).find((id) => lineageOf(id) === lineage) : undefined;
  const pickA = wantA ?? previousSave ?? ids[bIndex + 1] ?? ids.find((id) => id !== wantB);
  return pickA ? { a: pickA, b: wantB } : null;
}
