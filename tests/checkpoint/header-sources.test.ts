/** The checkpoint header says where a value came from only when it was guessed or set by the user, and when the stated commit is not in the repository. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DocumentRow } from "../../db/schema";
import { CheckpointHeader } from "../../components/checkpoint/checkpoint-header";
import { provenance } from "../../components/checkpoint/field-source";

const row = (over: Partial<DocumentRow>): DocumentRow =>
  ({
    id: "0123456789abcdef", repositoryId: 1, path: ".claude/handoffs/x.md", absPath: "/r/.claude/handoffs/x.md", source: "worktree",
    format: "handoff", kind: "checkpoint", title: "Checkout rework", status: "in-progress", statusRaw: "WIP", branch: "feature/checkout",
    headShaRaw: "4f1c2aa", headSha: null, headShaVerified: null, savedAt: "2026-11-20T09:30:00.000Z", savedAtSource: "content",
    freshness: null, freshnessLevel: null, fieldSources: {}, meta: {},
    ...over,
  }) as DocumentRow;

const render = (doc: DocumentRow) =>
  renderToStaticMarkup(createElement(CheckpointHeader, { doc, repo: null, status: "in-progress", completedInCairn: false, tasks: { done: 1, total: 3 } }));

describe("checkpoint header provenance", () => {
  it("says nothing about values the file states (a label, a frontmatter key, a tag, its checkboxes)", () => {
    const html = render(
      row({
        headSha: "4f1c2aa0c2b8b6e0f5f3d0b1a9e8c7d6b5a49382",
        headShaVerified: true,
        fieldSources: { title: "heading:working-on", branch: "label:branch", savedAt: "label:updated", headSha: "frontmatter:head", tasks: "checkboxes", status: "meta:jacked:status" },
      }),
    );
    expect(html).not.toContain("data-provenance");
    expect(html).not.toMatch(/jacked|frontmatter key|bold label/);
    expect(html).not.toContain("not found in this repository");
  });

  it("shows on hover where a guessed value came from", () => {
    const html = render(row({ savedAtSource: "mtime", fieldSources: { title: "filename", branch: "text:branch-at-sha" } }));
    expect(html).toContain('title="guessed from the file name"');
    expect(html).toContain('title="guessed from “branch @ commit” in the text"');
    expect(html).toContain("guessed from the file&#x27;s modification time");
  });

  it("says a commit stated in the file is not found in this repository", () => {
    const html = render(row({ headShaVerified: false, fieldSources: { headSha: "label:last-commit" } }));
    expect(html).toContain("4f1c2aa");
    expect(html).toContain("not found in this repository");
  });

  it("says a corrected value was set by you", () => {
    expect(render(row({ fieldSources: { branch: "user" } }))).toContain('title="set by you"');
    expect(provenance("user")).toBe("set by you");
    expect(provenance("frontmatter:branch")).toBeNull();
    expect(provenance("heading:entry")).toBe("guessed from the newest dated entry");
  });
});
