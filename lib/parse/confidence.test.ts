import { describe, expect, it } from "vitest";
import { confidenceOf, fieldConfidence } from "./confidence";

describe("fieldConfidence", () => {
  it("is stated when a key or label names the field", () => {
    expect(confidenceOf("status", "frontmatter:status")).toBe("stated");
    expect(confidenceOf("branch", "label:branch")).toBe("stated");
    expect(confidenceOf("headSha", "table:commit")).toBe("stated");
    expect(confidenceOf("status", "heading:status")).toBe("stated");
    expect(confidenceOf("branch", "section:branch")).toBe("stated");
    expect(confidenceOf("status", "data:session.status")).toBe("stated");
    expect(confidenceOf("title", "h1")).toBe("stated");
  });

  it("is guessed when a heading, a sentence, a title tag or the file name gave it", () => {
    expect(confidenceOf("status", "statement:opening")).toBe("guessed");
    expect(confidenceOf("status", "h1:tag")).toBe("guessed");
    expect(confidenceOf("status", "heading:statement")).toBe("guessed");
    expect(confidenceOf("branch", "text:prose")).toBe("guessed");
    expect(confidenceOf("branch", "h1")).toBe("guessed");
    expect(confidenceOf("savedAt", "filename")).toBe("guessed");
    expect(confidenceOf("title", "heading:working-on")).toBe("guessed");
    expect(confidenceOf("headSha", "section:recent-commits")).toBe("guessed");
  });

  it("is user for a correction, and only the fields with a value get one", () => {
    expect(fieldConfidence({ title: "X", status: "completed", branch: null }, { title: "h1", status: "user" })).toEqual({ title: "stated", status: "user" });
  });
});
