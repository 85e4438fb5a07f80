import { describe, expect, it } from "vitest";
import { claimsDataPath, humaniseKey } from "./data-checkpoint";
import { parseDocument } from "./registry";

const parse = (path: string, text: string) => parseDocument({ path, text });

describe("YAML and JSON checkpoints read as data", () => {
  it("maps the common keys of a YAML handoff", () => {
    const { document, problems } = parse(
      ".claude/handoffs/2026-05-02-search.yaml",
      `title: Search ranking rework
status: done
git_branch: feat/ranking
head: 4f1c2aa
updated: "2026-05-02T09:15:00Z"
todos:
  - text: Boost exact title matches
    done: true
  - text: Wire synonyms behind a flag
    done: false
  - Write the migration note
`,
    );
    expect(problems).toEqual([]);
    expect(document).toMatchObject({
      format: "data",
      title: "Search ranking rework",
      status: "completed",
      branch: "feat/ranking",
      headSha: "4f1c2aa",
      savedAt: "2026-05-02T09:15:00.000Z",
    });
    expect(document?.tasks?.map((t) => [t.text, t.done])).toEqual([
      ["Boost exact title matches", true],
      ["Wire synonyms behind a flag", false],
      ["Write the migration note", false],
    ]);
    expect(document?.meta).toMatchObject({ dataFormat: "yaml", dataKind: "handoff" });
  });

  it("reads nested JSON state (session.task_status, git.commit) and counts an item repeated in two lists once", () => {
    const { document } = parse(
      ".claude/session-state.json",
      JSON.stringify({
        saved_at: "2026-03-01T10:00:00Z",
        session: { current_focus: "Port the exporter", task_status: "in_progress" },
        git: { branch: "main", commit: "9d03b17 fix the exporter header" },
        next_steps: ["Run the exporter against the staging dump", "Ask for review"],
        pending_tasks: ["Exporter against staging dump", "Update the changelog"],
        completed: ["Wrote the header writer"],
      }),
    );
    // no title key: the record's title stays null (RULES.md), the page names it by the work it names
    expect(document).toMatchObject({ format: "data", status: "in-progress", branch: "main", headSha: "9d03b17", title: null });
    expect(document?.meta?.workTitle).toBe("Port the exporter");
    expect(document?.tasks?.map((t) => t.text)).toEqual(["Run the exporter against the staging dump", "Ask for review", "Update the changelog"]);
    expect(document?.sections.find((s) => s.canonical === "working-on")?.text).toContain("Port the exporter");
  });

  it("reports duplicate keys as a problem and keeps reading", () => {
    const { document, problems } = parse(".claude/checkpoints/dup.yaml", "status: active\nbranch: a\nbranch: b\n");
    expect(problems).toEqual([expect.stringMatching(/duplicate key at line 3/)]);
    expect(document?.branch).toBe("b");
    const json = parse(".claude/checkpoints/dup.json", '{"status":"active","status":"done"}');
    expect(json.problems[0]).toMatch(/duplicate key/);
    expect(json.document?.status).toBe("completed");
  });

  it("never crashes on broken or odd data", () => {
    expect(parse(".claude/checkpoints/broken.json", '{"status": "active",').document).toBeNull();
    expect(parse(".claude/checkpoints/broken.json", '{"status": "active",').problems[0]).toMatch(/JSON is not valid/);
    expect(parse(".claude/checkpoints/tabs.yaml", "a: [unclosed\n  - x: :\n").problems.length).toBeGreaterThan(0);
    const scalar = parse(".claude/checkpoints/one-line.yaml", "phase 2 finished at noon\n");
    expect(scalar.document).not.toBeNull();
    expect(scalar.document?.status).toBeNull();
    expect(parse(".claude/checkpoints/alias-bomb.yaml", "a: &a [1,1,1]\nb: &b [*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c]\n").document).not.toBeUndefined();
  });

  it("does not take a hook's flag file at a convention path for a checkpoint", () => {
    expect(parse(".claude/session-state.json", '{"specsRead": 3, "lastSpecRead": "/tmp/x.md"}').document).toBeNull();
  });

  it("claims data files in checkpoint folders and by convention, not the last-session sentinel or package files", () => {
    expect(claimsDataPath(".claude/checkpoints/x.yml")).toBe(true);
    expect(claimsDataPath(".claude/handoffs/nested/x.json")).toBe(true);
    expect(claimsDataPath("tools/.claude/session_state.json")).toBe(true);
    expect(claimsDataPath(".claude/handoff.yml")).toBe(true);
    expect(claimsDataPath(".claude/.session-state.json")).toBe(false);
    expect(claimsDataPath("package.json")).toBe(false);
    expect(claimsDataPath("config/settings.json")).toBe(false);
  });

  it("takes its title from working_on / task / goal when it has none, and humanises its keys as headings", () => {
    const { document } = parse(
      ".claude/session-state.json",
      JSON.stringify({ working_on: "Wire the <b>CSV</b> export\nthen the PDF one", status: "in_progress", nextSteps: ["Ship it"], key_decisions: ["Stream rows"] }),
    );
    expect(document?.title).toBeNull();
    expect(document?.meta?.workTitle).toBe("Wire the <b>CSV</b> export");
    expect(document?.sections.map((s) => s.heading)).toEqual(expect.arrayContaining(["Working on", "Key decisions", "Next steps"]));
    expect(parse(".claude/checkpoints/a.yaml", "goal: Port the importer\nstatus: active\n").document?.meta?.workTitle).toBe("Port the importer");
    expect(parse(".claude/checkpoints/c.json", JSON.stringify({ active_task: "None", status: "active" })).document?.meta?.workTitle).toBeUndefined();
    expect(parse(".claude/checkpoints/b.yaml", "title: Named\ntask: Other\n").document?.title).toBe("Named");
    expect(humaniseKey("currentFocus")).toBe("Current focus");
    expect(humaniseKey("next-steps")).toBe("Next steps");
  });
});
