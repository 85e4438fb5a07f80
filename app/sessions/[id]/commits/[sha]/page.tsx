import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { basename } from "node:path";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { DiffView } from "@/components/diff-view";
import { plural } from "@/components/format";
import { diffSinceSave } from "@/lib/derive/freshness-diff";
import { readDb } from "@/lib/queries/db";
import { getRecord } from "@/lib/queries/records";
import { getSession } from "@/lib/queries/sessions";

export const metadata: Metadata = { title: "Commit" };

/** A commit a session made: its diff, read from the repository its command ran in; back to the session and to the checkpoint it wrote. */
export default async function SessionCommitPage({ params }: { params: Promise<{ id: string; sha: string }> }) {
  const { id, sha } = await params;
  if (!/^[0-9a-f]{16}$/.test(id) || !/^[0-9a-f]{7,40}$/.test(sha)) notFound();
  const db = await readDb();
  const session = getSession(db, id);
  const commit = session?.commits.find((c) => c.sha === sha);
  if (!session || !commit || !commit.repo) notFound();
  const diff = (await diffSinceSave(commit.repo, `${commit.sha}^`, commit.sha).catch(() => null)) ?? (await diffSinceSave(commit.repo, null, commit.sha).catch(() => null));
  const checkpoints = session.checkpoints.map((c) => getRecord(db, c)).filter((r) => r !== null);
  const anchors: Record<string, string> = {};
  diff?.files.forEach((f, i) => (anchors[f.path] ??= `diff-${i + 1}`));
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Sessions", href: "/sessions" }, { label: session.title ?? "Session", href: `/sessions/${id}` }, { label: commit.sha.slice(0, 7) }]} />
      <h1 className="break-words text-2xl font-semibold tracking-tight">{commit.subject}</h1>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        <span className="font-mono">{commit.sha.slice(0, 12)}</span> in {basename(commit.repo)}
        {commit.branch ? <> on <span className="font-mono">{commit.branch}</span></> : null}
        {commit.state === "rewritten" ? ` · the session printed ${commit.printed?.slice(0, 7)}, since amended or rebased` : ""}
      </p>
      <p className="flex flex-wrap gap-4 text-sm">
        <Link href={`/sessions/${id}${commit.turn !== undefined ? `#turn-${commit.turn}` : ""}`}>Back to the session</Link>
        {checkpoints.map((c) => (
          <Link key={c!.id} href={`/checkpoints/${c!.id}`}>
            The checkpoint it wrote: {c!.title ?? c!.path}
          </Link>
        ))}
      </p>
      {diff ? (
        <section aria-labelledby="diff-heading" className="space-y-2">
          <h2 id="diff-heading" className="text-lg font-semibold">
            What it changed <span className="text-sm font-normal text-stone-600 dark:text-stone-400">{plural(diff.stat.filesChanged, "file")}, +{diff.stat.additions} −{diff.stat.deletions}</span>
          </h2>
          <DiffView files={diff.files} stats={diff.stat.files} anchors={anchors} />
        </section>
      ) : (
        <p className="text-sm">The commit is no longer in {basename(commit.repo)}: its diff cannot be shown.</p>
      )}
    </div>
  );
}
