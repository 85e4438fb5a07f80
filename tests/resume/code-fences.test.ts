/** The resume brief's inputs: a code fence inside a gotchas or next-steps section never becomes an item. */
import { describe, expect, it } from "vitest";
import { sectionItems } from "../../lib/actions/resume-prompt";

describe("resume brief items", () => {
  it("takes bullets and sentences, never the lines of a code fence or an HTML comment", () => {
    const gotchas = ["- The fixture clock is UTC.", "```python", "from pathlib import Path", "# not a heading either", "```", "<!-- - draft: remove -->", "- Regenerate tokens hourly."].join("\n");
    expect(sectionItems(gotchas)).toEqual(["The fixture clock is UTC.", "Regenerate tokens hourly."]);
  });
});
