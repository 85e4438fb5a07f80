import { describe, expect, it } from "vitest";
import { dedupeTasks, readCheckbox, readTaskLine } from "./tasks";

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

describe("readCheckbox", () => {
  it("reads real checkboxes only: never an emoji, never a placeholder", () => {
    expect(readCheckbox("- [x] wired the exporter")?.done).toBe(true);
    expect(readCheckbox("3. [ ] numbered box")?.done).toBe(false);
    expect(readCheckbox("✅ shipped the release")).toBeNull();
    expect(readCheckbox("- [ ] [Task that is half done]")).toBeNull();
    expect(readCheckbox("- [ ] ")).toBeNull();
  });
});

describe("dedupeTasks", () => {
  it("keeps an item once when another list repeats it, in the same words or wholly inside a longer one", () => {
    const open = (text: string) => ({ text, done: false, state: "open" as const });
    expect(dedupeTasks([open("Rotate the staging key"), open("rotate the staging key."), open("Rotate the staging key (needs ops)")]).map((t) => t.text)).toEqual([
      "Rotate the staging key",
    ]);
  });
});
