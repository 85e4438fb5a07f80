/** The query syntax, in one place for the page's help and the CLI's --help. */
export interface SyntaxExample {
  example: string;
  meaning: string;
}

export const SYNTAX_HELP: readonly SyntaxExample[] = [
  { example: "rate limiter", meaning: "files holding every word first (any form: limiters, limiting), then, when those are few, files holding some of them; related words count less" },
  { example: "where did we leave the payment retry work", meaning: "a question: its small words (where, did, the) are left out, the rest ranked as above" },
  { example: '"exponential backoff"', meaning: "the exact phrase" },
  { example: "webhook*", meaning: "words starting with webhook" },
  { example: "redis OR memcached", meaning: "either word" },
  { example: "auth -flaky", meaning: "leave out what mentions flaky (also NOT flaky)" },
  { example: "title:importer", meaning: "only in titles (decisions: likewise)" },
  { example: "file:src/auth.ts", meaning: "every checkpoint that referenced or modified the file, newest first" },
  { example: "3f9c2ab", meaning: "a commit sha (7 to 40 characters): the checkpoints saved at it" },
  { example: "repo:api branch:main", meaning: "only one repository (name or path) or branch" },
  { example: "status:in-progress", meaning: "in-progress, completed or none" },
  { example: "family:handoff kind:research", meaning: "one family (html, handoff, prompt-md, …) or kind" },
  { example: "level:stale", meaning: "freshness: fresh, slightly-stale, stale, very-stale, unknown" },
  { example: "from:2026-11-01 to:2026-11-30", meaning: "saved within these days" },
];

export function syntaxHelpText(): string {
  const width = Math.max(...SYNTAX_HELP.map((s) => s.example.length));
  return SYNTAX_HELP.map((s) => `  ${s.example.padEnd(width)}  ${s.meaning}`).join("\n");
}
