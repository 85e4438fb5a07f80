// Over 300 lines: the one DB module keeps every table in one schema (drizzle and the hand-written migrations read it whole).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Folders the user asked Cairn to watch. */
export const roots = sqliteTable("roots", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  path: text("path").notNull().unique(),
  addedAt: text("added_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
});

export const repositories = sqliteTable("repositories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Absolute path of the work tree (or of the folder holding global checkpoints). */
  path: text("path").notNull().unique(),
  name: text("name").notNull(),
  rootPath: text("root_path"),
  isBare: integer("is_bare", { mode: "boolean" }).notNull().default(false),
  currentBranch: text("current_branch"),
  headSha: text("head_sha"),
  /** Fingerprint of HEAD, the git index and the work tree: freshness is recomputed when it changes. */
  gitFingerprint: text("git_fingerprint"),
  /**
   * Stamp of everything a run reads, taken from the filesystem alone (HEAD, refs, the git index and
   * config, every file the walk lists with its modification time and size): while it matches, a
   * re-index of the repository starts no git process. Written only after a run that completed.
   */
  indexStamp: text("index_stamp"),
  lastIndexedAt: text("last_indexed_at"),
  /** The repository's shared git folder (linked worktrees of one repository share it), read from `.git` and `commondir`. */
  commonDir: text("common_dir"),
  /** Checkouts with the same key are one project: same common git folder, or same root commit and remote (else folder name). */
  projectKey: text("project_key"),
  /** The first commit of its history, asked of git once per repository and kept (only when a clone could share it). */
  rootCommit: text("root_commit"),
  /** The remote `origin`'s URL (else the first remote's) as its config states it, credentials removed. */
  remoteUrl: text("remote_url"),
  /** The main work tree of its repository (false for a linked worktree). */
  isMainWorktree: integer("is_main_worktree", { mode: "boolean" }).notNull().default(true),
  /** Files `git status` lists as changed or untracked at the last run (0: clean); null without a work tree. */
  changedFiles: integer("changed_files"),
}, (t) => [index("repositories_project_idx").on(t.projectKey)]);

/**
 * Every checkout holding a document's file with the same bytes at the same path, when more than one does
 * (issue 25): the document row itself lives in the primary checkout.
 */
