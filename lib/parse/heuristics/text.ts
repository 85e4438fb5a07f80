/** Small text helpers every family shares. */

/** Strip a byte-order mark and turn CRLF / CR line endings into LF. */
export function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Collapse runs of whitespace into one space and trim. */
export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Remove Markdown emphasis, code ticks and links, keeping the visible words. */
export function stripInlineMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[\[([^\]]+)\]\]/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, "$1$2")
    .replace(/(^|[^\w])_(?!\s)([^_\n]+?)_(?!\w)/g, "$1$2")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/~~(.+?)~~/g, "$1");
}

/** The last path segment. */
export function baseName(path: string): string {
  const parts = path.replace(/\\/g, "/").split("/");
  return parts[parts.length - 1] ?? path;
}

/** The file name without its last extension. */
export function fileStem(path: string): string {
  return baseName(path).replace(/\.[^.]+$/, "");
}

/** Lower-cased path with forward slashes, for glob-like matching. */
export function lowerPath(path: string): string {
  return path.replace(/\\/g, "/").toLowerCase();
}
