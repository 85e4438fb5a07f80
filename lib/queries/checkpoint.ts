import "server-only";
import { asc, eq } from "drizzle-orm";
import type { CairnDb } from "../../db/client";
import { documents, referencedFiles, repositories, sections, tasks } from "../../db/schema";
import { getRecord } from "./records";

export function checkpointDetail(db: CairnDb, id: string) {
  const doc = db.select().from(documents).where(eq(documents.id, id)).get();
  if (!doc) return null;
  const repo = doc.repositoryId ? db.select().from(repositories).where(eq(repositories.id, doc.repositoryId)).get() ?? null : null;
  return {
    doc,
    repo,
    record: getRecord(db, id)!,
    sections: db.select().from(sections).where(eq(sections.documentId, id)).orderBy(asc(sections.position)).all(),
    tasks: db.select().from(tasks).where(eq(tasks.documentId, id)).orderBy(asc(tasks.position)).all(),
    references: db.select().from(referencedFiles).where(eq(referencedFiles.documentId, id)).all(),
  };
}
