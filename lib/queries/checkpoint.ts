import "server-only";
import { liveFindingSql } from "./secret-dismissed";
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import {
  documents,
  problems,
  referencedFiles,
  repositories,
  secretFindings,
  sections,
  tasks,
  type DocumentRow,
  type ReferencedFileRow,
  type Repository,
  type SectionRow,
  type TaskRow,
} from "../../db/schema";
import { completedInCairnSql, preparedQuery } from "./shared";

/** A document another one points at, as much as a link needs. */
export type LinkedDocument = Pick<DocumentRow, "id" | "title" | "path" | "kind" | "format" | "savedAt">;

export interface DocumentLink {
  path: string;
  role: "research" | "plan";
  /** The indexed document at that path in the same repository, or null when Cairn has not indexed it. */
  document: LinkedDocument | null;
}

export interface CheckpointPageData {
  doc: DocumentRow;
  repo: Repository | null;
  completedInCairn: boolean;
  sections: SectionRow[];
  /** One page of the tasks (TASKS_PER_PAGE at most, in file order): a task file may hold 100,000 of them. */
  tasks: TaskRow[];
  /** All the tasks, counted; and which page `tasks` is. */
  taskCounts: { done: number; total: number; page: number; pages: number; firstIndex: number };
  references: ReferencedFileRow[];
  /** Referenced paths that are themselves indexed documents of this repository, by path. */
  documentsByPath: Record<string, LinkedDocument>;
  links: DocumentLink[];
  /** Research written for this checkpoint (jacked:checkpoint = its slug). */
  researchFor: LinkedDocument[];
  secrets: { rule: string; line: number }[];
  problems: string[];
  /** Previous and next saves of the same lineage (the same piece of work). */
  previous: LinkedDocument | null;
  next: LinkedDocument | null;
  /** A newer save of another task on the same branch: a neutral link, not a successor. */
  newerOnBranch: LinkedDocument | null;
  supersededBy: LinkedDocument | null;
  duplicateOf: LinkedDocument | null;
  /** A pointer file (LATEST.md naming another file): the document it points to. */
  aliasOf: LinkedDocument | null;
}

const linkColumns = {
  id: documents.id,
  title: documents.title,
  path: documents.path,
  kind: documents.kind,
  format: documents.format,
  savedAt: documents.savedAt,
};

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : [];
}

/** research_files / plans_in_progress as the parsers keep them in meta (camelCase, or raw frontmatter keys). */
function metaLinks(meta: Record<string, unknown> | null): { path: string; role: DocumentLink["role"] }[] {
  if (!meta) return [];
  const frontmatter = (meta.frontmatter && typeof meta.frontmatter === "object" ? meta.frontmatter : {}) as Record<string, unknown>;
  return [
    ...[...stringList(meta.researchFiles), ...stringList(frontmatter.research_files)].map((path) => ({ path, role: "research" as const })),
    ...[...stringList(meta.plansInProgress), ...stringList(frontmatter.plans_in_progress)].map((path) => ({ path, role: "plan" as const })),
  ];
}

