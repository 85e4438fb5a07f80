/** Every real file of ../shared/corpus through the registry: nothing throws, titles and dates are found. */
import { describe, expect, it } from "vitest";
import { companionsFor, parseDocument, parsersFor } from "../../lib/parse/registry";
import type { ParseResult } from "../../lib/parse/types";
import { companionTexts, CORPUS_DIR, corpusAvailable, readCorpusFile, readManifest, type CorpusEntry } from "./corpus-files";

const CHECKPOINT_LABELS = new Set(["handoff-md", "last-session", "session-state", "prompt-md", "frontmatter-md", "other-checkpoint-md", "jacked-html"]);
const REQUIRED_RATIO = 0.95;

interface Outcome {
  entry: CorpusEntry;
  format: string | null;
  result: ParseResult;
}

function parseAll(): Outcome[] {
  const entries = readManifest();
  return entries.map((entry) => {
    const text = readCorpusFile(entry);
    const companions = companionTexts(entry, entries, companionsFor(entry.path));
    const result = parseDocument({ path: entry.path, text, companions });
    return { entry, format: result.document?.format ?? null, result };
  });
}

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

if (!corpusAvailable()) {
  describe("corpus", () => {
    it.skip(`corpus folder ${CORPUS_DIR} is absent: skipped`, () => {});
  });
  console.log(`[corpus] ${CORPUS_DIR} not found: the corpus suite is skipped.`);
} else {
  describe("corpus", () => {
    const outcomes = parseAll();

    it("parses every file without throwing", () => {
      const failures = outcomes.filter((o) => o.result.problems.some((p) => p.includes("parser failed")));
      expect(failures.map((f) => `${f.entry.localFile}: ${f.result.problems.join("; ")}`)).toEqual([]);
    });

    it("files no parser claims (skill definitions, templates) do not throw either", () => {
      for (const o of outcomes.filter((x) => parsersFor(x.entry.path).length === 0)) {
        expect(o.result.document).toBeNull();
      }
    });

    it(`finds a title and a date in >= ${REQUIRED_RATIO * 100}% of checkpoint files`, () => {
      const checkpoints = outcomes.filter((o) => CHECKPOINT_LABELS.has(o.entry.label));
      const misses = checkpoints.filter((o) => !o.result.document?.title || !o.result.document?.savedAt);
      console.log(`\n[corpus] coverage per label\n${coverageTable(outcomes)}\n`);
      console.log(
        `[corpus] title+date: ${checkpoints.length - misses.length}/${checkpoints.length}` +
          (misses.length
            ? `; missing:\n${misses
                .map((m) => `  - ${m.entry.localFile} (${m.format ?? "unclaimed"}): title=${m.result.document?.title ? "yes" : "no"} date=${m.result.document?.savedAt ? "yes" : "no"} ${m.result.problems.join("; ")}`)
                .join("\n")}`
            : ""),
      );
      expect((checkpoints.length - misses.length) / checkpoints.length).toBeGreaterThanOrEqual(REQUIRED_RATIO);
    });
  });
}
