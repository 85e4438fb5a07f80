/**
 * Session logs kept inside repositories (SpecStory `.specstory/history/*.md`, Aider `.aider.chat.history.md`): the
 * document index already found them (they are "transcript" documents, lib/parse/transcript.ts); here each one a
 * reader claims (`claimsRepoPath`) becomes a session log too, read by its reader like any log under a root. Its
 * root is the repository; its key the file's absolute path (the same relative path is in many repositories).
 */
import { lstatSync } from "node:fs";
import type { CairnDb } from "../../db/client";
import { sessionReaders } from "../sessions/registry";
import type { FoundLog } from "./sessions-files";

/** Exports looked at per run at most (the document index caps what it keeps anyway). */
const MAX_EXPORTS = 20_000;

export function repositoryExportLogs(sqlite: CairnDb["$client"]): FoundLog[] {
  const readers = sessionReaders().filter((r) => typeof r.claimsRepoPath === "function");
  if (!readers.length) return [];
  const rows = sqlite
    .prepare(
      `SELECT d.path AS rel, d.abs_path AS abs, r.path AS repo FROM documents d JOIN repositories r ON r.id = d.repository_id
       WHERE d.source = 'worktree' AND d.format = 'transcript' LIMIT ${MAX_EXPORTS}`,
    )
    .all() as Array<{ rel: string; abs: string; repo: string }>;
  const out: FoundLog[] = [];
  for (const row of rows) {
    const rel = row.rel.replace(/\\/g, "/");
    const reader = readers.find((r) => r.claimsRepoPath!(rel));
    const ref = reader?.classify(rel);
    if (!reader || !ref) continue;
    try {
      const info = lstatSync(row.abs);
      if (!info.isFile()) continue;
      out.push({ root: { agent: reader.agent, dir: row.repo, from: "repository" }, reader, ref: { ...ref, key: row.abs }, path: row.abs, size: info.size, mtimeMs: info.mtimeMs });
    } catch {
      /* gone since the document index saw it */
    }
  }
  return out;
}
