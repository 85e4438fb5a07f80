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
import { readRegularFile } from "./read-file";

export interface PathRule {
  pattern: string;
  include: boolean;
  test(relPath: string): boolean;
}

export interface DiscoveryRules {
  rules: PathRule[];
}

export const NO_RULES: DiscoveryRules = { rules: [] };

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        const slashAfter = glob[i + 2] === "/";
        out += slashAfter ? "(?:.*/)?" : ".*";
        i += slashAfter ? 2 : 1;
      } else out += "[^/]*";
    } else if (c === "?") out += "[^/]";
    else out += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(out);
}

/** One gitignore-like line, or null for a blank line or a comment. */
export function compileRule(line: string): PathRule | null {
  let pattern = line.replace(/\s+$/, "");
  if (!pattern || pattern.startsWith("#")) return null;
  const include = pattern.startsWith("!");
  if (include) pattern = pattern.slice(1);
  if (pattern.startsWith("\\#") || pattern.startsWith("\\!")) pattern = pattern.slice(1);
  const folderOnly = pattern.endsWith("/");
  const body = pattern.replace(/^\/+/, "").replace(/\/+$/, "");
  if (!body) return null;
  const anchored = pattern.startsWith("/") || body.includes("/");
  const source = globToRegExp(body).source;
  const re = new RegExp(`${anchored ? "^" : "(?:^|/)"}${source}${folderOnly ? "/.*" : "(?:/.*)?"}$`);
  return { pattern: line.trim(), include, test: (relPath) => re.test(relPath) };
}

export function parseRules(text: string): PathRule[] {
  return text.split(/\r?\n/).flatMap((line) => compileRule(line) ?? []);
}

/** The last matching rule decides, as in gitignore: "drop", "add", or null when no rule speaks of the path. */
export function verdict(rules: DiscoveryRules, relPath: string): "drop" | "add" | null {
  for (let i = rules.rules.length - 1; i >= 0; i--) {
    const rule = rules.rules[i];
    if (rule.test(relPath)) return rule.include ? "add" : "drop";
  }
  return null;
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

/** The rules for one repository: the global settings, then its `.cairnignore` (never through a symlink). */
export async function rulesFor(repoPath: string, global: GlobalDiscoverySettings | null): Promise<DiscoveryRules & { problems: string[] }> {
  const rules: PathRule[] = [];
  const problems: string[] = [];
  for (const line of global?.ignore ?? []) {
    const rule = compileRule(line.replace(/^!/, ""));
    if (rule) rules.push(rule);
  }
  for (const line of global?.include ?? []) {
    const rule = compileRule(`!${line.replace(/^!/, "")}`);
    if (rule) rules.push(rule);
  }
  const file = join(repoPath, ".cairnignore");
  if (existsSync(file)) {
    const read = await readRegularFile(file, { maxBytes: 64 * 1024, links: "refuse" });
    if (read.ok) rules.push(...parseRules(read.bytes.toString("utf8")));
    else problems.push(`.cairnignore ${read.reason}`);
  }
  return { rules, problems };
}
