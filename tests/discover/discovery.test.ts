import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findCandidateFiles } from "../../lib/discover/candidates";
import { readGlobalSettings } from "../../lib/discover/ignore";
import { isCandidatePath, parseDocument } from "../../lib/parse/registry";
import { indexRoots } from "../../lib/index/indexer";
import { listRecords } from "../../lib/queries/records";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let root: string;
let repo: string;

beforeEach(() => {
  space = tempSpace();
  root = join(space.dir, "code");
  repo = join(root, "shop");
  initRepo(repo);
  writeFiles(repo, { "src/app.ts": "export {};\n" });
  commitAll(repo, "feat: start");
});
afterEach(() => space.cleanup());

const HANDOFF = (title: string) => `# Handoff: ${title}\n\n- Created: 2026-05-01T10:00:00Z\n- Branch: main\n\n## Next Steps\n1. Ship it\n`;
const JACKED = (title: string) =>
  `<!doctype html><html><head><meta name="jacked:type" content="plan"><meta name="jacked:status" content="in-progress">` +
  `<meta name="jacked:branch" content="main"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const FRONTMATTER = (title: string) => `---\nstatus: in-progress\nbranch: feature/cart\n---\n# ${title}\n\n- [ ] wire the cart\n`;

const paths = async (options = {}) => (await findCandidateFiles(repo, root, options)).files.map((f) => `${f.relPath}${f.origin ? ` (${f.origin})` : ""}`);
const titles = () => listRecords(space.db(), { kind: "all" }).map((r) => `${r.path} [${r.format}] ${r.title ?? ""}`.trim()).sort();

describe("discovery finds what people keep", () => {
  it("reads every extension under .claude/checkpoints and .claude/handoffs", async () => {
    writeFiles(repo, {
      ".claude/checkpoints/01-cart.yaml": "title: Cart rework\nstatus: active\nbranch: main\n",
      ".claude/checkpoints/02-cart.json": '{"title": "Cart rework two", "status": "done"}',
      ".claude/checkpoints/03-cart.txt": "# Cart rework three\n\nStill going.\n",
      ".claude/handoffs/pay.html": JACKED("Payments handoff"),
      ".claude/handoffs/nested/pay.yml": "title: Payments data\nstatus: in_progress\n",
    });
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(titles()).toEqual([
      ".claude/checkpoints/01-cart.yaml [data] Cart rework",
      ".claude/checkpoints/02-cart.json [data] Cart rework two",
      ".claude/checkpoints/03-cart.txt [other-md] Cart rework three",
      ".claude/handoffs/nested/pay.yml [data] Payments data",
      ".claude/handoffs/pay.html [html] Payments handoff",
    ]);
  });

  it("finds session files by convention anywhere, case-insensitively", async () => {
    writeFiles(repo, {
      "LAST_SESSION.md": "# Last session — 2026-05-01, 10:00 (UTC)\n\n## What we just did\n- the cart\n",
      "NEXT_SESSION.md": HANDOFF("Next"),
      "SESSION_NOTES.md": HANDOFF("Notes"),
      "web/SESSION_STATE.md": "# Checkpoint: Web state\n**Branch**: main\n",
      "api/session-state.md": "# Checkpoint: Api state\n**Branch**: main\n",
      "HANDOFF_payments.md": HANDOFF("Payments"),
      "RESUME.md": "# Checkpoint: Resume the cart\n\n## Next Steps\n1. go\n",
      ".claude/checkpoint.md": "# Checkpoint: Claude cp\n**Branch**: main\n",
      ".claude/session_state.json": '{"status": "in_progress", "branch": "main"}',
      "docs/handoffs/2026/05/cart.md": HANDOFF("Deep handoff"),
      "handoffs/cart.md": HANDOFF("Root handoff"),
      "docs/sessions/2026-05-01.md": FRONTMATTER("Session one"),
      "docs/sessions/2026-05-02.md": "# Session two\n\n- Branch: main\n",
      "docs/guide.md": "# Not a checkpoint\n",
    });
    const found = await paths();
    for (const path of [
      "LAST_SESSION.md", "NEXT_SESSION.md", "SESSION_NOTES.md", "web/SESSION_STATE.md", "api/session-state.md", "HANDOFF_payments.md",
      "RESUME.md", ".claude/checkpoint.md", ".claude/session_state.json", "docs/handoffs/2026/05/cart.md", "handoffs/cart.md",
      "docs/sessions/2026-05-01.md", "docs/sessions/2026-05-02.md",
    ]) expect(found).toContain(path);
    expect(found.join()).not.toContain("docs/guide.md");
    await indexRoots(space.db(), { roots: [root], home: null });
    const formats = new Map(listRecords(space.db(), { kind: "all" }).map((r) => [r.path, r.format]));
    expect(formats.get("web/SESSION_STATE.md")).toBe("session-state");
    expect(formats.get("docs/sessions/2026-05-01.md")).toBe("frontmatter-md");
    expect(formats.get("docs/sessions/2026-05-02.md")).toBe("handoff");
    expect(formats.get(".claude/session_state.json")).toBe("data");
  });

  it("finds tracked jacked HTML and checkpoint frontmatter anywhere, by their first bytes, with no git process (tracked paths read from the index file)", async () => {
    writeFiles(repo, {
      "design/plans/cart.html": JACKED("Cart plan"),
      "docs/site/page.html": "<html><head><title>Just a page</title></head><body></body></html>",
      "notes/cart-progress.md": FRONTMATTER("Cart progress"),
      "notes/blog.md": "---\ntitle: A post\nstatus: draft\n---\n# A post\n",
      "notes/readme-like.md": "# Nothing here\n",
    });
    commitAll(repo, "docs");
    writeFiles(repo, { "notes/untracked.md": FRONTMATTER("Not committed") });
    const scan = await findCandidateFiles(repo, root);
    expect(scan.files.map((f) => `${f.relPath} (${f.origin})`)).toEqual(["design/plans/cart.html (content)", "notes/cart-progress.md (content)"]);
    expect(scan.cost).toMatchObject({ gitProcesses: 0, sniffed: 5 });
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(titles()).toEqual(["design/plans/cart.html [html] Cart plan", "notes/cart-progress.md [frontmatter-md] Cart progress"]);
  });

  it("never sniffs through a symlink and never runs git when nothing needs sniffing", async () => {
    writeFiles(space.dir, { "outside.md": FRONTMATTER("Outside") });
    symlinkSync(join(space.dir, "outside.md"), join(repo, "linked.md"));
    commitAll(repo, "link");
    const scan = await findCandidateFiles(repo, root);
    expect(scan.files).toEqual([]);
    const bare = join(root, "plain");
    initRepo(bare);
    writeFiles(bare, { "src/x.ts": "1\n" });
    expect((await findCandidateFiles(bare, root)).cost?.gitProcesses).toBe(0);
  });

  it("lets .cairnignore drop paths and add others", async () => {
    writeFiles(repo, {
      ".claude/checkpoints/archive/old.md": FRONTMATTER("Old"),
      ".claude/checkpoints/keep.md": FRONTMATTER("Keep"),
      "HANDOFF_scratch.md": HANDOFF("Scratch"),
      "notes/plain-notes.md": "# My running notes\n\n- [ ] one\n- [x] two\n",
      ".cairnignore": "# mine\n.claude/checkpoints/archive/\nHANDOFF_*.md\n!notes/plain-notes.md\n",
    });
    expect(await paths()).toEqual([".claude/checkpoints/keep.md", "notes/plain-notes.md (user)"]);
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(titles()).toEqual([".claude/checkpoints/keep.md [frontmatter-md] Keep", "notes/plain-notes.md [other-md] My running notes"]);
  });

  it("applies the global settings file beside the database, before the repository's own rules", async () => {
    writeFiles(repo, { "NEXT_SESSION.md": HANDOFF("Next"), "journal/today.md": "# Today\n" });
    writeFileSync(join(space.dir, "config.json"), JSON.stringify({ discovery: { ignore: ["NEXT_SESSION.md"], include: ["journal/*.md"] } }));
    const settings = await readGlobalSettings(join(space.dir, "config.json"));
    expect(await paths({ settings })).toEqual(["journal/today.md (user)"]);
    await indexRoots(space.db(), { roots: [root], home: null });
    expect(titles()).toEqual(["journal/today.md [other-md] Today"]);
    writeFileSync(join(space.dir, "config.json"), "{ not json");
    expect((await readGlobalSettings(join(space.dir, "config.json"))).problems[0]).toMatch(/not valid JSON/);
  });
});

