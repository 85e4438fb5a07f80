import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FreshnessBanner } from "../../components/freshness-banner";

const STALE = {
  newCommits: 4, bookkeepingCommits: 2, commitsSinceSavedAt: null, countBasis: "sha", headReachable: true,
  resolvedHeadSha: "be4ae573b4a591a4c6937a8e9b53e504a8a6eef2", branchMatches: true, currentBranch: "main",
  savedBranchExists: true, savedBranchMoved: 4, dirtySaved: 2, dirtyNow: 0, filesChanged: 14,
  missingFiles: ["docs/removed-design.md"], modifiedFileStates: [], unmentionedModified: [], level: "very-stale",
  reasons: ["4 commits since save (2 bookkeeping)", "<b>not markup</b>"],
};

describe("FreshnessBanner", () => {
  it("renders nothing for a fresh checkpoint", () => {
    expect(renderToStaticMarkup(createElement(FreshnessBanner, { freshness: { ...STALE, level: "fresh" }, branch: "main" }))).toBe("");
    expect(renderToStaticMarkup(createElement(FreshnessBanner, { freshness: null, branch: "main" }))).toBe("");
  });

  it("renders the warning, the badge, the diff link and escaped reasons", () => {
    const html = renderToStaticMarkup(createElement(FreshnessBanner, { freshness: STALE, branch: "main", checkpointId: "0123456789abcdef" }));
    expect(html).toContain(
      "1 referenced file missing, 4 commits since the save (2 bookkeeping), 14 files changed.",
    );
    expect(html).toContain("very stale");
    expect(html).not.toContain("possibly stale");
    expect(html).toContain('href="/checkpoints/0123456789abcdef/diff"');
    expect(html).toContain("docs/removed-design.md");
    expect(html).toContain("&lt;b&gt;not markup&lt;/b&gt;");
    expect(html).not.toContain("<b>not markup</b>");
  });
});
