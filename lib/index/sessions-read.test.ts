import { afterAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_LOG_CAPS, readLogIncrement, type LogCursor } from "./sessions-read";

const dir = mkdtempSync(join(tmpdir(), "cairn-log-read-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(path: string, cursor: LogCursor | null, caps = DEFAULT_LOG_CAPS) {
  const got: Array<{ lines: string[]; first: number; fromStart: boolean }> = [];
  const outcome = await readLogIncrement(path, cursor, (lines, first, fromStart) => void got.push({ lines, first, fromStart }), caps);
  return { outcome: outcome!, got };
}

describe("reading a log from a byte offset", () => {
  it("hands over complete lines only, then only what was appended; a shrunk file is read again", async () => {
    const path = join(dir, "a.jsonl");
    writeFileSync(path, '{"a":1}\n{"b":2}\n{"c":');
    const first = await read(path, null);
    expect(first.got).toEqual([{ lines: ['{"a":1}', '{"b":2}'], first: 1, fromStart: true }]);
    expect(first.outcome.cursor).toMatchObject({ offset: 16, nextLine: 3 });
    appendFileSync(path, '3}\n{"d":4}\n');
    const second = await read(path, first.outcome.cursor);
    expect(second.got).toEqual([{ lines: ['{"c":3}', '{"d":4}'], first: 3, fromStart: false }]);
    expect(second.outcome.bytesRead).toBe(second.outcome.cursor.offset - 16);
    const third = await read(path, second.outcome.cursor);
    expect(third.outcome.unchanged).toBe(true);
    writeFileSync(path, '{"z":0}\n');
    const fourth = await read(path, second.outcome.cursor);
    expect(fourth.got).toEqual([{ lines: ['{"z":0}'], first: 1, fromStart: true }]);
  });

  it("skips a line past the line cap and stops at the line and byte caps, each a problem", async () => {
    const path = join(dir, "b.jsonl");
    writeFileSync(path, `{"ok":1}\n${"x".repeat(5000)}\n{"ok":2}\n{"ok":3}\n{"ok":4}\n`);
    const caps = { ...DEFAULT_LOG_CAPS, maxLineBytes: 1000, maxLines: 3 };
    const { outcome, got } = await read(path, null, caps);
    expect(got.flatMap((g) => g.lines)).toEqual(['{"ok":1}', "", '{"ok":2}']);
    expect(outcome.problems.map((p) => p.message)).toEqual(["line 2 is longer than 1 KB; skipped", "the log has more than 3 lines: the rest is not read"]);
    const capped = await read(path, null, { ...DEFAULT_LOG_CAPS, maxBytes: 12, batchLines: 1 });
    expect(capped.got.flatMap((g) => g.lines)).toEqual(['{"ok":1}']);
    expect(capped.outcome.problems[0].message).toMatch(/only its first/);
  });
});
