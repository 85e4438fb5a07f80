/**
 * What a user adds to or drops from discovery.
 *
 * - `.cairnignore` at a repository's root: gitignore-like globs, one a line. A line drops the paths it matches;
 *   a line starting with `!` adds them (read by the family their extension suggests). `#` starts a comment.
 * - The global settings file, `config.json` next to the database (or `$CAIRN_CONFIG`):
 *   `{ "discovery": { "ignore": ["**\/archive/**"], "include": ["notes/*.md"] } }`, the same globs for every
 *   repository. A repository's own `.cairnignore` is applied after it.
 *
 * Globs: `*` matches within a folder, `**` across folders, `?` one character; a leading `/` (or any `/` inside)
 * anchors the pattern at the repository root, otherwise it matches at any depth; a trailing `/` matches a folder
 * and everything under it.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileGlob } from "./glob";
import { MAX_RULE_CHARS, MAX_RULES } from "./limits";
import { readRegularFile } from "./read-file";

export interface PathRule {
  pattern: string;
  include: boolean;
  /** Whether the path itself matches (a folder's own path for a folder), not counting the folders above it. */
  matchesItself(relPath: string, isFolder: boolean): boolean;
  /** Whether the path or a folder above it matches (a trailing `/` on `relPath` says it is a folder). */
  test(relPath: string): boolean;
}

export interface DiscoveryRules {
  rules: PathRule[];
}

export const NO_RULES: DiscoveryRules = { rules: [] };

/** The folders above a path, shortest first: "a/b/c.md" -> "a", "a/b". */
function foldersAbove(relPath: string): string[] {
  const out: string[] = [];
  for (let i = relPath.indexOf("/"); i !== -1; i = relPath.indexOf("/", i + 1)) out.push(relPath.slice(0, i));
  return out;
}

/** One gitignore-like line, or null for a blank line, a comment, or a line over the length cap. */
export function compileRule(line: string): PathRule | null {
  let pattern = line.replace(/\s+$/, "");
  if (!pattern || pattern.startsWith("#") || pattern.length > MAX_RULE_CHARS) return null;
  const include = pattern.startsWith("!");
  if (include) pattern = pattern.slice(1);
  if (pattern.startsWith("\\#") || pattern.startsWith("\\!")) pattern = pattern.slice(1);
  const folderOnly = pattern.endsWith("/");
  const body = pattern.replace(/^\/+/, "").replace(/\/+$/, "");
  if (!body) return null;
  const anchored = pattern.startsWith("/") || body.includes("/");
  const glob = compileGlob(body, !anchored);
  const matchesItself = (relPath: string, isFolder: boolean) => (isFolder || !folderOnly) && glob.matches(relPath);
  return {
    pattern: line.trim(),
    include,
    matchesItself,
    test(relPath) {
      const isFolder = relPath.endsWith("/");
      const path = isFolder ? relPath.slice(0, -1) : relPath;
      return matchesItself(path, isFolder) || foldersAbove(path).some((folder) => matchesItself(folder, true));
    },
  };
}

export function parseRules(text: string): PathRule[] {
  return text.split(/\r?\n/).flatMap((line) => compileRule(line) ?? []);
}

/**
 * Lines compiled under the caps (at most MAX_RULES rules of at most MAX_RULE_CHARS characters each), with a
 * problem naming `source` for what was left out.
 */
export function compileRules(lines: string[], source: string): { rules: PathRule[]; problems: string[] } {
  const rules: PathRule[] = [];
  const problems: string[] = [];
  let tooLong = 0;
  let firstTooLong = 0;
  let beyond = 0;
  lines.forEach((line, i) => {
    const trimmed = line.replace(/\s+$/, "");
    if (!trimmed || trimmed.startsWith("#")) return;
    if (trimmed.length > MAX_RULE_CHARS) {
      if (tooLong++ === 0) firstTooLong = i + 1;
      return;
    }
    if (rules.length >= MAX_RULES) {
      beyond += 1;
      return;
    }
    const rule = compileRule(trimmed);
    if (rule) rules.push(rule);
  });
  // one problem per file (the Problems page keeps one message a file)
  const parts: string[] = [];
  if (beyond) parts.push(`${MAX_RULES + beyond} rules, over the limit of ${MAX_RULES}: only the first ${MAX_RULES} are used`);
  if (tooLong) {
    const which = tooLong === 1 ? `a rule (line ${firstTooLong}) is` : `${tooLong} rules (the first at line ${firstTooLong}) are`;
    parts.push(`${which} over the ${MAX_RULE_CHARS}-character limit and not used`);
  }
  if (parts.length) problems.push(`${source}: ${parts.join("; ")}`);
  return { rules, problems };
}