export const documentCheckouts = sqliteTable(
  "document_checkouts",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    repositoryId: integer("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    absPath: text("abs_path").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.repositoryId] }), index("document_checkouts_repository_idx").on(t.repositoryId)],
);
export type DocumentCheckoutRow = typeof documentCheckouts.$inferSelect;

/** Copies a Cairn write left behind in the other checkouts (their bytes before, the record's after): still that record. */
export const carriedCopies = sqliteTable(
  "carried_copies",
  {
    projectKey: text("project_key").notNull(),
    path: text("path").notNull(),
    fromHash: text("from_hash").notNull(),
    toHash: text("to_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectKey, t.path, t.fromHash] })],
);

/** The checkout the user picked to continue a file's work in (and to write it), over the primary rule; kept by Cairn. */
export const checkoutChoices = sqliteTable(
  "checkout_choices",
  {
    projectKey: text("project_key").notNull(),
    /** The file's path inside the checkouts. */
    path: text("path").notNull(),
    repositoryPath: text("repository_path").notNull(),
    chosenAt: text("chosen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectKey, t.path] })],
);

/** One row per indexed file (or per file found only in another branch's commits). */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    repositoryId: integer("repository_id").references(() => repositories.id, { onDelete: "cascade" }),
    /** Relative to the repository, or absolute for files outside any repository. */
    path: text("path").notNull(),
    absPath: text("abs_path").notNull(),
    source: text("source").notNull().default("worktree"),
    format: text("format").notNull(),
    kind: text("kind").notNull(),
    title: text("title"),
    status: text("status"),
    statusRaw: text("status_raw"),
    completedInCairn: integer("completed_in_cairn", { mode: "boolean" }).notNull().default(false),
    branch: text("branch"),
    headShaRaw: text("head_sha_raw"),
    headSha: text("head_sha"),
    savedAt: text("saved_at"),
    savedAtSource: text("saved_at_source"),
    dirtySaved: integer("dirty_saved"),
    project: text("project"),
    tasksDone: integer("tasks_done"),
    tasksTotal: integer("tasks_total"),
    qualityScore: integer("quality_score"),
    // Small columns first, the large ones last (migration 0005): SQLite reads a row's columns in order, so a
    // column stored after `body` and `original` costs a walk through their overflow pages for every row read.
    freshnessLevel: text("freshness_level"),
    supersededBy: text("superseded_by"),
    duplicateOf: text("duplicate_of"),
    /** Where each field's value came from, e.g. { headSha: "frontmatter:head", title: "h1" }. */
    fieldSources: text("field_sources", { mode: "json" }).$type<Record<string, string>>(),
    /** true: the stated commit resolves in this repository; false: stated but absent; null: none stated. */
    headShaVerified: integer("head_sha_verified", { mode: "boolean" }),
    /** Stable key shared by saves of the same piece of work. */
    lineage: text("lineage"),
    /** A pointer file (a LATEST.md naming another file) is shown as an alias of its target. */
    aliasOf: text("alias_of"),
    /** How sure each field is: { status: "stated" | "guessed" | "user", ... } (migration 0008, lib/parse/confidence.ts). */
    fieldConfidence: text("field_confidence", { mode: "json" }).$type<Record<string, string>>(),
    /** The commit exactly as the file states it, even when it does not resolve and when the user corrects it. */
    headShaStated: text("head_sha_stated"),
    contentHash: text("content_hash").notNull(),
    mtimeMs: real("mtime_ms").notNull(),
    size: integer("size").notNull(),
    indexedAt: text("indexed_at").notNull(),
    qualityReasons: text("quality_reasons", { mode: "json" }).$type<string[]>(),
    freshness: text("freshness", { mode: "json" }).$type<Record<string, unknown>>(),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    decisionsText: text("decisions_text").notNull().default(""),
    /** Redacted plain text of the whole document, for search and display. */
    body: text("body").notNull().default(""),
    /** Redacted original (HTML or Markdown) for the original view. */
    original: text("original").notNull().default(""),
  },
  (t) => [
    index("documents_repository_idx").on(t.repositoryId),
    index("documents_saved_at_idx").on(t.savedAt),
    index("documents_status_idx").on(t.status),
    index("documents_head_sha_idx").on(t.headSha),
    uniqueIndex("documents_location_idx").on(t.absPath, t.source),
  ],
);

export const sections = sqliteTable(
  "sections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    canonical: text("canonical"),
    heading: text("heading").notNull(),
    level: integer("level").notNull(),
    text: text("text").notNull(),
  },
  (t) => [index("sections_document_idx").on(t.documentId)],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    done: integer("done", { mode: "boolean" }).notNull(),
    state: text("state").notNull(),
  },
  (t) => [index("tasks_document_idx").on(t.documentId)],
);

export const referencedFiles = sqliteTable(
  "referenced_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    role: text("role").notNull(),
    existsNow: integer("exists_now", { mode: "boolean" }),
  },
  (t) => [index("referenced_files_document_idx").on(t.documentId), index("referenced_files_path_idx").on(t.path)],
);

export const problems = sqliteTable(
  "problems",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    repositoryId: integer("repository_id").references(() => repositories.id, { onDelete: "cascade" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "cascade" }),
    /** The file the problem is about (absolute), also for files that never became documents. */
    filePath: text("file_path").notNull(),
    message: text("message").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("problems_repository_idx").on(t.repositoryId), index("problems_document_idx").on(t.documentId)],
);

export const secretFindings = sqliteTable(
  "secret_findings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    line: integer("line").notNull(),
    column: integer("column").notNull(),
    /** sha256 of the finding's line with its secret redacted and of its secret's fingerprint (lib/derive/secret-match.ts): what a dismissal is keyed on. */
    matchHash: text("match_hash"),
  },
  (t) => [index("secret_findings_document_idx").on(t.documentId)],
);

/** "Not a secret": findings the user dismissed, by file, rule and redacted-line hash; kept by Cairn, surviving every re-index. */
export const secretDismissals = sqliteTable(
  "secret_dismissals",
  {
    documentId: text("document_id").notNull(),
    rule: text("rule").notNull(),
    matchHash: text("match_hash").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.rule, t.matchHash] })],
);

