import { decodeText } from "../discover/text-encoding";
import { and, eq, ne } from "drizzle-orm";
import { join } from "node:path";
import type { CairnDb } from "../../db/client";
import { documents, problems, type Repository } from "../../db/schema";
import { runGit } from "../git/runner";
import { catFileBatch } from "../git/objects";
import { RepoFacts, type RefTip } from "../git/repo-facts";
import { MAX_FILE_BYTES, BINARY_SNIFF_BYTES } from "../discover/limits";
import { companionsFor, isCandidatePath } from "../parse/registry";
import { redactValue } from "../derive/secrets";
import { documentId } from "./document-id";
import type { PreparedDocument } from "./prepare";
import { prepareDocumentOffThread } from "./prepare-pool";
import { writeDocument } from "./store";

/** Refs looked at per repository: enough for a team's open branches, bounded for huge mirrors. */
const MAX_REFS = 60;

interface BranchCandidate {
  ref: RefTip;
  path: string;
  blob: string;
  /** The files a family reads with it (a Spec Kit feature's tasks.md), from the same commit: path -> blob. */
  companions: Record<string, string>;
}

/** Which refs a checkout reads (lib/index/identity-step.ts): one checkout per shared git folder, none checked out elsewhere. */
export interface BranchScope {
  readsBranches: boolean;
  coveredBranches: string[];
}

/** Local branches first, then remote-tracking refs; the checked-out branch is the work tree itself. */
function refsToScan(refs: RefTip[], bare: boolean, scope?: BranchScope): RefTip[] {
  if (scope && !scope.readsBranches) return [];
  const covered = new Set(scope?.coveredBranches ?? []);
  // a branch checked out in another checkout of the project is that checkout's work tree (issue 25)
  const checkedOutElsewhere = (r: RefTip) => covered.has(r.kind === "branch" ? r.shortName : r.shortName.slice(r.shortName.indexOf("/") + 1));
  return refs
    .filter((r) => (bare || !r.isHead) && !r.shortName.endsWith("/HEAD") && !checkedOutElsewhere(r))
    .sort((a, b) => (a.kind === b.kind ? a.shortName.localeCompare(b.shortName) : a.kind === "branch" ? -1 : 1))
    .slice(0, MAX_REFS);
}

async function listCandidates(repoPath: string, refs: RefTip[], worktreePaths: Set<string>): Promise<BranchCandidate[]> {
  const seenPath = new Set<string>();
  const seenTip = new Set<string>();
  const found: BranchCandidate[] = [];
  for (const ref of refs) {
    if (seenTip.has(ref.sha)) continue;
    seenTip.add(ref.sha);
    let out: string;
    try {
      out = await runGit(repoPath, ["ls-tree", "-r", "-z", "--full-tree", ref.sha]);
    } catch {
      continue;
    }
    const tree = new Map<string, string>();
    const picked: Array<{ path: string; blob: string }> = [];
    for (const record of out.split("\0")) {
      const tab = record.indexOf("\t");
      if (tab < 0) continue;
      const [mode, type, blob] = record.slice(0, tab).split(" ");
      const path = record.slice(tab + 1);
      if (type !== "blob" || mode === "120000") continue;
      tree.set(path, blob);
      if (worktreePaths.has(path) || seenPath.has(path)) continue;
      if (!isCandidatePath(path)) continue;
      seenPath.add(path);
      picked.push({ path, blob });
    }
    for (const { path, blob } of picked) {
      const companions: Record<string, string> = {};
      for (const name of companionsFor(path)) {
        const found = tree.get(name);
        if (found) companions[name] = found;
      }
      found.push({ ref, path, blob, companions });
    }
  }
  return found;
}

/**
 * Checkpoints that exist only in other branches' commits (a teammate's pushed handoff), read without
 * checking anything out: one `ls-tree` per distinct tip and one `cat-file --batch` for every blob.
 */
