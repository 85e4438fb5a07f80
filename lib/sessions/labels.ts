/** Agents' names for people, without loading the readers (pages and components use these). */
const LABELS: Record<string, string> = {
  "claude-code": "Claude Code",
  codex: "Codex",
  "gemini-cli": "Gemini CLI",
  "copilot-cli": "Copilot CLI",
  opencode: "opencode",
  cline: "Cline",
  roo: "Roo Code",
  kilo: "Kilo Code",
  cursor: "Cursor",
  aider: "Aider",
  specstory: "SpecStory",
};

export function agentLabel(agent: string): string {
  return LABELS[agent] ?? agent;
}