/** The documents' full-text triggers while a cold index fills the full-text index in one pass (db/fts-bulk.ts). */
export const suspendedTriggers = sqliteTable("suspended_triggers", {
  name: text("name").primaryKey(),
  sql: text("sql").notNull(),
});

/** The author of the last commit that touched a file version (null name: none found), for the queue's who-asked rule. */
export const fileAuthors = sqliteTable(
  "file_authors",
  {
    repoPath: text("repo_path").notNull(),
    source: text("source").notNull(),
    path: text("path").notNull(),
    contentHash: text("content_hash").notNull(),
    name: text("name"),
    email: text("email"),
    at: text("at"),
  },
  (t) => [primaryKey({ columns: [t.repoPath, t.source, t.path, t.contentHash] })],
);

/** The user's global git identity as last read (one row), keyed by the home folder and its config files' stamp. */
export const gitIdentity = sqliteTable("git_identity", {
  key: text("key").primaryKey(),
  /** JSON arrays of lowercased values. */
  emails: text("emails").notNull(),
  names: text("names").notNull(),
});

/** Commits whose subject marks a save (chore(checkpoint): / chore(session):). */
export const saveEvents = sqliteTable(
  "save_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    repositoryId: integer("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    sha: text("sha").notNull(),
    subject: text("subject").notNull(),
    committedAt: text("committed_at").notNull(),
    branch: text("branch"),
    documentId: text("document_id"),
  },
  (t) => [index("save_events_repository_idx").on(t.repositoryId)],
);

export const indexRuns = sqliteTable("index_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  startedAt: text("started_at").notNull(),
  finishedAt: text("finished_at"),
  summary: text("summary", { mode: "json" }).$type<Record<string, unknown>>(),
});

export type Root = typeof roots.$inferSelect;
export type Repository = typeof repositories.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
export type SectionRow = typeof sections.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type ReferencedFileRow = typeof referencedFiles.$inferSelect;
export type ProblemRow = typeof problems.$inferSelect;
export type SecretFindingRow = typeof secretFindings.$inferSelect;
export type SaveEventRow = typeof saveEvents.$inferSelect;
export type IndexRunRow = typeof indexRuns.$inferSelect;

/** Completions of checkpoints whose family has no status in the file: kept here, never written to the file. */
export const cairnCompletions = sqliteTable("cairn_completions", {
  documentId: text("document_id").primaryKey(),
  completedAt: text("completed_at").notNull(),
});
export type CairnCompletionRow = typeof cairnCompletions.$inferSelect;

/** Every candidate file seen, readable or not: the incremental index skips those whose mtime and size are unchanged. */
export const indexedFiles = sqliteTable(
  "indexed_files",
  {
    absPath: text("abs_path").primaryKey(),
    repositoryId: integer("repository_id").references(() => repositories.id, { onDelete: "cascade" }),
    mtimeMs: real("mtime_ms").notNull(),
    size: integer("size").notNull(),
    contentHash: text("content_hash"),
    documentId: text("document_id"),
  },
  (t) => [index("indexed_files_repository_idx").on(t.repositoryId)],
);
export type IndexedFileRow = typeof indexedFiles.$inferSelect;

/**
 * Corrections the user made to a document's fields ("set by you"): kept by Cairn, never written into the
 * file, surviving every re-index. A null column means "not corrected".
 */
export const documentOverrides = sqliteTable("document_overrides", {
  documentId: text("document_id").primaryKey(),
  title: text("title"),
  status: text("status"),
  branch: text("branch"),
  headSha: text("head_sha"),
  savedAt: text("saved_at"),
  updatedAt: text("updated_at").notNull(),
});
export type DocumentOverrideRow = typeof documentOverrides.$inferSelect;

/** The user's triage of a document (pin, snooze, archive): kept by Cairn, surviving every re-index. */
export const documentMarks = sqliteTable("document_marks", {
  documentId: text("document_id").primaryKey(),
  pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
  archived: integer("archived", { mode: "boolean" }).notNull().default(false),
  snoozedUntil: text("snoozed_until"),
  updatedAt: text("updated_at").notNull(),
});
export type DocumentMarkRow = typeof documentMarks.$inferSelect;
