import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { DirWatcher, type DirWatchEvent } from "../../lib/server/dir-watch";

let dir: string;
let events: [DirWatchEvent, string][];
let watcher: DirWatcher;

function make(depth: number): DirWatcher {
  return new DirWatcher({
    depth,
    ignored: (path, stats) => basename(path) === "skip" || (stats?.isDirectory() === true && basename(path) === "node_modules"),
    onEvent: (event, path) => events.push([event, path]),
    onError: () => undefined,
  });
}

async function until(ok: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!ok()) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}; events ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const saw = (path: string, event: DirWatchEvent = "change") => events.some(([e, p]) => e === event && p === path);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cairn-dirwatch-"));
  events = [];
});
afterEach(() => {
  watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("folder watches", () => {
  it("watches files through their folder: one watch for several names, other names unreported", async () => {
    mkdirSync(join(dir, "git"));
    writeFileSync(join(dir, "git", "HEAD"), "ref: refs/heads/main\n");
    watcher = make(0);
    await watcher.add(join(dir, "git", "HEAD"));
    await watcher.add(join(dir, "git", "index")); // not there yet
    expect(watcher.size()).toBe(1);
    writeFileSync(join(dir, "git", "other"), "x");
    writeFileSync(join(dir, "git", "index.lock"), "x");
    rmSync(join(dir, "git", "index.lock"));
    writeFileSync(join(dir, "git", "index"), "x");
    appendFileSync(join(dir, "git", "HEAD"), "\n");
    await until(() => saw(join(dir, "git", "index")) && saw(join(dir, "git", "HEAD")), "index and HEAD");
    expect(events.some(([, p]) => p.endsWith("other") || p.endsWith("index.lock"))).toBe(false);
    watcher.unwatch([join(dir, "git", "HEAD"), join(dir, "git", "index")]);
    expect(watcher.size()).toBe(0);
  });

  it("watches a tree down to its depth, picks up new folders, and never enters a symlink or an ignored folder", async () => {
    const claude = join(dir, ".claude");
    mkdirSync(join(claude, "checkpoints", "a", "b"), { recursive: true });
    mkdirSync(join(claude, "node_modules"));
    mkdirSync(join(dir, "outside"));
    symlinkSync(join(dir, "outside"), join(claude, "link"));
    watcher = make(2);
    await watcher.add(claude);
    // one watch per folder: .claude, checkpoints and a (2 levels below); b (3 levels below) is past the depth
    expect(watcher.size()).toBe(3);
    writeFileSync(join(dir, "outside", "x.md"), "x");
    writeFileSync(join(claude, "node_modules", "x.md"), "x");
    writeFileSync(join(claude, "checkpoints", "skip"), "x");
    mkdirSync(join(claude, "reviews"));
    writeFileSync(join(claude, "reviews", "new.md"), "# r\n");
    await until(() => saw(join(claude, "reviews"), "addDir"), "the new folder");
    writeFileSync(join(claude, "reviews", "later.md"), "# r\n");
    await until(() => saw(join(claude, "reviews", "later.md")), "a file in the new folder");
    expect(events.some(([, p]) => p.includes("outside") || p.includes("node_modules") || p.endsWith("skip"))).toBe(false);
  });

  it("watches a folder removed and made again afresh when added again", async () => {
    const claude = join(dir, ".claude");
    mkdirSync(claude);
    watcher = make(1);
    await watcher.add(claude);
    rmSync(claude, { recursive: true });
    mkdirSync(claude);
    await watcher.add(claude);
    writeFileSync(join(claude, "last-session.md"), "x");
    await until(() => saw(join(claude, "last-session.md")), "the file in the new folder");
  });
});
