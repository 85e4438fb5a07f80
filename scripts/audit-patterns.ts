/**
 * Which regular expression literals of the code that reads untrusted text can backtrack? (issue 42)
 *
 *   npx tsx scripts/audit-patterns.ts [--ms 5] [--size 2048] [folders...]
 *
 * Every regular expression literal in the given folders (default: lib/parse lib/derive lib/search lib/discover) is run,
 * with exec and with the global flag as replace would, on hostile lines of about `size` characters: 128-character
 * runs of spaces and of each Markdown mark split by one letter, after the prefixes line patterns look for (bold
 * labels, list items, quotes, headings, pipes, key words). A linear pattern reads such a line in microseconds; one that
 * tries every split of a run takes milliseconds at this size and seconds at 76 KB. Prints each pattern slower than
 * `ms` on some line, with where it is and the line's shape; exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const LIMIT_MS = option("ms", 5);
const SIZE = option("size", 2048);
const folders = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
const projectDir = resolve(import.meta.dirname, "..");
const roots = (folders.length ? folders : ["lib/parse", "lib/derive", "lib/search", "lib/discover"]).map((f) => resolve(projectDir, f));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) return files(abs);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [abs] : [];
  });
}

interface Literal {
  where: string;
  source: string;
  flags: string;
}

function literals(file: string): Literal[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const raw = node.getText(sf);
      const end = raw.lastIndexOf("/");
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push({ where: `${relative(projectDir, file)}:${line + 1}`, source: raw.slice(1, end), flags: raw.slice(end + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const PREFIXES = ["", "- ", "* ", "1. ", "> ", "**", "**Status", "**Status**", "Status", "Recent commits", "# ", "## Status", "| ", "[", "`", "- [ ] ", "---", "http://", "=", "<!--", "<", "(", "Branch: ", "- **Recent commits**"];
const MARKS = [" ", "\t", "*", "_", "`", "~", "-", ".", ":", "|", "#", ">", "[", "(", "=", "/", "\\", "\u3000", " *", " :", " |", " `", " -", " ."];
const FILLERS = ["a", "a |", ":", "：", "a:", "1", "é"];

function hostileLines(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const mark of MARKS) {
    const run = mark.repeat(Math.ceil(128 / mark.length)).slice(0, 128);
    for (const filler of FILLERS) {
      const body = `${run}${filler}`.repeat(Math.ceil(SIZE / (run.length + filler.length)));
      for (const prefix of PREFIXES) out.push([`${JSON.stringify(prefix)} + (128 x ${JSON.stringify(mark)} + ${JSON.stringify(filler)})*`, prefix + body]);
    }
  }
  return out;
}

const lines = hostileLines();
const slow: Array<{ where: string; pattern: string; ms: number; shape: string }> = [];
let count = 0;
for (const file of roots.flatMap(files)) {
  for (const literal of literals(file)) {
    let exec: RegExp;
    let global: RegExp;
    try {
      exec = new RegExp(literal.source, literal.flags.replace(/[gy]/g, ""));
      global = new RegExp(literal.source, literal.flags.includes("g") ? literal.flags : `${literal.flags}g`);
    } catch {
      continue;
    }
    count++;
    let worst = { ms: 0, shape: "" };
    const once = (line: string) => {
      const started = performance.now();
      exec.exec(line);
      global.lastIndex = 0;
      line.replace(global, "");
      return performance.now() - started;
    };
    for (const [shape, line] of lines) {
      let ms = once(line);
      // a busy machine (a collection, another process) makes one run slow: the best of three is the pattern's cost
      if (ms > LIMIT_MS) ms = Math.min(ms, once(line), once(line));
      if (ms > worst.ms) worst = { ms, shape };
      if (ms > LIMIT_MS * 20) break; // plainly slow: no need to try the rest
    }
    if (worst.ms > LIMIT_MS) slow.push({ where: literal.where, pattern: `/${literal.source}/${literal.flags}`, ms: worst.ms, shape: worst.shape });
  }
}
slow.sort((a, b) => b.ms - a.ms);
for (const s of slow) process.stdout.write(`${Math.round(s.ms)} ms  ${s.where}  ${s.pattern.slice(0, 160)}\n         on ${s.shape}\n`);
process.stdout.write(`${count} patterns, ${lines.length} hostile lines of ~${SIZE} characters: ${slow.length} slower than ${LIMIT_MS} ms\n`);
process.exit(slow.length ? 1 : 0);
