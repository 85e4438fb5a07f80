import type { IndexSummary } from "../index/progress";

export function describeSummary(s: IndexSummary): string {
  const seconds = (s.durationMs / 1000).toFixed(2);
  const d = s.documents;
  const lines = [
    `Indexed ${s.repositories} ${s.repositories === 1 ? "repository" : "repositories"} in ${seconds} s: ` +
      `${d.new} new, ${d.changed} changed, ${d.removed} removed, ${d.unchanged} unchanged.`,
  ];
  if (s.parsed === 0) lines.push("Nothing changed: no file was re-parsed.");
  else lines.push(`Parsed ${s.parsed} ${s.parsed === 1 ? "file" : "files"}.`);
  if (s.problems) lines.push(`${s.problems} ${s.problems === 1 ? "problem" : "problems"} (see the Problems page or \`cairn list --json\`).`);
  if (s.secrets) lines.push(`${s.secrets} possible ${s.secrets === 1 ? "secret" : "secrets"} found and redacted in the index.`);
  return lines.join("\n");
}
