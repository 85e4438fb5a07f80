/** Where a header value came from, in words: `frontmatter:head` -> "frontmatter key “head”". */

const STYLE_WORDS: Record<string, (key: string) => string> = {
  frontmatter: (k) => `frontmatter key “${k}”`,
  label: (k) => `the bold label “${k}”`,
  key: (k) => `the line “${k}: …”`,
  table: (k) => `the table row “${k}”`,
  blockquote: (k) => `the quoted line “${k}: …”`,
  heading: (k) => `the heading “${k}: …”`,
  section: (k) => `the “${k}” section`,
  statement: (k) => `the “${k}” statement`,
  data: (k) => `the data key “${k}”`,
  meta: (k) => `the ${k} meta tag`,
  h1: (k) => (k ? `the first heading (${k})` : "the first heading"),
};

const WHOLE: Record<string, string> = {
  h1: "the document's first heading",
  heading: "the first heading that names the work",
  "html:title": "the page's <title>",
  "html:meta-line": "the page's meta line",
  filename: "the file name",
  text: "the first date in the text",
  "text:prose": "a sentence in the text",
  "text:branch-at-sha": "“branch @ commit” in the text",
  "section:recent-commits": "the first of the recent commits",
  "heading:entry": "the newest dated entry",
  checkboxes: "the file's checkboxes",
  "remaining-work": "the items of its next-steps / remaining-work sections",
  sentinel: "the session sentinel file",
  user: "set by you",
};

export function describeSource(source: string | null | undefined): string | null {
  if (!source) return null;
  if (WHOLE[source]) return WHOLE[source];
  const at = source.indexOf(":");
  const style = at < 0 ? source : source.slice(0, at);
  const key = at < 0 ? "" : source.slice(at + 1).replace(/-/g, " ");
  return STYLE_WORDS[style]?.(key) ?? source;
}

/** Sources that read a value the file states outright (a key, a label, a tag): no provenance is shown for them. */
const STATED = new Set(["frontmatter", "label", "key", "table", "blockquote", "heading", "section", "statement", "data", "meta", "h1", "html:title", "checkboxes", "remaining-work", "sentinel", "content"]);

/**
 * Where a value came from, in words for a hover, only when it was guessed (from the file name, a sentence, the
 * modification time...) or set by the user: "guessed from the file name", "set by you". Null for a stated value.
 */
export function provenance(source: string | null | undefined): string | null {
  if (!source) return null;
  if (source === "user") return "set by you";
  const style = source.includes(":") && !WHOLE[source] ? source.slice(0, source.indexOf(":")) : source;
  if (STATED.has(style) || STATED.has(source)) return null;
  const words = SAVED_WORDS[source] ?? describeSource(source);
  return words ? `guessed from ${words}` : null;
}

/** The save time's own sources (documents.savedAtSource). */
const SAVED_WORDS: Record<string, string> = {
  commit: "the commit that added the file",
  mtime: "the file's modification time",
  "commit-time": "the commit time (the file's own date was in the future)",
};
