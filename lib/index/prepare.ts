import { existsSync } from "node:fs";
import { basename, isAbsolute, join, posix } from "node:path";
import { scoreQuality, type QualityResult } from "../derive/quality";
import { withFingerprints } from "../derive/secret-match";
import { scanSecrets, type SecretFinding } from "../derive/secrets";
import { parseDocument } from "../parse/registry";
import type { ParsedDocument } from "../parse/types";
import { attachCompanionTexts } from "./companion-text";
import { searchText, type SearchFields } from "./terms/fields";

/** A file read, scanned and parsed: everything the store needs, with secrets already redacted. */
export interface PreparedDocument {
  id: string;
  path: string;
  absPath: string;
  source: string;
  contentHash: string;
  mtimeMs: number;
  size: number;
  parsed: ParsedDocument | null;
  problems: string[];
  /** Each with its value's fingerprint (what "Not a secret" is keyed on, with its redacted line). */
  findings: Array<SecretFinding & { fingerprint: string }>;
  redactedText: string;
  body: string;
  /** The ranked index's fields (analyzed terms); null when nothing was parsed. */
  terms: SearchFields | null;
  decisionsText: string;
  quality: QualityResult | null;
}

export interface PrepareInput {
  id: string;
  path: string;
  absPath: string;
  source: string;
  text: string;
  contentHash: string;
  mtimeMs: number;
  size: number;
  companions?: Record<string, string>;
  /** The repository's work tree, to tell which referenced files are missing (for quality). */
  repoPath?: string | null;
  /** The user added this file (`!path` in .cairnignore): read it whatever it holds. */
  force?: boolean;
}

/** A path a document names that cannot leave the repository (no absolute path, no `..` out of it): only those are looked up. */
function staysInside(relPath: string): boolean {
  const normal = posix.normalize(relPath.replace(/\\/g, "/"));
  return !isAbsolute(relPath) && !posix.isAbsolute(normal) && normal !== ".." && !normal.startsWith("../");
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}


/** Scan for secrets first, then parse the redacted text: nothing downstream ever sees a raw secret. */
export async function prepareDocument(input: PrepareInput): Promise<PreparedDocument> {
  // the server indexes in-process (live updates): give way to its requests before each document's work
  await new Promise<void>((resolve) => setImmediate(resolve));
  const text = stripBom(input.text);
  const { findings, redacted } = await scanSecrets(text, basename(input.path));
  const redactedCompanions: Record<string, string> = {};
  for (const [path, companionText] of Object.entries(input.companions ?? {})) {
    redactedCompanions[path] = (await scanSecrets(companionText, basename(path))).redacted;
  }
  const problems: string[] = [];
  let parsed: ParsedDocument | null = null;
  if (text.trim() === "") {
    problems.push("file is empty");
  } else {
    const result = parseDocument({ path: input.path, text: redacted, companions: redactedCompanions }, { force: input.force });
    parsed = result.document;
    problems.push(...result.problems);
    // a convention unit keeps its companions' (redacted, capped) text: shown on its page, searched as its body
    if (parsed) attachCompanionTexts(parsed, redactedCompanions);
  }
  const decisionsText = (parsed?.sections ?? [])
    .filter((s) => s.canonical === "decisions")
    .map((s) => s.text)
    .join("\n");
  let quality: QualityResult | null = null;
  if (parsed) {
    const repoPath = input.repoPath;
    const missingFiles = repoPath
      ? parsed.references.filter((r) => staysInside(r.path) && !existsSync(join(repoPath, r.path))).map((r) => r.path)
      : [];
    quality = scoreQuality(parsed, { missingFiles: [...new Set(missingFiles)], secretCount: findings.length });
  }
  const search = parsed ? searchText(parsed, redacted, input.path, input.repoPath) : null;
  return {
    quality,
    id: input.id,
    path: input.path,
    absPath: input.absPath,
    source: input.source,
    contentHash: input.contentHash,
    mtimeMs: input.mtimeMs,
    size: input.size,
    parsed,
    problems: [...new Set(problems)],
    findings: withFingerprints(text, findings),
    redactedText: redacted,
    body: search?.body ?? redacted,
    terms: search?.terms ?? null,
    decisionsText,
  };
}
