import { describe, expect, it } from "vitest";
import { proseOnly } from "./prose";

describe("proseOnly", () => {
  it("drops fenced code, HTML comments and style/script blocks, keeping the prose around them", () => {
    const text = ["- Mind the CRLF exports", "```python", "from pathlib import Path", "```", "<!-- - a hidden note -->", "<script>", "alert(1)", "</script>", "- Keep the BOM"].join("\n");
    expect(proseOnly(text).split("\n").filter(Boolean)).toEqual(["- Mind the CRLF exports", "- Keep the BOM"]);
  });
});
