/**
 * Secrets written escaped (issue 42 item 2): one token per form, and the files that carry them. Shared by the
 * index-level test (tests/security/escaped-secrets.test.ts) and the built server's hostile commit
 * (tests/live/hostile-commit.test.ts).
 */
export type EscapedTokens = Record<"json" | "yaml" | "taskMaster" | "entity" | "mdEscape" | "tagSplit" | "companion" | "aws", string>;

/** Pattern-valid fake tokens; `random(n, seed)` gives n letters and digits. */
export function escapedTokens(random: (n: number, seed: number) => string): EscapedTokens {
  const ghp = (seed: number) => ["gh", "p_", random(36, seed)].join("");
  return {
    json: ghp(1),
    yaml: ghp(2),
    taskMaster: ghp(3),
    entity: ghp(4),
    mdEscape: ghp(5),
    tagSplit: ghp(6),
    companion: ghp(7),
    aws: ["AK", "IA", random(16, 8).toUpperCase().replace(/[^A-Z2-7]/g, "Q")].join(""),
  };
}

const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
const x = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
const entity = (c: string) => `&#${c.charCodeAt(0)};`;

/** Files (path -> text) each holding its token only in escaped form. */
export function ESCAPED_FILES(t: EscapedTokens): Record<string, string> {
  const files: Record<string, string> = {
    ".claude/checkpoints/escaped-state.json": [
      "{",
      '  "title": "Escaped JSON keys",',
      '  "status": "in-progress",',
      `  "working_on": "wire the deploy token ${[...t.json].map(u).join("")}",`,
      `  "next_steps": ["rotate gh${u("p")}_${t.json.slice(4)}", "export AWS_ACCESS_KEY_ID=${u("A")}${t.aws.slice(1)}"]`,
      "}",
      "",
    ].join("\n"),
    ".claude/checkpoints/escaped-state.yaml": [
      "title: Escaped YAML keys",
      "status: in-progress",
      `working_on: "push with gh${x("p")}_${t.yaml.slice(4)}"`,
      "next_steps:",
      `  - "use ${t.yaml.slice(0, 3)}${x("_")}${t.yaml.slice(4)} again"`,
      "",
    ].join("\n"),
    ".taskmaster/tasks/tasks.json": JSON.stringify(
      { master: { tasks: [{ id: 1, title: "Deploy KEY", status: "pending", details: "the token is KEY" }], metadata: { updated: "2026-11-20T10:00:00Z" } } },
      null,
      2,
    ).replaceAll("KEY", `${u("g")}hp_${t.taskMaster.slice(4)}`),
    ".claude/handoffs/escaped-entities.md": [
      "# Handoff: escaped keys",
      "",
      "**Status:** in-progress",
      "",
      "## Context",
      `- The deploy token is gh${entity("p")}_${t.entity.slice(4)} for now.`,
      `- Converted from HTML: ghp\\_${t.mdEscape.slice(4)}`,
      `- Split: ${t.tagSplit.slice(0, 6)}<b></b>${t.tagSplit.slice(6, 20)}<span>${t.tagSplit.slice(20)}</span>`,
      "",
      "## Next Steps",
      `1. Rotate gh${entity("p")}_${t.entity.slice(4)}`,
      "",
    ].join("\n"),
    "specs/001-escaped/spec.md": "# Feature Specification: Escaped keys\n\n**Feature Branch**: `001-escaped`\n**Status**: Draft\n\n## Summary\nKeys.\n",
    "specs/001-escaped/plan.md": `# Implementation Plan\n\n## Deploy\n\nUse ${entity("g")}hp_${t.companion.slice(4)} to push.\n`,
  };
  return files;
}
