/**
 * Issue 29, parts 2 and 5: data checkpoints built to be slow or noisy. Each input here took many seconds or
 * gave thousands of problems before (task de-duplication compared every pair of items, `yaml`'s unique-key
 * check compared every pair of keys, JSON went through it too, problems were not capped). The time bounds are
 * loose on purpose (the reads take milliseconds now, and took 15 s to 80 s before): they catch a return to
 * quadratic time, not a slow machine. Speed itself is measured by `npm run bench`.
 */
import { describe, expect, it } from "vitest";
import { jsonDuplicateKeys } from "./data-load";
import { parseDocument } from "./registry";

const parse = (path: string, text: string) => parseDocument({ path, text });

/** Milliseconds `work` took, with its result. */
function timed<T>(work: () => T): { ms: number; result: T } {
  const start = performance.now();
  const result = work();
  return { ms: performance.now() - start, result };
}

const LOOSE_MS = 5_000;

describe("data checkpoints read in linear time", () => {
  it("reads a JSON checkpoint of 6,000 tasks quickly, the first 1,000 of them, and says so", () => {
    const tasks = Array.from({ length: 6_000 }, (_, i) => `Step ${i}`);
    const { ms, result } = timed(() => parse(".claude/checkpoints/many.json", JSON.stringify({ status: "in progress", tasks })));
    expect(ms).toBeLessThan(LOOSE_MS);
    expect(result.document?.tasks).toHaveLength(1_000);
    expect(result.document?.tasks?.[999].text).toBe("Step 999");
    expect(result.problems).toEqual([expect.stringMatching(/only the first 1,000 items .*tasks: 6,000 items/)]);
  }, 60_000);

  it("reads a YAML checkpoint of 6,000 tasks quickly", () => {
    const yaml = `status: in progress\ntasks: [${Array.from({ length: 6_000 }, (_, i) => `Step ${i}`).join(", ")}]\n`;
    const { ms, result } = timed(() => parse(".claude/checkpoints/many.yaml", yaml));
    expect(ms).toBeLessThan(LOOSE_MS);
    expect(result.document?.status).toBe("in-progress");
    expect(result.document?.tasks).toHaveLength(1_000);
  }, 60_000);

  it("reads a 480 KB JSON object of 45,000 keys quickly", () => {
    const data: Record<string, string> = {};
    for (let i = 0; i < 45_000; i++) data[`key_${i}`] = `v${i}`;
    const text = JSON.stringify({ title: "Forty-five thousand keys", status: "done", data });
    expect(text.length).toBeGreaterThan(480_000);
    const { ms, result } = timed(() => parse(".claude/checkpoints/keys.json", text));
    expect(ms).toBeLessThan(LOOSE_MS);
    expect(result.document).toMatchObject({ title: "Forty-five thousand keys", status: "completed" });
    expect(result.problems).toEqual([expect.stringMatching(/data: 45,000 keys/)]);
  }, 120_000);

  it("cuts a YAML file past 128 KB at a line and reads the rest of it", () => {
    const yaml = `title: Long log\nstatus: active\nlog:\n${Array.from({ length: 8_000 }, (_, i) => `  - entry number ${i} of a long and wordy log`).join("\n")}\n`;
    expect(yaml.length).toBeGreaterThan(300_000);
    const { ms, result } = timed(() => parse(".claude/checkpoints/log.yaml", yaml));
    expect(ms).toBeLessThan(LOOSE_MS);
    expect(result.document).toMatchObject({ title: "Long log", status: "in-progress" });
    expect(result.problems.join("\n")).toMatch(/the first 128 KB of \d+ KB/);
  });
});

