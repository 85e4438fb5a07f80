import Link from "next/link";
import { notFound } from "next/navigation";
import { readDb } from "@/lib/queries/db";
import { checkpointDetail } from "@/lib/queries/checkpoint";
import { formatDate, relativeTime } from "@/components/format";
import { StatusBadge } from "@/components/status-badge";

export default async function CheckpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const db = await readDb();
  const detail = /^[0-9a-f]{16}$/.test(id) ? checkpointDetail(db, id) : null;
  if (!detail) notFound();
  const { doc, repo, sections, tasks } = detail;
  const done = tasks.filter((t) => t.done).length;
  return (
    <article className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-500">
        <Link href="/">Overview</Link>
        {repo && (
          <>
            {" / "}
            <Link href={`/repos/${repo.id}`}>{repo.name}</Link>
          </>
        )}
        {" / "}
        <span aria-current="page">{doc.title ?? doc.path}</span>
      </nav>
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">{doc.title ?? doc.path}</h1>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-2"><dt className="text-stone-500">Status</dt><dd><StatusBadge status={doc.status} /></dd></div>
          <div className="flex gap-2"><dt className="text-stone-500">Branch</dt><dd className="font-mono">{doc.branch ?? "unknown"}</dd></div>
          <div className="flex gap-2">
            <dt className="text-stone-500">Saved</dt>
            <dd><time dateTime={doc.savedAt ?? undefined}>{formatDate(doc.savedAt)}</time> <span className="text-stone-500">{relativeTime(doc.savedAt)}</span></dd>
          </div>
          <div className="flex gap-2"><dt className="text-stone-500">File</dt><dd className="font-mono text-xs">{doc.absPath}</dd></div>
        </dl>
      </header>
      {tasks.length > 0 && (
        <section aria-labelledby="remaining">
          <h2 id="remaining" className="text-lg font-semibold">Remaining work <span className="text-sm font-normal text-stone-500">{done}/{tasks.length} done</span></h2>
          <ul className="mt-2 space-y-1">
            {tasks.map((t) => (
              <li key={t.id} className="flex gap-2">
                <input type="checkbox" checked={t.done} readOnly disabled aria-label={t.text} />
                <span className={t.done ? "text-stone-500 line-through" : ""}>{t.text}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sections.map((s) => (
        <section key={s.id} aria-label={s.heading}>
          <h2 className="text-lg font-semibold">{s.heading}</h2>
          <pre className="mt-1 whitespace-pre-wrap font-sans text-sm">{s.text}</pre>
        </section>
      ))}
    </article>
  );
}
