import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, repositories, secretFindings } from "../../db/schema";
import { committedSecretLines, lineState, type CommittedAnswer, type LineState } from "../derive/secret-committed";
import { dismissedSql } from "./secret-dismissed";

/** Where a secret was found. The value itself is never stored, only its rule and position. */
export interface SecretLocation {
  rule: string;
  line: number;
  column: number;
  /** The line as indexed, its secret already masked (`[REDACTED:<rule>]`), cut to about 160 characters around it. */
  snippet: string | null;
  /** sha256 of the finding's redacted line: with the file and the rule, what "Not a secret" is keyed on. */
  matchHash: string | null;
  /** The user said "Not a secret": out of every count, shown only with the filter. */
  dismissed: boolean;
  /** Whether the line is in HEAD's version of the file (committed) or only in the working tree; null when unknown. */
  committed: LineState | null;
}

const SNIPPET_CHARS = 160;

/**
 * The masked line of a finding, from the REDACTED text the index keeps (never the file): the secret shows as
 * `[REDACTED:<rule>]`, and a long line is cut around the first mask. Null when the line is not there.
 */
export function maskedSnippet(redactedText: string, line: number): string | null {
  if (line < 1) return null;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = redactedText.indexOf("\n", start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = redactedText.indexOf("\n", start);
  const text = redactedText.slice(start, end < 0 ? undefined : end).replace(/\r$/, "").trim();
  if (!text) return null;
  if (text.length <= SNIPPET_CHARS) return text;
  const at = Math.max(0, text.indexOf("[REDACTED"));
  const from = Math.max(0, Math.min(at - SNIPPET_CHARS / 2, text.length - SNIPPET_CHARS));
  return `${from > 0 ? "…" : ""}${text.slice(from, from + SNIPPET_CHARS)}${from + SNIPPET_CHARS < text.length ? "…" : ""}`;
}

/** One file holding at least one finding, with every finding in it. */
export interface SecretFile {
  documentId: string;
  title: string | null;
  format: string;
  /** Relative to the repository (absolute outside any repository). */
  path: string;
  absPath: string;
  /** `worktree`, or `git:<ref>` for a file found only in a branch's commits. */
  source: string;
  savedAt: string | null;
  contentHash: string;
  repository: { id: number; name: string; path: string } | null;
  findings: SecretLocation[];
  /** Only a file in the work tree can be redacted in place; history needs a rewrite and a key rotation. */
  redactable: boolean;
}

export interface SecretAudit {
  files: SecretFile[];
  total: number;
  /** Findings per rule, most frequent first. */
  byRule: { rule: string; count: number }[];
  repositories: number;
  /** Findings dismissed as "not a secret" (not in `total`, nor in `files` unless asked for). */
  dismissed: number;
}

function findingRows(db: CairnDb, documentId?: string) {
  return db
    .select({
      documentId: documents.id,
      title: documents.title,
      format: documents.format,
      path: documents.path,
      absPath: documents.absPath,
      source: documents.source,
      savedAt: documents.savedAt,
      indexedAt: documents.indexedAt,
      contentHash: documents.contentHash,
      repoId: repositories.id,
      repoName: repositories.name,
      repoPath: repositories.path,
      rule: secretFindings.rule,
      line: secretFindings.line,
      column: secretFindings.column,
      matchHash: secretFindings.matchHash,
      dismissed: dismissedSql,
    })
    .from(secretFindings)
    .innerJoin(documents, eq(documents.id, secretFindings.documentId))
    .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
    .where(documentId === undefined ? undefined : eq(documents.id, documentId))
    .orderBy(
      sql`${documents.savedAt} IS NULL`,
      desc(documents.savedAt),
      desc(documents.indexedAt),
      asc(documents.absPath),
      asc(secretFindings.line),
      asc(secretFindings.column),
    )
    .all();
}

/**
 * Every finding across repositories, grouped by file, newest save first. Dismissed findings ("not a secret") are
 * counted apart and listed only with `includeDismissed`.
 */
export function secretAudit(db: CairnDb, documentId?: string, options: { includeDismissed?: boolean } = {}): SecretAudit {
  const all = findingRows(db, documentId);
  const dismissed = all.filter((row) => row.dismissed).length;
  const rows = options.includeDismissed ? all : all.filter((row) => !row.dismissed);
  const live = all.filter((row) => !row.dismissed);
  const files = new Map<string, SecretFile>();
  const rules = new Map<string, number>();
  const repos = new Set<number>();
  for (const row of rows) {
    let file = files.get(row.documentId);
    if (!file) {
      file = {
        documentId: row.documentId,
        title: row.title,
        format: row.format,
        path: row.path,
        absPath: row.absPath,
        source: row.source,
        savedAt: row.savedAt,
        contentHash: row.contentHash,
        repository: row.repoId !== null && row.repoName && row.repoPath ? { id: row.repoId, name: row.repoName, path: row.repoPath } : null,
        findings: [],
        redactable: row.source === "worktree",
      };
      files.set(row.documentId, file);
    }
    file.findings.push({ rule: row.rule, line: row.line, column: row.column, snippet: null, matchHash: row.matchHash, dismissed: !!row.dismissed, committed: null });
  }
  for (const row of live) {
    rules.set(row.rule, (rules.get(row.rule) ?? 0) + 1);
    if (row.repoId !== null) repos.add(row.repoId);
  }
  // the masked line of each finding, from the redacted text the index keeps: one read per file holding secrets
  for (const file of files.values()) {
    const text = db.select({ original: documents.original }).from(documents).where(eq(documents.id, file.documentId)).get()?.original ?? "";
    for (const finding of file.findings) finding.snippet = maskedSnippet(text, finding.line);
  }
  return {
    files: [...files.values()],
    total: live.length,
    byRule: [...rules.entries()].map(([rule, count]) => ({ rule, count })).sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule)),
    repositories: repos.size,
    dismissed,
  };
}

