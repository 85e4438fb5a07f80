/** Repo-relative paths referenced by a document: conservative, never URLs. */

const EXTENSIONS = new Set(
  ("ts tsx mts cts js jsx mjs cjs json jsonc json5 jsonl md mdx markdown txt rst adoc py pyi ipynb rb go rs java kt kts swift " +
    "c h cc cpp hpp cs fs php html htm css scss sass less vue svelte astro yml yaml toml ini cfg conf sh bash zsh fish " +
    "ps1 bat sql prisma graphql gql proto csv tsv xml svg png jpg jpeg gif webp ico pdf lock lockb tf tfvars hcl ex exs erl " +
    "lua r jl dart scala gradle clj el nix mk cmake dockerfile gitignore editorconfig log db sqlite wasm zig ml hs elm sol " +
    "tex bib ejs hbs njk liquid pug twig xaml plist xcconfig pbxproj storyboard ndjson parquet").split(" "),
);
const BARE_NAMES = new Set(["makefile", "dockerfile", "gemfile", "procfile", "rakefile", "justfile", "license", "readme", "claude.md", "agents.md"]);
const NOT_PATHS = new Set(["and/or", "input/output", "read/write", "n/a", "on/off", "yes/no", "true/false", "client/server", "w/o", "i/o", "tcp/ip", "ci/cd", "pass/fail", "either/or"]);

/** Trim decoration around a path as written: ticks, quotes, trailing punctuation, `:42` line numbers. */
export function cleanPathToken(token: string): string {
  return token
    .trim()
    .replace(/^[`'"(<[]+|[`'")\]>]+$/g, "")
    .replace(/[.,;:!?]+$/, "")
    .replace(/:\d+(?:[-:]\d+)?$/, "")
    .replace(/#L?\d+(?:-L?\d+)?$/, "")
    .replace(/^\.\//, "");
}

/** Does this token look like a repo-relative file or folder path? */
export function looksLikePath(token: string, trusted: boolean): boolean {
  const t = token;
  if (!t || t.length > 200 || /\s/.test(t)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t) || /^(?:www\.|mailto:|data:)/i.test(t)) return false;
  if (/^[/~\\]|^[A-Za-z]:[\\/]/.test(t)) return false; // absolute, home-relative
  if (/[*{}<>|$%`"'=,;()]/.test(t) || /^[-@#.:]+$/.test(t) || t.startsWith("-")) return false;
  if (NOT_PATHS.has(t.toLowerCase())) return false;
  const segments = t.replace(/\/$/, "").split("/");
  if (segments.some((s) => !s || !/^[\p{L}\p{N}_.@+-]+$/u.test(s) || s === "..")) return false;
  const last = segments[segments.length - 1];
  if (!/\p{L}/u.test(last)) return false;
  const ext = /\.([A-Za-z0-9]+)$/.exec(last)?.[1]?.toLowerCase();
  const hasExtension = !!ext && EXTENSIONS.has(ext) && last.length > ext.length + 1;
  const dotfile = /^\.[A-Za-z][\w.-]*$/.test(last) && segments.length > 1;
  if (/^\d+(\.\d+)+$/.test(last) || /^v\d/.test(last) && !hasExtension) return false;
  if (hasExtension || BARE_NAMES.has(last.toLowerCase()) || dotfile) return true;
  if (segments.length > 1) {
    if (!segments.every((s) => /\p{L}/u.test(s))) return false;
    return trusted || segments.length > 2 || t.endsWith("/") || segments.some((s) => /[._-]/.test(s));
  }
  return false;
}

/** Path candidates in one Markdown line: code spans, a table's first cell, a list item's lead token. */
export function pathsInLine(line: string): string[] {
  const found: string[] = [];
  const add = (token: string, trusted: boolean) => {
    const clean = cleanPathToken(token);
    if (looksLikePath(clean, trusted)) found.push(clean.replace(/\/$/, ""));
  };
  const cells = /^\s*\|(.+)\|\s*$/.exec(line);
  if (cells && !/^[\s|:-]+$/.test(line)) {
    const first = cells[1].split("|")[0].trim();
    add(stripLink(first).replace(/\*\*/g, ""), true);
  }
  for (const m of line.matchAll(/`([^`\n]+)`/g)) add(m[1], true);
  const item = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(?:\*\*)?([^\s*`]+)/.exec(line);
  if (item) add(stripLink(item[1]), false);
  for (const target of linkTargets(line)) add(target, false);
  return found;
}

/**
 * The targets of `[label](target)` links in a line, as `/\[[^\]]*\]\(([^)\s]+)\)/g` would find them, in one
 * pass: that regular expression took quadratic time on a long line of unclosed brackets.
 */
export function linkTargets(line: string): string[] {
  const targets: string[] = [];
  let stop = -1; // the next `)` or whitespace at or after some position, remembered: the scan stays linear
  const nextStop = (from: number): number => {
    if (stop >= from) return stop;
    const rest = /[)\s]/g;
    rest.lastIndex = from;
    stop = rest.exec(line)?.index ?? line.length;
    return stop;
  };
  let open = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "[") open = true;
    else if (c === "]") {
      if (open && line[i + 1] === "(") {
        const end = nextStop(i + 2);
        if (end > i + 2 && line[end] === ")") {
          targets.push(line.slice(i + 2, end));
          i = end;
        }
      }
      open = false;
    }
  }
  return targets;
}

function stripLink(text: string): string {
  const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(text);
  return link ? (/^[a-z]+:\/\//i.test(link[2]) ? link[1] : link[2]) : text;
}

/** A `git status --short` line (` M lib/x.ts`, `?? docs/`), as found in modified-files sections. */
export function gitStatusPath(line: string): string | null {
  const m = /^\s*(?:[-*+]\s+)?`?([MADRCU?!]{1,2})\s+([^\s`]+?)`?\s*$/.exec(line);
  if (!m) return null;
  const target = m[2].includes("->") ? m[2].split("->")[1] : m[2];
  const clean = cleanPathToken(target);
  return looksLikePath(clean, true) ? clean.replace(/\/$/, "") : null;
}
