/**
 * Which items of a data checkpoint's task lists are one item written twice. Agents repeat an item of one list in
 * another in other words (`next_steps: Run the exporter against the staging dump`, `pending_tasks: Exporter
 * against staging dump`): an item whose words (stop words aside) are all among those of an item of another
 * list is that item. Within one list, items are the author's distinct items ("Write tests", "Write tests for
 * the parser") and only the same words in any order and case are one item.
 *
 * Found through an index of words, never by comparing every pair of items; the comparisons across lists have a
 * budget of work per document (real files use a few hundred steps), past which only the same words count.
 */

/** Words that do not tell one item from another ("Run the exporter" and "Exporter" are one step). */
const STOP = new Set(["a", "an", "the", "by", "to", "of", "and", "or", "for", "after", "before", "with", "in", "on", "at", "run"]);
/** Distinct words of one item that are compared (an item is a line, not a page). */
const MAX_WORDS = 64;
/** Steps of the comparisons across lists for one document. */
const WORK_BUDGET = 2_000_000;

/** An item's distinct words, lower case, stop words aside, sorted. */
export function itemWords(value: string): string[] {
  const words = new Set<string>();
  for (const raw of value.toLowerCase().split(/[^\p{L}\p{N}/:#.-]+/u)) {
    const word = raw.replace(/^[.:-]+|[.:-]+$/g, "");
    if (word && !STOP.has(word)) words.add(word);
    if (words.size >= MAX_WORDS) break;
  }
  return [...words].sort();
}

interface Kept {
  list: number;
  words: Set<string>;
}

export class ItemIndex {
  private readonly keys = new Set<string>();
  private readonly kept: Kept[] = [];
  /** For each word, the kept items that have it. */
  private readonly postings = new Map<string, number[]>();
  private work = 0;

  /** Does this item (of list number `list`) repeat one kept before? When it does not, it is kept. */
  repeats(text: string, list: number): boolean {
    const words = itemWords(text);
    // an item of stop words only is compared with nothing
    if (words.length === 0) return false;
    const key = words.join(" ");
    if (this.keys.has(key)) return true;
    if (this.work < WORK_BUDGET && this.repeatsAcrossLists(words, list)) return true;
    this.keys.add(key);
    const id = this.kept.push({ list, words: new Set(words) }) - 1;
    for (const word of words) {
      const posting = this.postings.get(word);
      if (posting) posting.push(id);
      else this.postings.set(word, [id]);
    }
    return false;
  }

  /** An item of another list whose words include all of these, or are all among them. */
  private repeatsAcrossLists(words: string[], list: number): boolean {
    // all of these words in an earlier item: look only at the items of the rarest of them
    let rarest: number[] | null = null;
    for (const word of words) {
      const posting = this.postings.get(word);
      if (!posting) {
        rarest = [];
        break;
      }
      if (!rarest || posting.length < rarest.length) rarest = posting;
    }
    for (const id of rarest ?? []) {
      const other = this.kept[id];
      this.work += words.length;
      if (other.list !== list && words.every((word) => other.words.has(word))) return true;
    }
    // all of an earlier item's words among these: count, for each earlier item, how many of its words are here
    const found = new Map<number, number>();
    for (const word of words) {
      for (const id of this.postings.get(word) ?? []) {
        this.work += 1;
        const count = (found.get(id) ?? 0) + 1;
        found.set(id, count);
        const other = this.kept[id];
        if (count === other.words.size && other.list !== list) return true;
      }
    }
    return false;
  }
}
