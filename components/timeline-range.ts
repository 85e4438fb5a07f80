/**
 * The span a save timeline shows by default. One save made months before the others would stretch
 * the axis until saves hours apart fall on the same pixel; so the saves far outside the busy span are
 * left off (and counted), when they are few. Pure, for the server component and its tests.
 */

const HOUR = 3_600_000;
/** A gap must be this many times the kept span (at least MIN_SPAN) to leave saves off. */
const GAP_FACTOR = 3;
const MIN_SPAN = 6 * HOUR;

export interface FocusRange {
  /** First and last time of the saves kept. */
  from: number;
  to: number;
  /** Saves left off before and after the span. */
  before: number;
  after: number;
}

/**
 * Trims outliers from either end, a group at a time: at the largest gap, the smaller side goes when
 * the gap is at least three times the rest's span (and six hours), as long as more than half of the
 * saves stay. Evenly spread saves, or two clusters of the same size, are kept whole.
 */
export function focusRange(times: readonly number[]): FocusRange | null {
  const t = times.filter(Number.isFinite).sort((a, b) => a - b);
  if (!t.length) return null;
  const minKeep = Math.max(2, Math.ceil(t.length / 2));
  let lo = 0;
  let hi = t.length - 1;
  while (hi - lo + 1 > minKeep) {
    let gapAt = lo;
    for (let i = lo; i < hi; i++) if (t[i + 1] - t[i] > t[gapAt + 1] - t[gapAt]) gapAt = i;
    const gap = t[gapAt + 1] - t[gapAt];
    const left = gapAt - lo + 1;
    const right = hi - gapAt;
    const count = hi - lo + 1;
    if (left < right && count - left >= minKeep && gap >= GAP_FACTOR * Math.max(t[hi] - t[gapAt + 1], MIN_SPAN)) lo = gapAt + 1;
    else if (right < left && count - right >= minKeep && gap >= GAP_FACTOR * Math.max(t[gapAt] - t[lo], MIN_SPAN)) hi = gapAt;
    else break;
  }
  return { from: t[lo], to: t[hi], before: lo, after: t.length - 1 - hi };
}
