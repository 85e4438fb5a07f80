import { posix } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { PickError, planPromotion, promoteLearnings } from "../../lib/actions/promote";
import { CONFLICT_MESSAGE, WriteError } from "../../lib/write";
import * as family from "../../scripts/fixtures/families";
import { facts, fakeGithubToken, toCrlfWithBom, writeWorld, type WriteWorld } from "./support";

const run = promisify(execFile);
const CLI = join(process.cwd(), "bin", "cairn.mjs");
const GOTCHAS = [
  "The test database is shared across runs",
  "Excel exports use CRLF line endings",
  "The auth fixture expires after an hour",
  "Prettier and eslint disagree about commas",
];

let w: WriteWorld;
let path: string;
let id: string;
const notes = () => w.read(".claude/PROJECT-NOTES.md").toString("utf8");
// relative to .claude/PROJECT-NOTES.md, where the link is read (GitHub resolves it from there)
const link = () => `([checkpoint](${posix.relative(".claude", path)}))`;

beforeEach(async () => {
  w = writeWorld();
  const f = facts({ extraHtml: `<h2 id="failed">Failed Approaches</h2><ul>${GOTCHAS.map((g) => `<li>${g}</li>`).join("")}</ul>` });
  path = family.htmlCheckpointPath(f);
  w.write({ [path]: family.htmlCheckpoint(f) });
  await w.index();
  id = w.idOf(path);
});
afterEach(() => w.space.cleanup());

describe("listing candidates", () => {
  it("numbers the bullets and sentences of the learning sections 1..N, stably", async () => {
    const plan = await planPromotion(w.space.db(), id);
    expect(plan.candidates.map((c) => [c.n, c.section, c.text, c.state])).toEqual([
      [1, "Decisions Made", "Stream the file instead of loading it whole", "new"],
      // not the session's context: it is about that session, not the project
      [2, "Gotchas & Notes", "Excel exports use CRLF line endings everywhere", "new"],
      [3, "Failed Approaches", GOTCHAS[0], "new"],
      [4, "Failed Approaches", GOTCHAS[1], "new"],
      [5, "Failed Approaches", GOTCHAS[2], "new"],
      [6, "Failed Approaches", GOTCHAS[3], "new"],
    ]);
    expect((await planPromotion(w.space.db(), id)).candidates).toEqual(plan.candidates);
    expect(plan).toMatchObject({ checkpointPath: path, notesExists: false, notesProblem: null });
  });

  it("marks duplicates of PROJECT-NOTES.md (to sharpen) and of CLAUDE.md (to skip), showing the existing line", async () => {
    w.write({
      ".claude/PROJECT-NOTES.md": "# Project Notes\n\n- **Stream** the file instead of loading it whole (saves memory).\n",
      "CLAUDE.md": "# Guide\n\nRemember: the auth fixture expires after one hour.\n",
    });
    const plan = await planPromotion(w.space.db(), id);
    expect(plan.candidates[0]).toMatchObject({
      state: "duplicate",
      duplicate: { source: "PROJECT-NOTES.md", line: "- **Stream** the file instead of loading it whole (saves memory).", lineNumber: 3, canSharpen: true },
    });
    expect(plan.candidates[4]).toMatchObject({ state: "duplicate", duplicate: { source: "CLAUDE.md", lineNumber: 3, canSharpen: false } });
    const result = await promoteLearnings(w.space.db(), id, [{ n: 1 }, { n: 5 }]);
    expect(result.sharpened).toHaveLength(1);
    expect(result.skipped).toMatchObject([{ n: 5, reason: expect.stringMatching(/^already in CLAUDE.md/) }]);
    expect(notes()).toBe(`# Project Notes\n\n- Stream the file instead of loading it whole ${link()}\n`);
  });

  it("blocks candidates that carry a secret, and edited text that adds one", async () => {
    const f = facts({ gotcha: `The deploy token ${fakeGithubToken()} must be rotated monthly` });
    w.write({ [path]: family.htmlCheckpoint(f) });
    const plan = await planPromotion(w.space.db(), id);
    const blocked = plan.candidates.find((c) => c.section === "Gotchas & Notes");
    expect(blocked).toMatchObject({ state: "blocked", blockedReason: "it contains a redacted secret" });
    expect(blocked?.text).not.toContain("ghp_");
    await expect(promoteLearnings(w.space.db(), id, [{ n: blocked!.n }])).rejects.toBeInstanceOf(PickError);
    const edited = promoteLearnings(w.space.db(), id, [{ n: 1, text: `Use ${fakeGithubToken(3)} for the registry` }]);
    await expect(edited).rejects.toMatchObject({ picks: { 1: expect.stringMatching(/secret/) } });
    expect(w.list(".").includes(".claude")).toBe(true);
    expect(w.list(".claude")).not.toContain("PROJECT-NOTES.md");
  });
});

