/**
 * Quality score 0-100 of a parsed checkpoint, at least as strict as the session-handoff skill's validator:
 * start at 100; leftover placeholders -30; each missing or thin required section -10; secrets -20;
 * missing referenced files -5 each (at most -20); each missing recommended section -2; no title -5.
 */
import type { ParsedDocument, ParsedSection } from "../parse/types";
import { MIN_SECTION_CHARS, PLACEHOLDERS, rulesFor, type SectionRule } from "./quality-rules";

export interface QualityExtra {
  missingFiles: string[];
  secretCount: number;
}

export interface QualityResult {
  score: number;
  reasons: string[];
}

/** Every placeholder pattern matches a `[`, `{` or `<`: a text without any is not searched (most are not). */
const MAY_HOLD_PLACEHOLDER = /[[{<]/;
/** The patterns without their global flag, for a yes/no test (built once). */
const PLACEHOLDER_TESTS = PLACEHOLDERS.map(([pattern]) => new RegExp(pattern.source, pattern.flags.replace("g", "")));

/** Section text without HTML comments, code fences' markers, placeholders and decoration. */
function meaningfulText(text: string): string {
  let t = text.replace(/<!--[\s\S]*?-->/g, " ");
  if (MAY_HOLD_PLACEHOLDER.test(t)) for (const [pattern] of PLACEHOLDERS) t = t.replace(pattern, " ");
  return t.replace(/^\s*(?:[-*+]|\d+[.)])\s*(?:\[[ xX]\])?\s*$/gm, "").replace(/[|`#>*_\s-]+/g, " ").trim();
}

function hasPlaceholder(text: string): boolean {
  return MAY_HOLD_PLACEHOLDER.test(text) && PLACEHOLDER_TESTS.some((pattern) => pattern.test(text));
}

function sectionsFor(doc: ParsedDocument, requirement: SectionRule): ParsedSection[] {
  return doc.sections.filter((s) => s.canonical && requirement.anyOf.includes(s.canonical));
}

/** All placeholders left in the document (titles and sections), outside code spans. */
export function findPlaceholders(doc: ParsedDocument): string[] {
  const texts = [doc.title ?? "", ...doc.sections.flatMap((s) => [s.heading, s.text])].map((t) => t.replace(/```[\s\S]*?```|`[^`\n]*`/g, " "));
  const found = new Set<string>();
  for (const text of texts) {
    if (!MAY_HOLD_PLACEHOLDER.test(text)) continue;
    for (const [pattern] of PLACEHOLDERS) for (const m of text.matchAll(pattern)) found.add(m[0]);
  }
  return [...found];
}

export function scoreQuality(doc: ParsedDocument, extra: QualityExtra): QualityResult {
  const reasons: string[] = [];
  let score = 100;

  const placeholders = findPlaceholders(doc);
  if (placeholders.length) {
    score -= 30;
    reasons.push(`leftover placeholders: ${placeholders.slice(0, 5).join(", ")}${placeholders.length > 5 ? ", …" : ""}`);
  }

  const { required, recommended } = rulesFor(doc.format, doc.kind);
  for (const requirement of required) {
    const found = sectionsFor(doc, requirement);
    if (!found.length) {
      score -= 10;
      reasons.push(`missing required section: ${requirement.label}`);
      continue;
    }
    const longest = Math.max(...found.map((s) => meaningfulText(s.text).length));
    const allPlaceholder = found.every((s) => hasPlaceholder(s.text) && meaningfulText(s.text).length < MIN_SECTION_CHARS);
    if (longest < MIN_SECTION_CHARS || allPlaceholder) {
      score -= 10;
      reasons.push(`required section is empty or too thin: ${requirement.label} (${found[0].heading})`);
    }
  }

  if (extra.secretCount > 0) {
    score -= 20;
    reasons.push(`${extra.secretCount} possible secret${extra.secretCount === 1 ? "" : "s"} in the file`);
  }
  if (extra.missingFiles.length > 0) {
    score -= 5 * Math.min(extra.missingFiles.length, 4);
    reasons.push(`${extra.missingFiles.length} referenced file${extra.missingFiles.length === 1 ? "" : "s"} no longer exist: ${extra.missingFiles.slice(0, 5).join(", ")}`);
  }
  for (const requirement of recommended) {
    if (!sectionsFor(doc, requirement).length) {
      score -= 2;
      reasons.push(`no ${requirement.label} section`);
    }
  }
  if (!doc.title) {
    score -= 5;
    reasons.push("no title");
  }
  return { score: Math.max(0, Math.min(100, score)), reasons };
}
