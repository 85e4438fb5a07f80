import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { LiveRefresh } from "@/components/live-refresh";
import { readDb } from "@/lib/queries/db";
import { reviewTarget } from "@/lib/queries/reviews";

interface PanelPageProps {
  id: string;
  /** "Resume" or "Review": the page's name in the heading and breadcrumbs. */
  name: string;
  parentCrumb: { label: string; href: string };
  other: { label: string; href: string };
  children: ReactNode;
}

/** A checkpoint panel (review, resume) on a page of its own; the checkpoint page mounts the same panels. */
export async function PanelPage({ id, name, parentCrumb, other, children }: PanelPageProps) {
  if (!/^[0-9a-f]{16}$/.test(id)) notFound();
  const target = reviewTarget(await readDb(), id);
  if (!target) notFound();
  const title = target.title ?? target.path;
  return (
    <article className="space-y-6">
      <Breadcrumbs items={[parentCrumb, { label: title, href: `/checkpoints/${id}` }, { label: name }]} />
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {name}: {title}
        </h1>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <Link href={`/checkpoints/${id}`}>Open the checkpoint</Link> · <Link href={other.href}>{other.label}</Link> ·{" "}
          <span className="font-mono text-xs">{target.path}</span>
        </p>
      </header>
      {children}
      <LiveRefresh />
    </article>
  );
}
