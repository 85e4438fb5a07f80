import Link from "next/link";
import { notFound } from "next/navigation";
import { readDb } from "@/lib/queries/db";
import { repositoryById, repositoryCheckpoints } from "@/lib/queries/overview";
import { CheckpointTable } from "@/components/checkpoint-table";

export default async function RepositoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const db = await readDb();
  const repo = /^\d+$/.test(id) ? repositoryById(db, Number(id)) : null;
  if (!repo) notFound();
  const checkpoints = repositoryCheckpoints(db, repo.id);
  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm text-stone-500">
        <Link href="/">Overview</Link> / <span aria-current="page">{repo.name}</span>
      </nav>
      <h1 className="text-2xl font-semibold">{repo.name}</h1>
      <p className="font-mono text-xs text-stone-500">{repo.path}</p>
      {checkpoints.length ? (
        <CheckpointTable checkpoints={checkpoints} caption={`Checkpoints of ${repo.name}`} />
      ) : (
        <p className="text-stone-500">No checkpoints found in this repository.</p>
      )}
    </div>
  );
}
