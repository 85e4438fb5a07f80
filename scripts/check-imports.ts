/**
 * The house's import rules, checked on every `npm run typecheck` (after tsc):
 * - no import circles among the project's own modules (static imports, `import type`, re-exports and
 *   `import("…")` alike: a circle of types is still two modules that cannot be read apart);
 * - nothing under lib/ (nor db/) imports from components/ or app/: the data layer never reaches up into the UI.
 * Files past ~300 lines are listed too, as a reminder (not a failure): each should say at its top why it is long,
 * in a line holding "300 lines".
 *
 * Exits 1 with one line per breach. Tests (`*.test.ts`, tests/, e2e/) are left out of the circles: a test may
 * import what it tests from anywhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), "..");
const FOLDERS = ["lib", "db", "app", "components", "scripts", "bin", "e2e", "tests"];
const TOP_FILES = ["proxy.ts", "next.config.ts", "playwright.config.ts", "vitest.config.mts", "vitest.corpus.config.mts"];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const LONG = 300;

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(relative(ROOT, path));
  }
  return out;
}

const isTest = (file: string) => /\.test\.|\.spec\.|\.bench\./.test(file) || /^(tests|e2e)\//.test(file);

export interface ImportReport {
  files: number;
  imports: number;
  circles: string[][];
  upward: string[];
  long: { file: string; lines: number; reason: boolean }[];
}

/** Every file's local imports, resolved to project files (`@/` is the project root, as in tsconfig). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveSpec = (from: string, spec: string): string | null => {
    const base = spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : spec.startsWith(".") ? resolve(ROOT, dirname(from), spec) : null;
    if (!base) return null;
    for (const ending of ["", ".ts", ".tsx", ".mts", ".mjs", "/index.ts", "/index.tsx"]) {
      const candidate = relative(ROOT, base + ending);
      if (known.has(candidate)) return candidate;
    }
    return null;
  };
  const graph = new Map<string, string[]>();
  const IMPORT = /(?:^|[\s;])(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|[\s;])import\s+["']([^"']+)["']/g;
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), "utf8");
    const deps = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveSpec(file, match[1] ?? match[2] ?? match[3]);
      if (target && target !== file) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function circlesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

export function checkImports(): ImportReport {
  const files = [...FOLDERS.flatMap((folder) => walk(join(ROOT, folder), [])), ...TOP_FILES.filter((f) => existsSync(join(ROOT, f)))];
  const graph = importGraph(files);
  const runtime = new Map([...graph].filter(([file]) => !isTest(file)).map(([file, deps]) => [file, deps.filter((d) => !isTest(d))]));
  const upward: string[] = [];
  for (const [file, deps] of graph) {
    if (!/^(lib|db)\//.test(file)) continue;
    for (const dep of deps) if (/^(components|app)\//.test(dep)) upward.push(`${file} imports ${dep}`);
  }
  const long = files
    .map((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
      return { file, lines, reason: text.split("\n").slice(0, 40).some((line) => /300 lines/.test(line)) };
    })
    .filter((f) => f.lines > LONG)
    .sort((a, b) => b.lines - a.lines);
  return {
    files: files.length,
    imports: [...graph.values()].reduce((n, deps) => n + deps.length, 0),
    circles: circlesOf(runtime),
    upward,
    long,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(ROOT, "scripts", "check-imports.ts")) {
  const report = checkImports();
  const problems = [...report.circles.map((c) => `import circle: ${c.join(" <-> ")}`), ...report.upward.map((u) => `lib/ reaches up: ${u}`)];
  for (const f of report.long) {
    process.stdout.write(`note: ${f.file} is ${f.lines} lines${f.reason ? " (its reason is at its top)" : " with no reason at its top: split it or say why"}\n`);
  }
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.stdout.write(`check-imports: ${report.files} files, ${report.imports} local imports, ${report.circles.length} circles, ${report.upward.length} imports from lib/ up into components/ or app/\n`);
  process.exit(problems.length ? 1 : 0);
}
