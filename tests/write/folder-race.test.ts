/**
 * Issue 18.5: another process flips `.claude` between the real folder and a symlink to a folder outside the
 * repository while Cairn appends to `.claude/PROJECT-NOTES.md` and creates review files. Whatever the
 * interleaving, nothing outside the repository is ever written: no notes, no temporary file, no lock file.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { safeWrite, WriteError } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { facts, writeWorld, type WriteWorld } from "./support";

/** Flips `.claude` (bounded: by iterations, by time, and by a stop file) and prints how often it did. */
const FLIPPER = `
const fs = require("node:fs");
const [claude, aside, outside, stop] = process.argv.slice(1);
const until = Date.now() + 60_000;
let flips = 0;
for (let i = 0; i < 5_000_000 && Date.now() < until; i++) {
  if (i % 64 === 0 && fs.existsSync(stop)) break;
  try { fs.renameSync(claude, aside); fs.symlinkSync(outside, claude); flips++; } catch {}
  try { fs.unlinkSync(claude); } catch {}
  try { fs.renameSync(aside, claude); } catch {}
}
process.stdout.write(String(flips));
`;

let w: WriteWorld;
let outside: string;
let flipper: ChildProcess | null = null;
const SENTINEL = "# Someone else's notes: Cairn must never touch this file\n";

beforeEach(async () => {
  w = writeWorld();
  const path = family.htmlCheckpointPath(facts());
  w.write({ [path]: family.htmlCheckpoint(facts()), ".claude/PROJECT-NOTES.md": "# Project Notes\n\n" });
  await w.index();
  outside = join(w.space.dir, "outside");
  mkdirSync(join(outside, "reviews"), { recursive: true });
  writeFileSync(join(outside, "PROJECT-NOTES.md"), SENTINEL);
});
afterEach(() => {
  if (flipper && flipper.exitCode === null) flipper.kill("SIGKILL");
  w.space.cleanup();
});

function startFlipper(stopFile: string): Promise<number> {
  const child = spawn(process.execPath, ["-e", FLIPPER, join(w.repo, ".claude"), join(w.repo, ".claude-aside"), outside, stopFile], { stdio: ["ignore", "pipe", "inherit"] });
  flipper = child;
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once("exit", () => resolve(Number(out) || 0)));
}

/** Every file under `dir`, recursively (names relative to it). */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("a .claude folder flipped to a symlink out of the repository during writes", () => {
  it("never writes, locks or leaves a temporary file outside the repository", async () => {
    const repositoryId = w.doc(family.htmlCheckpointPath(facts())).repositoryId!;
    const stopFile = join(w.space.dir, "stop");
    const flips = startFlipper(stopFile);
    const outcomes = { written: 0, refused: 0, other: 0 };
    const others = new Set<string>();
    for (let i = 0; i < 120; i++) {
      const target = i % 3 === 2 ? ({ kind: "review", repositoryId, name: `race-${i}.md` } as const) : ({ kind: "project-notes", repositoryId } as const);
      try {
        await safeWrite(w.space.db(), {
          target,
          edit: (current) => Buffer.concat([current ?? Buffer.from("# Notes\n\n"), Buffer.from(`- learning number ${i}\n`)]),
          lock: { waitMs: 500 },
        });
        outcomes.written++;
      } catch (error) {
        if (error instanceof WriteError && (error.code === "refused" || error.code === "not-found")) outcomes.refused++;
        else {
          outcomes.other++;
          others.add(error instanceof WriteError ? `${error.code}: ${error.message}` : String(error));
        }
      }
      // the canary: checked after every write, not only at the end
      expect(tree(outside), `after write ${i}`).toEqual(["PROJECT-NOTES.md", "reviews"]);
    }
    writeFileSync(stopFile, "");
    const flipCount = await flips;
    expect(flipCount, "the flipper really raced the writes").toBeGreaterThan(0);
    expect(readFileSync(join(outside, "PROJECT-NOTES.md"), "utf8")).toBe(SENTINEL);
    expect(tree(outside)).toEqual(["PROJECT-NOTES.md", "reviews"]);
    // inside the repository, no temporary or lock file is left behind either
    for (const dir of [".claude", ".claude-aside"]) {
      const abs = join(w.repo, dir);
      if (existsSync(abs) && statSync(abs).isDirectory()) {
        expect(tree(abs).filter((n) => /cairn-(tmp|lock)/.test(n))).toEqual([]);
      }
    }
    expect([...others], JSON.stringify(outcomes)).toEqual([]);
  }, 120_000);
});
