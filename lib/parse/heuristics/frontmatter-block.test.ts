import { describe, expect, it } from "vitest";
import { flattenFrontmatter, fmList, readFrontmatter } from "./frontmatter-block";

describe("readFrontmatter", () => {
  it("splits YAML frontmatter from the body", () => {
    const block = readFrontmatter("---\nstatus: in-progress\nresearch_files:\n  - a.html\n---\n# Title\nbody");
    expect(block.data).toEqual({ status: "in-progress", research_files: ["a.html"] });
    expect(block.body).toBe("# Title\nbody");
    expect(block.bodyLine).toBe(6);
    expect(block.problems).toEqual([]);
  });

  it("reports broken YAML with the file line and still returns the body", () => {
    const block = readFrontmatter("---\ntitle: fine\nstatus: [unclosed\n---\n# Body stays");
    expect(block.data).toBeNull();
    expect(block.problems[0]).toMatch(/^frontmatter is not valid YAML at line \d+$/);
    expect(block.body).toBe("# Body stays");
  });

  it("tolerates duplicated keys with a problem", () => {
    const block = readFrontmatter("---\nNOTE: one\nNOTE: two\n---\nbody");
    expect(block.data).toEqual({ NOTE: "two" });
    expect(block.problems).toEqual(['frontmatter key "NOTE" appears 2 times (last one kept)']);
  });

  it("never evaluates JavaScript frontmatter", () => {
    const block = readFrontmatter("---js\n{ title: (() => { throw new Error('ran') })() }\n---\n# Safe");
    expect(block.data).toBeNull();
    expect(block.raw).toContain("throw");
    expect(block.problems[0]).toMatch(/js frontmatter is not read/);
    expect(block.body).toBe("# Safe");
  });

  it("treats a lone opening fence as an unclosed block and keeps the rest as body", () => {
    const block = readFrontmatter("---\n\n# Session Debrief\n\nText");
    expect(block.data).toBeNull();
    expect(block.body).toContain("# Session Debrief");
    expect(block.problems[0]).toMatch(/never closed/);
  });

  it("leaves text without frontmatter alone", () => {
    expect(readFrontmatter("# Just markdown").body).toBe("# Just markdown");
  });
});

describe("helpers", () => {
  it("flattens a nested metadata map and reads lists from strings", () => {
    expect(flattenFrontmatter({ name: "", metadata: { branch: "main" } })).toEqual({ name: "", metadata: { branch: "main" }, branch: "main" });
    expect(fmList({ plans: "a.md; b.md" }, "plans")).toEqual(["a.md", "b.md"]);
  });
});
