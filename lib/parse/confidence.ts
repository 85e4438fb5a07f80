/**
 * How sure the record is of each field (`fieldConfidence`): `stated` when a key or label says it (frontmatter,
 * a `Key: value` line, a table row, a labelled heading such as `## Status: DONE`, a `## Branch` section, a data
 * key, an HTML meta tag, the document's own title), `guessed` when it was read from a heading, a sentence, a tag
 * in the title or a file name, `user` when the user corrected it. Pure: worked out from `fieldSources`.
 */
export type Confidence = "stated" | "guessed" | "user";

export const CONFIDENCE_FIELDS = ["title", "status", "branch", "headSha", "savedAt"] as const;
export type ConfidenceField = (typeof CONFIDENCE_FIELDS)[number];

/** Sources that are a key or label naming the field. */
const STATED = /^(?:frontmatter|label|key|table|blockquote|data|meta|sentinel|json|yaml|toml|text:label|text:key|text:table|text:blockquote):/;

/** The confidence of one field's value, given where it came from. */
export function confidenceOf(field: ConfidenceField, source: string | null | undefined): Confidence {
  if (!source) return "guessed";
  if (source === "user") return "user";
  if (STATED.test(source)) return "stated";
  // the document's title is its H1 (or a title key); another heading is a guess
  if (field === "title") return source === "h1" || source === "title" || source.startsWith("html:") ? "stated" : "guessed";
  // "## Status: DONE", "## Branch" + value: a heading that names the field
  if (/^(?:text:)?(?:heading|section):/.test(source)) {
    const key = source.replace(/^(?:text:)?(?:heading|section):/, "");
    return /^(?:status|state|branch|head|commit|sha|date|updated|saved|last-updated)/.test(key) && !/statement|entry|recent-commits|working-on/.test(key) ? "stated" : "guessed";
  }
  return "guessed";
}

/** Each field that has a value, with how sure the record is of it. */
export function fieldConfidence(values: Partial<Record<ConfidenceField, unknown>>, sources: Record<string, string> | null | undefined): Partial<Record<ConfidenceField, Confidence>> {
  const out: Partial<Record<ConfidenceField, Confidence>> = {};
  for (const field of CONFIDENCE_FIELDS) {
    const value = values[field];
    if (value === null || value === undefined || value === "") continue;
    out[field] = confidenceOf(field, sources?.[field]);
  }
  return out;
}
