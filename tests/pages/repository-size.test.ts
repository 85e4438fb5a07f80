/**
 * Issue 42 item 11: a repository page with 3,000 Spec Kit features weighed 21 MB (every row of its table, a dot
 * per save, a branch filter of 3,000 options). A real repository and index; the page's parts drawn as the page
 * draws them: a page of the table with links to the others, the newest saves on the timeline, the branch typed.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexRoots } from "../../lib/index/indexer";
import { REPO_PAGE_SIZE, repositoryPage, repoTableQuery } from "../../lib/queries/repository";
import { repositories } from "../../db/schema";
import { Pagination } from "../../components/pagination";
import { RelatedDocuments } from "../../components/repository/related-documents";
import { BRANCH_CHOICES } from "../../components/repository/repo-filters";
import { MAX_DOTS, SaveTimeline } from "../../components/save-timeline";
import { SortableCheckpointTable } from "../../components/sortable-checkpoint-table";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

/** 1,200 keeps the run short and passes every cap (24 pages, 4x the dots drawn, 12x the branch list); CAIRN_REPO_SIZE_FEATURES=3000 measures the probe's size. */
const FEATURES = Number(process.env.CAIRN_REPO_SIZE_FEATURES ?? 1_200);
let space: TempSpace;
let repoId: number;

beforeAll(async () => {
  space = tempSpace("cairn-repo-size-");
  const repo = join(space.dir, "code", "big");
  initRepo(repo);
  const files: Record<string, string> = {};
  for (let i = 1; i <= FEATURES; i++) {
    const n = String(i).padStart(4, "0");
    const day = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);
    files[`specs/${n}-feature-number-${i}/spec.md`] = `# Feature Specification: Feature number ${i}\n\n**Feature Branch**: \`${n}-feature-number-${i}\`\n**Created**: ${day}\n**Status**: Draft\n\n## Summary\nThing ${i}.\n`;
  }
  writeFiles(repo, files);
  commitAll(repo, "specs");
  await indexRoots(space.db(), { roots: [join(space.dir, "code")], home: null });
  repoId = space.db().select().from(repositories).all()[0].id;
}, 300_000);

afterAll(() => space?.cleanup());

/** The page's heavy parts, drawn as app/repos/[id]/page.tsx draws them. */
function draw(sp: Record<string, string>) {
  const data = repositoryPage(space.db(), repoId, repoTableQuery(sp))!;
  const html = [
    renderToStaticMarkup(createElement(SortableCheckpointTable, { rows: data.rows, sort: "date", dir: "desc", sortHref: () => "/s", caption: "c", firstIndex: data.firstIndex })),
    renderToStaticMarkup(createElement(Pagination, { page: data.page, pages: data.pages, hrefFor: (p: number) => `/repos/${repoId}?page=${p}#checkpoints` })),
    renderToStaticMarkup(createElement(SaveTimeline, { id: "t", repoName: "big", saves: data.timeline, commits: data.commits, showAll: sp.timeline === "all", allHref: "/a", focusHref: "/f" })),
    renderToStaticMarkup(createElement(RelatedDocuments, { documents: data.related })),
  ].join("");
  return { data, html };
}

describe("a repository of thousands of Spec Kit features", () => {
  it("draws one page of its table, with links to the others, and stays well under 1 MB", () => {
    const { data, html } = draw({});
    expect(data.total).toBe(FEATURES);
    expect(data.rows).toHaveLength(REPO_PAGE_SIZE);
    expect(data.pages).toBe(FEATURES / REPO_PAGE_SIZE);
    expect(html).toContain(`href="/repos/${repoId}?page=2#checkpoints"`);
    expect(html).toContain(`href="/repos/${repoId}?page=${FEATURES / REPO_PAGE_SIZE}#checkpoints"`);
    // the served page carries about as much again for React; the goal is under 1 MB in all
    process.stdout.write(`repository page parts, ${FEATURES} features: ${Buffer.byteLength(html)} bytes\n`);
    expect(Buffer.byteLength(html)).toBeLessThan(400 * 1024);
    const withEverySave = draw({ timeline: "all" }).html;
    expect(Buffer.byteLength(withEverySave)).toBeLessThan(400 * 1024);
    expect(withEverySave).toContain(`The newest ${MAX_DOTS} saves are drawn`);
  });

  it("gives the last page its rows, and a page past the end the last one", () => {
    const last = draw({ page: String(FEATURES / REPO_PAGE_SIZE) }).data;
    expect(last.firstIndex).toBe(FEATURES - REPO_PAGE_SIZE + 1);
    expect(last.rows).toHaveLength(REPO_PAGE_SIZE);
    expect(draw({ page: "99999" }).data.page).toBe(FEATURES / REPO_PAGE_SIZE);
    const seen = new Set([...draw({ page: "1" }).data.rows, ...draw({ page: "2" }).data.rows].map((r) => r.id));
    expect(seen.size, "two pages, no row twice").toBe(2 * REPO_PAGE_SIZE);
  });

  it("offers the branch as a typed name past the list's length", () => {
    expect(draw({}).data.branches.length).toBeGreaterThan(BRANCH_CHOICES);
  });
});
