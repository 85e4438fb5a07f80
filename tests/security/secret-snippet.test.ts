/** A secret finding shows its line masked, from the redacted text the index keeps: never the value. */
import { describe, expect, it } from "vitest";
import { maskedSnippet } from "../../lib/queries/secrets";

describe("maskedSnippet", () => {
  const text = "# Deploy\n\nThe bot token is [REDACTED:github-token] until we rotate it\r\nlast line";

  it("gives the finding's line, masked, trimmed", () => {
    expect(maskedSnippet(text, 3)).toBe("The bot token is [REDACTED:github-token] until we rotate it");
    expect(maskedSnippet(text, 4)).toBe("last line");
  });

  it("cuts a long line around the mask, and says nothing for a line that is not there", () => {
    const long = `${"a".repeat(300)} key=[REDACTED:aws-key] ${"b".repeat(300)}`;
    const snippet = maskedSnippet(long, 1)!;
    expect(snippet).toContain("[REDACTED:aws-key]");
    expect(snippet.length).toBeLessThanOrEqual(162);
    expect(snippet.startsWith("…") && snippet.endsWith("…")).toBe(true);
    expect(maskedSnippet(text, 9)).toBeNull();
    expect(maskedSnippet(text, 2)).toBeNull();
  });
});
