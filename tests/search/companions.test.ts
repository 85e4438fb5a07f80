/**
 * Issue 24: a convention unit's companion files (a Spec Kit feature's plan.md and research.md, an OpenSpec change's
 * design.md...) are searched as part of the unit and kept with it for its page: redacted like the record's own text,
 * capped (64 KB each, 256 KB in all). A real temporary git repository and a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { indexRoots } from "../../lib/index/indexer";
import { searchDocuments } from "../../lib/queries/search";
import { listRecords } from "../../lib/queries/records";
import { companionTextsOf } from "../../lib/parse/conventions/unit";
import { COMPANION_TEXT_MAX, COMPANION_TEXTS_MAX } from "../../lib/index/companion-text";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { plantSecrets } from "../security/support/planted";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
const SECRET = plantSecrets().find((s) => s.rule === "github-token")!;
const FEATURE = "specs/002-voice-upload";
const CHANGE = "openspec/changes/add-search";
const filler = (word: string, bytes: number) => `${`${word} lorem ipsum dolor sit amet\n`.repeat(Math.ceil(bytes / 32))}`;

beforeAll(async () => {
  space = tempSpace("cairn-companions-");
  const repo = join(space.dir, "root", "radio");
  initRepo(repo);
  writeFiles(repo, {
    "README.md": "# Radio\n",
    [`${FEATURE}/spec.md`]: "# Feature Specification: Voice upload\n\n**Feature Branch**: `002-voice-upload`\n**Status**: In Progress\n",
    [`${FEATURE}/tasks.md`]: "# Tasks\n\n- [x] T001 Add the table\n- [ ] T002 Draw the page\n",
    [`${FEATURE}/plan.md`]: "# Implementation Plan: Voice upload\n\n## Technical Context\n\nEncode the uploads with the **xylophonic** codec.\n",
    [`${FEATURE}/research.md`]: `# Research\n\nThe CI uses:\n\n    ${SECRET.line}\n\nand the pangolinish cache.\n`,
    // a companion past the cap: its start is searched, its end is not
    [`${FEATURE}/data-model.md`]: `# Data model\n\n${filler("quartzine", COMPANION_TEXT_MAX + 4096)}\nmarmaladeous\n`,
    // an OpenSpec change whose companions together pass the overall cap
    [`${CHANGE}/tasks.md`]: "## 1. Implementation\n- [ ] 1.1 Index titles\n",
    [`${CHANGE}/proposal.md`]: `# Change: Add search\n\n${filler("alpha", COMPANION_TEXTS_MAX)}`,
    [`${CHANGE}/design.md`]: `# Design\n\n${filler("beta", COMPANION_TEXTS_MAX)}`,
  });
  commitAll(repo, "voice upload", new Date("2026-05-18T10:00:00Z"));
  await indexRoots(space.db(), { roots: [join(space.dir, "root")], home: null });
}, 120_000);
afterAll(() => space?.cleanup());

const found = (q: string) => searchDocuments(space.db(), q, { limit: 20 }).hits;
const feature = () => listRecords(space.db(), { kind: "all" }).find((r) => r.format === "spec-kit" && r.path === `${FEATURE}/spec.md`)!;

describe("a convention unit's companions", () => {
  it("a word only in a Spec Kit feature's plan.md finds the feature, with the word in its snippet", () => {
    const hits = found("xylophonic");
    expect(hits.map((h) => h.path)).toContain(`${FEATURE}/spec.md`);
    const hit = hits.find((h) => h.path === `${FEATURE}/spec.md`)!;
    expect(hit.title).toBe("Voice upload");
    expect(hit.snippet.some((p) => p.mark && /xylophonic/i.test(p.text))).toBe(true);
    // a phrase from research.md too
    expect(found('"pangolinish cache"').map((h) => h.path)).toContain(`${FEATURE}/spec.md`);
  });

  it("are redacted before they are kept or indexed: the raw secret is in no stored byte", () => {
    expect(found(SECRET.value.slice(0, 12)).map((h) => h.path)).not.toContain(`${FEATURE}/spec.md`);
    const db = space.db().$client;
    db.pragma("wal_checkpoint(TRUNCATE)");
    const bytes = readFileSync(space.dbPath);
    expect(bytes.includes(Buffer.from(SECRET.value))).toBe(false);
    const row = db.prepare("SELECT meta, body FROM documents WHERE id = ?").get(feature().id) as { meta: string; body: string };
    expect(row.body).toContain("[REDACTED:github-token]");
    const research = companionTextsOf(JSON.parse(row.meta)).find((c) => c.path === `${FEATURE}/research.md`)!;
    expect(research.text).toContain("[REDACTED:github-token]");
    expect(research.text).not.toContain(SECRET.value);
  });

  it("are kept for the unit's page, prose only, each capped at 64 KB and all at 256 KB", () => {
    const meta = (id: string) => JSON.parse((space.db().$client.prepare("SELECT meta FROM documents WHERE id = ?").get(id) as { meta: string }).meta);
    const texts = companionTextsOf(meta(feature().id));
    expect(texts.map((c) => c.path).sort()).toEqual([`${FEATURE}/data-model.md`, `${FEATURE}/plan.md`, `${FEATURE}/research.md`, `${FEATURE}/tasks.md`]);
    const model = texts.find((c) => c.path.endsWith("data-model.md"))!;
    expect(model.truncated).toBe(true);
    expect(Buffer.byteLength(model.text)).toBeLessThanOrEqual(COMPANION_TEXT_MAX);
    expect(found("quartzine").map((h) => h.path)).toContain(`${FEATURE}/spec.md`);
    expect(found("marmaladeous").map((h) => h.path)).not.toContain(`${FEATURE}/spec.md`);

    const change = listRecords(space.db(), { kind: "all" }).find((r) => r.format === "openspec")!;
    const changeTexts = companionTextsOf(meta(change.id));
    expect(changeTexts.reduce((n, c) => n + Buffer.byteLength(c.text), 0)).toBeLessThanOrEqual(COMPANION_TEXTS_MAX);
    expect(changeTexts.every((c) => Buffer.byteLength(c.text) <= COMPANION_TEXT_MAX)).toBe(true);
  });
});