describe("duplicate keys", () => {
  it("are found in JSON in one pass, as JSON reads keys, with their lines", () => {
    const text = '{\n "a": 1,\n "b": {"a": 2, "c": [ {"a": 1, "a": 2} ]},\n "\\u0061": 3,\n "s": "\\"a\\": 1, \\"a\\": 2"\n}';
    const found = jsonDuplicateKeys(text);
    expect(found.count).toBe(2);
    expect(found.lines).toEqual([3, 4]);
    const { document, problems } = parse(".claude/checkpoints/dup.json", text.replace('"a": 1,', '"status": "active", "a": 1,'));
    expect(problems).toEqual(["duplicate key at line 3: the last value is used", "duplicate key at line 4: the last value is used"]);
    expect(document?.status).toBe("in-progress");
  });

  it("are reported for the first ten and counted after that, in YAML and in JSON", () => {
    const yaml = `status: active\n${Array.from({ length: 6_000 }, (_, i) => `branch: b${i}`).join("\n")}\n`;
    const read = parse(".claude/checkpoints/dup.yaml", yaml);
    expect(read.problems).toHaveLength(11);
    expect(read.problems[0]).toBe("duplicate key at line 3: the last value is used");
    expect(read.problems[10]).toBe("5,989 more duplicate keys: the last value of each is used");
    expect(read.document?.branch).toBe("b5999");
    const json = `{"status": "active", ${Array.from({ length: 6_000 }, (_, i) => `"branch": "b${i}"`).join(", ")}}`;
    const jsonRead = parse(".claude/checkpoints/dup.json", json);
    expect(jsonRead.problems).toHaveLength(11);
    expect(jsonRead.problems[10]).toBe("5,989 more duplicate keys: the last value of each is used");
    expect(jsonRead.document?.branch).toBe("b5999");
  });

  it("in a flow mapping of YAML are found too", () => {
    const { problems } = parse(".claude/checkpoints/flow.yaml", "status: active\nmeta: {a: 1, b: 2, a: 3}\n");
    expect(problems).toEqual(["duplicate key at line 2: the last value is used"]);
  });
});

describe("problems of one file", () => {
  it("are capped: the first ones, then a count of the rest", () => {
    // 60 frontmatter keys, each written twice: one problem per key
    const keys = Array.from({ length: 60 }, (_, i) => `key${i}: a\nkey${i}: b`).join("\n");
    const { problems } = parse(".claude/checkpoints/noisy.md", `---\ntitle: Noisy\nstatus: active\n${keys}\n---\n\n# Noisy\n`);
    expect(problems).toHaveLength(25);
    expect(problems[24]).toBe("36 more problems in this file (the first 24 are listed)");
  });
});

describe("task de-duplication", () => {
  it("keeps distinct tasks whose words are a subset of another's", () => {
    const tasks = ["Write tests", "Write tests for the parser", "Fix the parser", "Fix the parser crash on empty input", "Ship"];
    const { document } = parse(".claude/checkpoints/tasks.json", JSON.stringify({ status: "active", tasks }));
    expect(document?.tasks?.map((t) => t.text)).toEqual(tasks);
  });

  it("still counts one item written twice once: the same words, or repeated in another list in fewer words", () => {
    const { document } = parse(
      ".claude/checkpoints/twice.yaml",
      [
        "status: active",
        "next_steps:",
        "  - Run the exporter against the staging dump",
        "  - User performs manual testing of the round-trip",
        "  - Run /openspec:verify after manual testing passes",
        "pending:",
        "  - Exporter against staging dump",
        "  - exporter AGAINST the staging dump",
        "  - Manual testing by user",
        "  - /openspec:verify",
        "  - Update the changelog",
        "",
      ].join("\n"),
    );
    expect(document?.tasks?.map((t) => t.text)).toEqual([
      "Run the exporter against the staging dump",
      "User performs manual testing of the round-trip",
      "Run /openspec:verify after manual testing passes",
      "Update the changelog",
    ]);
  });

  it("stays quick when many lists share their words", () => {
    // 1,000 items over 40 words in 10 lists: every item's words overlap many others'
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const lists: Record<string, unknown> = { status: "active" };
    for (let l = 0; l < 10; l++) {
      const items = Array.from({ length: 100 }, (_, i) => words.filter((_, w) => (w * 7 + i * 13 + l) % 3 !== 0).slice(i % 5).join(" "));
      lists[`group${l}`] = { tasks: items };
    }
    const { ms, result } = timed(() => parse(".claude/checkpoints/overlap.json", JSON.stringify(lists)));
    expect(ms).toBeLessThan(LOOSE_MS);
    expect(result.document?.tasks?.length).toBeGreaterThan(0);
  });
});