/**
 * The audit with each finding's line said to be committed or not: a file of a branch's history is committed by
 * definition; a work-tree file's HEAD version is read once per repository (lib/derive/secret-committed.ts).
 */
export async function secretAuditWithCommits(
  db: CairnDb,
  options: { includeDismissed?: boolean; window?: { offset: number; limit: number } } = {},
): Promise<SecretAudit> {
  const audit = secretAudit(db, undefined, options);
  // only the files a page shows are asked about (HEAD's versions read for their repositories alone)
  const shown = options.window ? audit.files.slice(options.window.offset, options.window.offset + options.window.limit) : audit.files;
  const byRepo = new Map<string, SecretFile[]>();
  for (const file of shown) {
    if (file.source !== "worktree") {
      for (const finding of file.findings) finding.committed = "committed";
    } else if (file.repository) {
      byRepo.set(file.repository.path, [...(byRepo.get(file.repository.path) ?? []), file]);
    }
  }
  // HEAD's versions are read again only when what the index knows of them changes: each repository's HEAD and each
  // file's indexed version. (Not memoUntilChange: any write through the server's connection, a queue answer kept,
  // a mark, moves its token, and at 200 repositories every Secrets view then read and scanned HEAD again.)
  const heads = new Map(db.select({ path: repositories.path, sha: repositories.headSha }).from(repositories).all().map((r) => [r.path, r.sha ?? ""]));
  const key = JSON.stringify([...byRepo].map(([repoPath, files]) => [repoPath, heads.get(repoPath) ?? "", files.map((f) => [f.path, f.contentHash])]));
  let answers = committedMemo.get(key);
  if (!answers) {
    if (committedMemo.size >= 4) committedMemo.clear();
    committedMemo.set(key, (answers = committedByRepository(byRepo)));
  }
  const committed = await answers;
  for (const [repoPath, files] of byRepo) {
    const answer = committed.get(repoPath);
    for (const file of files) for (const finding of file.findings) finding.committed = answer ? lineState(answer.get(file.path), finding.matchHash) : null;
  }
  return audit;
}

/** The answers by what they were computed from (the list with and without dismissed findings: a few keys). */
const committedMemo = new Map<string, Promise<Map<string, Map<string, CommittedAnswer>>>>();

/** Each repository's answers, a few repositories at a time (one `cat-file --batch` each). */
async function committedByRepository(byRepo: Map<string, SecretFile[]>): Promise<Map<string, Map<string, CommittedAnswer>>> {
  const result = new Map<string, Map<string, CommittedAnswer>>();
  const queue = [...byRepo];
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [repoPath, files] = next;
      result.set(repoPath, await committedSecretLines(repoPath, files.map((f) => f.path)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, work));
  return result;
}

/** The one file the redact action works on: its location and the hash the page was rendered with. */
export function secretFileById(db: CairnDb, documentId: string): SecretFile | null {
  return secretAudit(db, documentId).files[0] ?? null;
}