describe("promoting", () => {
  it("creates PROJECT-NOTES.md with its heading and appends terse bullets linking back, re-indexed at once", async () => {
    const result = await promoteLearnings(w.space.db(), id, [{ n: 2 }, { n: 3, text: "  The test database is shared across runs.  " }]);
    expect(result).toMatchObject({ created: true, message: "Added 2 learnings in .claude/PROJECT-NOTES.md (created)." });
    expect(notes()).toBe(
      `# Project Notes\n\n- Excel exports use CRLF line endings everywhere ${link()}\n- The test database is shared across runs ${link()}\n`,
    );
    expect(w.doc(".claude/PROJECT-NOTES.md")).toMatchObject({ format: "project-notes", kind: "journal" });
    // promoted ones are now duplicates
    const plan = await planPromotion(w.space.db(), id);
    expect(plan.candidates[1]).toMatchObject({ state: "duplicate", duplicate: { lineNumber: 3 } });
  });

  it("keeps the CRLF line endings and BOM of an existing PROJECT-NOTES.md", async () => {
    w.write({ ".claude/PROJECT-NOTES.md": toCrlfWithBom("# Project Notes\n\n- Ship on Tuesdays only\n") });
    await promoteLearnings(w.space.db(), id, [{ n: 2 }]);
    expect(notes()).toBe(`\uFEFF# Project Notes\r\n\r\n- Ship on Tuesdays only\r\n- Excel exports use CRLF line endings everywhere ${link()}\r\n`);
  });

  it("gives a conflict when the checkpoint changed since the form was rendered, and writes nothing", async () => {
    const rendered = w.doc(path).contentHash;
    writeFileSync(join(w.repo, path), family.htmlCheckpoint(facts({ decision: "Load it whole after all" })));
    const stale = promoteLearnings(w.space.db(), id, [{ n: 1 }], { expectedHash: rendered });
    await expect(stale).rejects.toMatchObject({ code: "conflict", message: CONFLICT_MESSAGE });
    await expect(stale).rejects.toBeInstanceOf(WriteError);
    expect(w.list(".claude")).not.toContain("PROJECT-NOTES.md");
  });

  it("lands both of two concurrent promotes, each once (Promise.all)", async () => {
    const db = w.space.db();
    await Promise.all([
      promoteLearnings(db, id, [{ n: 3 }]),
      promoteLearnings(db, id, [{ n: 4 }]),
      promoteLearnings(db, id, [{ n: 4 }]),
      promoteLearnings(db, id, [{ n: 5 }, { n: 6 }]),
    ]);
    const text = notes();
    for (const gotcha of GOTCHAS) expect(text.split(`- ${gotcha} ${link()}\n`).length - 1, gotcha).toBe(1);
    expect(text.startsWith("# Project Notes\n\n")).toBe(true);
    expect(text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(4);
  });

  it("lands every bullet of concurrent promotes from separate processes, each once", async () => {
    const env = { ...process.env, CAIRN_DB: w.space.dbPath };
    const picks = [3, 4, 5, 6, 4];
    const results = await Promise.all(picks.map((n) => run(process.execPath, [CLI, "promote", id, "--pick", String(n)], { env })));
    for (const r of results) expect(r.stdout).toMatch(/in \.claude\/PROJECT-NOTES\.md/);
    const text = notes();
    for (const gotcha of GOTCHAS) expect(text.split(`- ${gotcha} ${link()}\n`).length - 1, gotcha).toBe(1);
    expect(w.list(".claude").filter((n) => n.includes("cairn-"))).toEqual([]);
  }, 60_000);

  it("prints the numbered candidates from the CLI when no --pick is given, and fails with a one-line reason", async () => {
    const env = { ...process.env, CAIRN_DB: w.space.dbPath };
    const listed = await run(process.execPath, [CLI, "promote", id], { env });
    expect(listed.stdout).toContain("  1. [Decisions Made] Stream the file instead of loading it whole");
    expect(listed.stdout).toContain(`Promote with: cairn promote ${id} --pick N`);
    const bad = await run(process.execPath, [CLI, "promote", id, "--pick", "99"], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 1, stderr: "cairn: candidate 99: there is no candidate 99 (1..6)\n" });
    const completed = await run(process.execPath, [CLI, "complete", id], { env });
    expect(completed.stdout).toMatch(/^Completed Wire the importer: <meta name="jacked:status"> now says "completed"/);
    expect(w.read(path).toString()).toContain('<meta name="jacked:status" content="completed">');
  }, 60_000);
});
