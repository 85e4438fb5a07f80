/** Every real file of ../shared/corpus through the registry: nothing throws, titles and dates are found. */
import { describe, expect, it } from "vitest";
import { dateFromPath, parseDateText } from "../../lib/parse/heuristics/dates";
import { companionsFor, parseDocument, parsersFor } from "../../lib/parse/registry";
import type { ParseResult } from "../../lib/parse/types";
import { companionTexts, CORPUS_DIR, corpusAvailable, readCorpusFile, readManifest, type CorpusEntry } from "./corpus-files";

const CHECKPOINT_LABELS = new Set(["handoff-md", "last-session", "session-state", "prompt-md", "frontmatter-md", "other-checkpoint-md", "jacked-html"]);
const REQUIRED_RATIO = 0.95;
/** Regression floor over every labelled file, including those with no date at all (see the printed list). */
const OVERALL_FLOOR = 0.8;

interface Outcome {
  entry: CorpusEntry;
  text: string;
  format: string | null;
  result: ParseResult;
}

function parseAll(): Outcome[] {
  const entries = readManifest();
  return entries.map((entry) => {
    const text = readCorpusFile(entry);
    const companions = companionTexts(entry, entries, companionsFor(entry.path));
    const result = parseDocument({ path: entry.path, text, companions });
    return { entry, text, format: result.document?.format ?? null, result };
  });
}

/** Does the file carry any date at all, in its text or its name? */
const carriesDate = (o: Outcome) => !!dateFromPath(o.entry.path) || !!parseDateText(o.text);
const hasTitleAndDate = (o: Outcome) => !!o.result.document?.title && !!o.result.document?.savedAt;
const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : "-");

function coverageTable(outcomes: Outcome[]): string {
  const labels = [...new Set(outcomes.map((o) => o.entry.label))].sort();
  const rows = [["label", "files", "parsed", "title", "date", "branch", "status", "tasks", "sections"]];
  for (const label of labels) {
    const group = outcomes.filter((o) => o.entry.label === label);
    const docs = group.map((o) => o.result.document);
    const count = (f: (d: NonNullable<(typeof docs)[number]>) => boolean) => docs.filter((d) => d && f(d)).length;
    rows.push([
      label,
      String(group.length),
      pct(count(() => true), group.length),
      pct(count((d) => !!d.title), group.length),
      pct(count((d) => !!d.savedAt), group.length),
      pct(count((d) => !!d.branch), group.length),
      pct(count((d) => !!d.status), group.length),
      pct(count((d) => !!d.tasks && d.tasks.length > 0), group.length),
      pct(count((d) => d.sections.some((s) => s.canonical)), group.length),
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join("  ")).join("\n");
}

function whyMissing(o: Outcome): string {
  if (!parsersFor(o.entry.path).length) return "no parser claims this path";
  if (!o.result.document) return o.result.problems.join("; ");
  if (!carriesDate(o)) return "no date anywhere in the file or its name (the indexer falls back to the commit time)";
  return `title=${o.result.document.title ? "yes" : "no"} date=${o.result.document.savedAt ? "yes" : "no"}`;
}

if (!corpusAvailable()) {
  console.log(`[corpus] ${CORPUS_DIR} not found: the corpus suite is skipped.`);
  describe("corpus", () => {
    it.skip(`corpus folder ${CORPUS_DIR} is absent`, () => {});
  });
} else {
  describe("corpus", () => {
    const outcomes = parseAll();

    it("parses every file without throwing", () => {
      const failures = outcomes.filter((o) => o.result.problems.some((p) => p.includes("parser failed")));
      expect(failures.map((f) => `${f.entry.localFile}: ${f.result.problems.join("; ")}`)).toEqual([]);
    });

    it("returns no document for files no parser claims (skill definitions, templates, sidecars)", () => {
      for (const o of outcomes.filter((x) => parsersFor(x.entry.path).length === 0)) expect(o.result.document).toBeNull();
    });

    it(`finds a title and a date in >= ${REQUIRED_RATIO * 100}% of the checkpoint files that carry a date`, () => {
      const checkpoints = outcomes.filter((o) => CHECKPOINT_LABELS.has(o.entry.label));
      // Read by a parser and carrying a date somewhere (text or name): what honest heuristics can reach.
      const reachable = checkpoints.filter((o) => o.result.document && carriesDate(o));
      const found = checkpoints.filter(hasTitleAndDate);
      const reachableFound = reachable.filter(hasTitleAndDate);
      const misses = checkpoints.filter((o) => !hasTitleAndDate(o));
      console.log(`\n[corpus] coverage per label (share of the label's files)\n${coverageTable(outcomes)}\n`);
      console.log(
        `[corpus] title+date: ${found.length}/${checkpoints.length} of all checkpoint-labelled files (${pct(found.length, checkpoints.length)}); ` +
          `${reachableFound.length}/${reachable.length} of those read and carrying a date (${pct(reachableFound.length, reachable.length)})` +
          (misses.length ? `\n[corpus] missing:\n${misses.map((m) => `  - ${m.entry.localFile} (${m.format ?? "-"}): ${whyMissing(m)}`).join("\n")}` : ""),
      );
      expect(reachableFound.length / reachable.length).toBeGreaterThanOrEqual(REQUIRED_RATIO);
      expect(found.length / checkpoints.length).toBeGreaterThanOrEqual(OVERALL_FLOOR);
    });
  });
}