/**
 * The index of the last rule matching `relDir` or a folder above it, -1 for none. `above` is that index for the
 * folder holding `relDir` (the walk computes it once per folder, so no file is tested against the rules of
 * every folder above it again).
 */
export function folderRuling(rules: DiscoveryRules, relDir: string, above: number): number {
  for (let i = rules.rules.length - 1; i > above; i--) if (rules.rules[i].matchesItself(relDir, true)) return i;
  return above;
}

/** What the rule at `ruling` says ("drop", "add"), null for no rule (-1). */
export function rulingVerdict(rules: DiscoveryRules, ruling: number): "drop" | "add" | null {
  return ruling < 0 ? null : rules.rules[ruling].include ? "add" : "drop";
}

/** The verdict on a file whose folder's ruling is `above` (see folderRuling). */
export function fileVerdict(rules: DiscoveryRules, relPath: string, above: number): "drop" | "add" | null {
  for (let i = rules.rules.length - 1; i > above; i--) if (rules.rules[i].matchesItself(relPath, false)) return rulingVerdict(rules, i);
  return rulingVerdict(rules, above);
}

/**
 * The last matching rule decides, as in gitignore: "drop", "add", or null when no rule speaks of the path.
 * A rule matches a path when it matches the path or a folder above it; a trailing `/` says `relPath` is a folder.
 */
export function verdict(rules: DiscoveryRules, relPath: string): "drop" | "add" | null {
  const isFolder = relPath.endsWith("/");
  const path = isFolder ? relPath.slice(0, -1) : relPath;
  let above = -1;
  for (const folder of foldersAbove(path)) above = folderRuling(rules, folder, above);
  return isFolder ? rulingVerdict(rules, folderRuling(rules, path, above)) : fileVerdict(rules, path, above);
}

/** Does any rule add paths (so the walk must look at files no family names)? */
export function addsPaths(rules: DiscoveryRules): boolean {
  return rules.rules.some((r) => r.include);
}

export interface GlobalDiscoverySettings {
  ignore: string[];
  include: string[];
  /** Where they were read from (for messages), or null when there is no settings file. */
  file: string | null;
  problems: string[];
}

/** The settings file for a database: `$CAIRN_CONFIG`, else `config.json` beside the database file. */
export function settingsFileFor(dbFile: string | null | undefined): string | null {
  if (process.env.CAIRN_CONFIG) return process.env.CAIRN_CONFIG;
  if (!dbFile || dbFile === ":memory:" || dbFile === "") return null;
  return join(dirname(dbFile), "config.json");
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export async function readGlobalSettings(file: string | null): Promise<GlobalDiscoverySettings> {
  const none: GlobalDiscoverySettings = { ignore: [], include: [], file: null, problems: [] };
  if (!file || !existsSync(file)) return none;
  const read = await readRegularFile(file, { maxBytes: 256 * 1024, links: "follow" });
  if (!read.ok) return { ...none, file, problems: [`settings file ${file} ${read.reason}`] };
  try {
    const data = JSON.parse(read.bytes.toString("utf8")) as { discovery?: { ignore?: unknown; include?: unknown } };
    return { ignore: strings(data.discovery?.ignore), include: strings(data.discovery?.include), file, problems: [] };
  } catch (error) {
    return { ...none, file, problems: [`settings file ${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

/** The rules for one repository: the global settings, then its `.cairnignore` (never through a symlink), each capped. */
export async function rulesFor(repoPath: string, global: GlobalDiscoverySettings | null): Promise<DiscoveryRules & { problems: string[] }> {
  const lines = [...(global?.ignore ?? []).map((line) => line.replace(/^!/, "")), ...(global?.include ?? []).map((line) => `!${line.replace(/^!/, "")}`)];
  const fromSettings = compileRules(lines, `settings file ${global?.file ?? "config.json"} (discovery)`);
  const rules: PathRule[] = [...fromSettings.rules];
  const problems: string[] = [...fromSettings.problems];
  const file = join(repoPath, ".cairnignore");
  if (existsSync(file)) {
    const read = await readRegularFile(file, { maxBytes: 64 * 1024, links: "refuse" });
    if (read.ok) {
      const own = compileRules(read.bytes.toString("utf8").split(/\r?\n/), ".cairnignore");
      rules.push(...own.rules);
      problems.push(...own.problems);
    } else problems.push(`.cairnignore ${read.reason}`);
  }
  return { rules, problems };
}
