import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";

const LEGACY = `---
status: in-progress
branch: fix/login-loop
timestamp: 2026-03-09T18:20:00Z
plans_in_progress:
  - docs/plans/login.md
research_files:
  - .claude/research/20260309-oauth.html
files_modified:
  - ignored.ts
---

# Checkpoint: Login redirect loop

## What We're Working On
The login page redirects forever when the session cookie is stale.

## Remaining Work
- [x] Reproduce with an expired cookie
- [ ] Clear the cookie on 401
`;

describe("frontmatter-md", () => {
  it("reads a legacy jacked Markdown checkpoint", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/checkpoints/20260309-182000-login-loop.md", text: LEGACY });
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("frontmatter-md");
    expect(doc?.title).toBe("Login redirect loop");
    expect(doc?.status).toBe("in-progress");
    expect(doc?.branch).toBe("fix/login-loop");
    expect(doc?.headSha).toBeNull();
    expect(doc?.savedAt).toBe("2026-03-09T18:20:00.000Z");
    expect(doc?.tasks?.map((t) => t.done)).toEqual([true, false]);
    expect(doc?.references).toEqual(
      expect.arrayContaining([
        { path: "docs/plans/login.md", role: "plan" },
        { path: ".claude/research/20260309-oauth.html", role: "research" },
      ]),
    );
    expect(doc?.references.some((r) => r.path === "ignored.ts")).toBe(false);
  });

  it("reports broken YAML at its file line and still reads the body", () => {
    const text = "---\nbranch: main\nstatus: [oops\n---\n# Checkpoint: Still readable\n\n## Goal\nKeep going.\n";
    const { document: doc, problems } = parseDocument({ path: ".claude/checkpoints/20260101-0000-x.md", text });
    expect(problems).toEqual(["frontmatter is not valid YAML at line 3"]);
    expect(doc?.title).toBe("Still readable");
    expect(doc?.savedAtSource).toBe("filename");
  });

  it("treats ---js frontmatter as a problem and plain data", () => {
    const text = "---js\nmodule.exports = { status: process.exit(1) }\n---\n# Checkpoint: Not run\n";
    const { document: doc, problems } = parseDocument({ path: ".claude/checkpoints/js.md", text });
    expect(doc?.title).toBe("Not run");
    expect(doc?.status).toBeNull();
    expect(doc?.meta.frontmatterRaw).toContain("process.exit");
    expect(problems[0]).toMatch(/js frontmatter is not read/);
  });

  it("accepts duplicated keys with a problem", () => {
    const text = "---\nABOUT: first\nABOUT: second\nlabel: latest\nsaved: 2026-02-02\n---\n## Goal\nShip it.\n";
    const { document: doc, problems } = parseDocument({ path: ".claude/checkpoints/latest.md", text });
    expect(problems).toEqual(['frontmatter key "ABOUT" appears 2 times (last one kept)', "no title"]);
    expect(doc?.title).toBeNull();
    expect(doc?.savedAt).toBe("2026-02-02T00:00:00.000Z");
  });

  it("reads nested metadata, identifier H1s and quoted timestamps", () => {
    const text = [
      "---",
      "id: tool:checkpoint:proj:20260701-0900-proj",
      "status: active",
      "title: null",
      "created_at: '2026-07-01 09:00:12.5+00:00'",
      "---",
      "",
      "# tool:checkpoint:proj:20260701-0900-proj",
      "",
      "## body",
      "",
      "# Session Checkpoint — the real title",
      "",
      "## 1. Goal",
      "Finish the importer.",
    ].join("\n");
    const { document: doc } = parseDocument({ path: ".borg/knowledge/documents/tool:checkpoint:proj.md", text });
    expect(doc?.title).toBe("Session Checkpoint — the real title");
    expect(doc?.status).toBe("in-progress");
    expect(doc?.savedAt).toBe("2026-07-01T09:00:12.500Z");
  });

  it("reads epoch and nested metadata dates", () => {
    const text = "---\nname: \"\"\nmetadata: \n  branch: main\n  modified: 2026-07-30T17:50:02.540Z\n---\n# Notes\n";
    const { document: doc } = parseDocument({ path: ".borg/checkpoints/notes.md", text });
    expect(doc?.branch).toBe("main");
    expect(doc?.savedAt).toBe("2026-07-30T17:50:02.540Z");
  });
});

describe("numbers in frontmatter", () => {
  it("keeps a short sha that YAML would read as a number as written (an exponent)", () => {
    for (const head of ["12e4567", "0e12345", "1234e56"]) {
      const text = `---\nhead: ${head}\n---\n## Working on: Checkout rework\n\n**Branch:** main\n`;
      const { document: doc } = parseDocument({ path: ".claude/handoffs/2026-11-20-cart.md", text });
      expect(doc?.headSha).toBe(head);
    }
  });
});
