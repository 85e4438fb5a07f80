import { describe, expect, it } from "vitest";
import { extractTasks, readTaskLine } from "./tasks";

describe("readTaskLine", () => {
  it.each([
    ["- [x] wrote the parser", "done"],
    ["- [X] wrote the parser", "done"],
    ["* [ ] add tests", "open"],
    ["+ [ ] add tests", "open"],
    ["1. [x] numbered checkbox", "done"],
    ["- [~] halfway", "in-progress"],
    ["- [!] stuck", "blocked"],
    ["✅ shipped the release", "done"],
    ["- ✅ **Typed handlers**: done", "done"],
    ["15. ✅ numbered with emoji", "done"],
    ["1-14. ✅ range of earlier steps", "done"],
    ["❌ the cache idea", "failed"],
    ["- 🚧 migration", "in-progress"],
    ["⏳ waiting for CI", "in-progress"],
    ["⛔ needs a key", "blocked"],
    ['<input type="checkbox" checked> ship it', "done"],
    ['- <input type="checkbox" disabled> later', "open"],
  ])("%s -> %s", (line, state) => {
    expect(readTaskLine(line)?.state).toBe(state);
  });

  it("ignores plain bullets and prose", () => {
    expect(readTaskLine("- a plain bullet")).toBeNull();
    expect(readTaskLine("Some prose [x] inline")).toBeNull();
  });
});

describe("extractTasks", () => {
  const lines = ["## Done", "1. not a task here", "## Next Steps", "1. first step", "2. ~~second step~~", "- [ ] a checkbox elsewhere", "```", "- [ ] in code", "```"];
  const inCode = lines.map((l, i) => i >= 6);
  it("reads numbered steps as tasks only in step sections, and skips code", () => {
    const tasks = extractTasks(lines, { inCode, inStepSection: (i) => i >= 2 && i <= 5 });
    expect(tasks.map((t) => [t.text, t.state])).toEqual([
      ["first step", "open"],
      ["second step", "done"],
      ["a checkbox elsewhere", "open"],
    ]);
  });

  it("reads top-level bullets as steps when a step section has no checkboxes", () => {
    const tasks = extractTasks(["## Next", "- call the vendor", "- write the doc"], { inStepSection: (i) => i >= 1 });
    expect(tasks).toHaveLength(2);
    expect(tasks.every((t) => !t.done)).toBe(true);
  });
});