/** Returns how many branch documents were added, changed or removed. */
export async function indexBranchDocuments(
  db: CairnDb,
  repo: Repository,
  worktreePaths: Set<string>,
  facts: RepoFacts = new RepoFacts(repo.path),
  scope?: BranchScope,
): Promise<number> {
  const refs = refsToScan(scope && !scope.readsBranches ? [] : await facts.refs(), repo.isBare, scope);
  const candidates = refs.length ? await listCandidates(repo.path, refs, worktreePaths) : [];
  const existing = new Map(
    db
      .select({ id: documents.id, contentHash: documents.contentHash })
      .from(documents)
      .where(and(eq(documents.repositoryId, repo.id), ne(documents.source, "worktree")))
      .all()
      .map((d) => [d.id, d.contentHash]),
  );
  // branch and file names are stored and shown: a secret in one is redacted like any checkpoint text
  const wanted = [];
  for (const c of candidates) {
    const source = `git:${await redactValue(c.ref.shortName)}`;
    const path = await redactValue(c.path);
    // a record read with companions changes when any of them does: its key names every blob
    const key = Object.keys(c.companions).length ? `${c.blob}+${Object.values(c.companions).join("+")}` : c.blob;
    wanted.push({ ...c, path, source, key, id: documentId(repo.path, path, source) });
  }
  const toRead = wanted.filter((c) => existing.get(c.id) !== c.key);
  const companionBlobs = [...new Set(toRead.flatMap((c) => Object.values(c.companions)))];
  const allBlobs = toRead.length ? await catFileBatch(repo.path, [...toRead.map((c) => c.blob), ...companionBlobs]) : [];
  const blobs = allBlobs.slice(0, toRead.length);
  const companionText = new Map<string, string>();
  companionBlobs.forEach((sha, i) => {
    const content = allBlobs[toRead.length + i]?.content;
    // the same cap as a work-tree companion (lib/index/companions.ts)
    if (content && content.length <= 256 * 1024) companionText.set(sha, decodeText(content).text);
  });
  // every blob's document started at once (on the worker thread when there is one), collected in order
  const preparing: (Promise<{ doc: PreparedDocument; problems: string[] }> | { doc: PreparedDocument; problems: string[] })[] = [];
  for (const [i, candidate] of toRead.entries()) {
    const blob = blobs[i];
    const absPath = join(repo.path, candidate.path);
    if (!blob?.content) continue;
    const reason =
      blob.content.length > MAX_FILE_BYTES
        ? `file is over the ${MAX_FILE_BYTES / 1024 / 1024} MB limit; not read`
        : blob.content.subarray(0, BINARY_SNIFF_BYTES).includes(0)
          ? "file looks binary (a NUL byte in its first 8 KB); not read"
          : null;
    if (reason) {
      preparing.push({ doc: null as unknown as PreparedDocument, problems: [`${candidate.source}: ${reason}`] });
      continue;
    }
    const pending = prepareDocumentOffThread({
      id: candidate.id,
      path: candidate.path,
      absPath,
      source: candidate.source,
      text: decodeText(blob.content).text,
      contentHash: candidate.key,
      mtimeMs: 0,
      size: blob.content.length,
      repoPath: repo.path,
      companions: Object.fromEntries(Object.entries(candidate.companions).flatMap(([name, sha]) => (companionText.has(sha) ? [[name, companionText.get(sha)!]] : []))),
    }).then((doc) => ({ doc, problems: doc.problems }));
    // a failure is raised when its turn comes, as it was when documents were prepared one by one
    pending.catch(() => undefined);
    preparing.push(pending);
  }
  const prepared: { doc: PreparedDocument; problems: string[] }[] = [];
  for (const entry of preparing) prepared.push(await entry);
  const keep = new Set(wanted.map((c) => c.id));
  const removed = [...existing.keys()].filter((id) => !keep.has(id)).length;
  db.transaction((tx) => {
    const txDb = tx as unknown as CairnDb;
    for (const id of existing.keys()) if (!keep.has(id)) txDb.delete(documents).where(eq(documents.id, id)).run();
    for (const { doc, problems: messages } of prepared) {
      if (!doc?.parsed) continue;
      writeDocument(txDb, doc, repo.id);
      txDb.delete(problems).where(eq(problems.documentId, doc.id)).run();
      for (const message of messages) {
        txDb.insert(problems).values({ repositoryId: repo.id, documentId: doc.id, filePath: `${doc.source}:${doc.path}`, message, createdAt: new Date().toISOString() }).run();
      }
    }
  });
  return prepared.filter((p) => p.doc?.parsed).length + removed;
}