describe("names and places that suggest a save", () => {
  it("reads plain HTML and Markdown in any checkpoints folder", () => {
    const html = parseDocument({ path: "design/checkpoints/cart-wrap-up.html", text: "<html><head><title>x</title></head><body><h1>Cart wrap-up</h1><p>Captured 2026-05-03.</p></body></html>" });
    expect(html.document).toMatchObject({ format: "html", title: "Cart wrap-up" });
    expect(isCandidatePath("ml/checkpoints/model.pt")).toBe(false);
  });

  it("reads a Markdown file named like a save when it is dated, and leaves an undated template alone", () => {
    expect(isCandidatePath("notes/2026-05-03-cart-polish-session.md")).toBe(true);
    expect(isCandidatePath("CART_LIMITS_CHECKPOINT_MAY3.md")).toBe(true);
    expect(isCandidatePath("STATUS.md")).toBe(true);
    expect(isCandidatePath("docs/statistics.md")).toBe(false);
    const dated = parseDocument({ path: "notes/2026-05-03-cart-polish-session.md", text: "# Session note — 3 May 2026 — cart polish\n\n## Next\n- [ ] tax table\n" });
    expect(dated.document?.format).toBe("other-md");
    const template = parseDocument({ path: "agents-memory/Checkpoint.md", text: "# Checkpoint\n\n**Last Updated:** -\n\n```\n# Checkpoint - [TIMESTAMP] 2026-01-01\n```\n" });
    expect(template.document).toBeNull();
    expect(parseDocument({ path: ".claude/skills/checkpoint/SESSION.md", text: "# Session 2026-05-03\n" }).document).toBeNull();
  });
});