const normalisePath = (p: string) => p.replace(/^\.\//, "");

/**
 * Neighbours by save time: of the same lineage (the same piece of work) when the checkpoint has one,
 * else on the same branch; `scope: "branch"` asks for the branch whatever the lineage.
 */
function neighbour(db: CairnDb, doc: DocumentRow, direction: "previous" | "next", scope: "lineage" | "branch" = "lineage"): LinkedDocument | null {
  const byLineage = scope === "lineage" && !!doc.lineage;
  if (!doc.repositoryId || !doc.savedAt || (!byLineage && !doc.branch)) return null;
  const query = preparedQuery(db, `neighbour:${direction}:${byLineage ? "lineage" : "branch"}`, () => {
    const before = direction === "previous";
    const savedAt = sql.placeholder("savedAt");
    const id = sql.placeholder("id");
    const order = before ? [desc(documents.savedAt), desc(documents.id)] : [asc(documents.savedAt), asc(documents.id)];
    const time = before
      ? or(lt(documents.savedAt, savedAt), and(eq(documents.savedAt, savedAt), lt(documents.id, id)))
      : or(gt(documents.savedAt, savedAt), and(eq(documents.savedAt, savedAt), gt(documents.id, id)));
    return db
      .select(linkColumns)
      .from(documents)
      .where(
        and(
          eq(documents.repositoryId, sql.placeholder("repositoryId")),
          byLineage ? eq(documents.lineage, sql.placeholder("line")) : eq(documents.branch, sql.placeholder("line")),
          eq(documents.kind, sql.placeholder("kind")),
          time,
        ),
      )
      .orderBy(...order)
      .limit(1)
      .prepare();
  });
  const line = byLineage ? doc.lineage : doc.branch;
  return query.get({ repositoryId: doc.repositoryId, line, kind: doc.kind, savedAt: doc.savedAt, id: doc.id }) ?? null;
}

/** The next save on the branch when it belongs to another piece of work (else the lineage's next covers it). */
function newerOnBranch(db: CairnDb, doc: DocumentRow): LinkedDocument | null {
  if (!doc.lineage) return null;
  const next = neighbour(db, doc, "next", "branch");
  if (!next) return null;
  const lineage = queries(db).lineage.get({ id: next.id })?.lineage;
  return lineage === doc.lineage ? null : next;
}

/** The page's queries, prepared once per database handle (see preparedQuery): building them cost more than running them. */
function queries(db: CairnDb) {
  const id = sql.placeholder("id");
  return preparedQuery(db, "checkpointPage", () => ({
    document: db
      .select({ doc: documents, repo: repositories, completedInCairn: completedInCairnSql })
      .from(documents)
      .leftJoin(repositories, eq(repositories.id, documents.repositoryId))
      .where(eq(documents.id, id))
      .prepare(),
    references: db.select().from(referencedFiles).where(eq(referencedFiles.documentId, id)).prepare(),
    sections: db.select().from(sections).where(eq(sections.documentId, id)).orderBy(asc(sections.position)).prepare(),
    tasks: db
      .select()
      .from(tasks)
      .where(eq(tasks.documentId, id))
      .orderBy(asc(tasks.position))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
    taskCounts: db
      .select({ total: sql<number>`count(*)`, done: sql<number>`coalesce(sum(${tasks.done}), 0)` })
      .from(tasks)
      .where(eq(tasks.documentId, id))
      .prepare(),
    secrets: db
      .select({ rule: secretFindings.rule, line: secretFindings.line })
      .from(secretFindings)
      .where(and(eq(secretFindings.documentId, id), liveFindingSql))
      .orderBy(asc(secretFindings.line))
      .prepare(),
    problems: db.select({ message: problems.message }).from(problems).where(eq(problems.documentId, id)).prepare(),
    link: db.select(linkColumns).from(documents).where(eq(documents.id, id)).prepare(),
    lineage: db.select({ lineage: documents.lineage }).from(documents).where(eq(documents.id, id)).prepare(),
  }));
}

/** Tasks shown on one page of a checkpoint (and in an MCP answer): the rest are a page link away. */
export const TASKS_PER_PAGE = 100;

/** Everything the checkpoint page shows, in a handful of indexed queries (no per-row lookups); `taskPage` picks the page of its tasks. */
export function checkpointPage(db: CairnDb, id: string, taskPage = 1): CheckpointPageData | null {
  const q = queries(db);
  const row = q.document.get({ id });
  if (!row) return null;
  const { doc, repo } = row;
  const references = q.references.all({ id });

  const wanted = [
    ...references.filter((r) => r.role === "research" || r.role === "plan").map((r) => ({ path: r.path, role: r.role as DocumentLink["role"] })),
    ...metaLinks(doc.meta ?? null),
  ];
  const paths = [...new Set([...references.map((r) => normalisePath(r.path)), ...wanted.map((w) => normalisePath(w.path))])];
  const documentsByPath: Record<string, LinkedDocument> = {};
  if (doc.repositoryId && paths.length) {
    for (const linked of db
      .select(linkColumns)
      .from(documents)
      .where(and(eq(documents.repositoryId, doc.repositoryId), inArray(documents.path, paths.slice(0, 500))))
      .all()) {
      documentsByPath[linked.path] = linked;
    }
  }
  const seen = new Set<string>();
  const links: DocumentLink[] = [];
  for (const w of wanted) {
    const path = normalisePath(w.path);
    if (seen.has(path)) continue;
    seen.add(path);
    links.push({ path, role: w.role, document: documentsByPath[path] ?? null });
  }

  const slug = typeof doc.meta?.slug === "string" ? doc.meta.slug : null;
  const researchFor =
    doc.repositoryId && slug
      ? db
          .select(linkColumns)
          .from(documents)
          .where(
            and(
              eq(documents.repositoryId, doc.repositoryId),
              eq(documents.kind, "research"),
              sql`json_extract(${documents.meta}, '$.checkpoint') = ${slug}`,
            ),
          )
          .orderBy(desc(documents.savedAt))
          .all()
          .filter((r) => !seen.has(r.path))
      : [];

  const byId = (target: string | null) => (target ? (q.link.get({ id: target }) ?? null) : null);

  return {
    doc,
    repo,
    completedInCairn: Boolean(row.completedInCairn),
    sections: q.sections.all({ id }),
    ...tasksPage(q, id, taskPage),
    references,
    documentsByPath,
    links,
    researchFor,
    secrets: q.secrets.all({ id }),
    problems: q.problems.all({ id }).map((p) => p.message),
    previous: neighbour(db, doc, "previous"),
    next: neighbour(db, doc, "next"),
    newerOnBranch: newerOnBranch(db, doc),
    supersededBy: byId(doc.supersededBy),
    duplicateOf: byId(doc.duplicateOf),
    aliasOf: byId(doc.aliasOf),
  };
}

/** `?tasks=N`: the page of a checkpoint's tasks asked for (1 when absent or not a number). */
export function taskPageParam(value: string | string[] | undefined): number {
  const n = typeof value === "string" && /^\d{1,7}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}

function tasksPage(q: ReturnType<typeof queries>, id: string, wanted: number): Pick<CheckpointPageData, "tasks" | "taskCounts"> {
  const counted = q.taskCounts.get({ id });
  const total = Number(counted?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / TASKS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(wanted) || 1), pages);
  const offset = (page - 1) * TASKS_PER_PAGE;
  return {
    tasks: total ? q.tasks.all({ id, limit: TASKS_PER_PAGE, offset }) : [],
    taskCounts: { done: Number(counted?.done ?? 0), total, page, pages, firstIndex: offset + 1 },
  };
}

/** The documents of one repository at these paths (at most 500), by path: the checkpoints PROJECT-NOTES.md links to. */
export function documentsAtPaths(db: CairnDb, repositoryId: number | null, paths: readonly string[]): Record<string, LinkedDocument> {
  const out: Record<string, LinkedDocument> = {};
  const wanted = [...new Set(paths)].slice(0, 500);
  if (repositoryId === null || wanted.length === 0) return out;
  for (const row of db.select(linkColumns).from(documents).where(and(eq(documents.repositoryId, repositoryId), inArray(documents.path, wanted))).all()) out[row.path] = row;
  return out;
}
