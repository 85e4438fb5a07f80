import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { LIST_CAP } from "@/components/capped-list";
import { Pagination } from "@/components/pagination";
import { ProblemFiles } from "@/components/problem-files";
import { readDb } from "@/lib/queries/db";
import { problemsByRepository } from "@/lib/queries/problems";
import { ignoreFileHash } from "@/lib/actions/not-a-checkpoint";
import { NotACheckpointForm, NotACheckpointProvider } from "./not-a-checkpoint-form";

export const metadata: Metadata = { title: "Problems" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?repo=ID&page=N`: the page of one repository's files asked for (each repository lists LIST_CAP files a page). */
function pageOf(sp: Record<string, string | string[] | undefined>, groupId: string): number {
  return sp.repo === groupId && typeof sp.page === "string" && /^\d{1,6}$/.test(sp.page) ? Math.max(1, Number(sp.page)) : 1;
}

export default async function ProblemsPage({ searchParams }: Props) {
  const sp = await searchParams;
  const groups = problemsByRepository(await readDb());
  const files = groups.reduce((n, g) => n + g.files.length, 0);
  // "Not a checkpoint" writes .cairnignore only when it is still the version this page was built with
  const ignoreHashes = new Map(await Promise.all(groups.filter((g) => g.repository && g.files.some((f) => f.noFields)).map(async (g) => [g.repository!.id, await ignoreFileHash(g.repository!.path)] as const)));
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Problems" }]} />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Problems</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {files
            ? `${plural(files, "file")} could not be read well. Cairn shows what it could read of each; fix the file and it is re-read at the next index. A file that is no checkpoint at all can be ignored with "Not a checkpoint".`
            : "Files Cairn could not read well show up here."}
        </p>
      </div>
      {groups.length ? (
        <NotACheckpointProvider>
        {groups.map((g) => {
          const id = g.repository ? `repo-${g.repository.id}` : "global";
          // a repository may have thousands of files with problems: LIST_CAP a page
          const groupId = g.repository ? String(g.repository.id) : "global";
          const pages = Math.max(1, Math.ceil(g.files.length / LIST_CAP));
          const page = Math.min(pageOf(sp, groupId), pages);
          const files = g.files.slice((page - 1) * LIST_CAP, page * LIST_CAP);
          return (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 rounded-lg border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
              <h2 id={`${id}-heading`} className="flex flex-wrap items-baseline gap-x-3 text-base font-semibold">
                {g.repository ? <Link href={`/repos/${g.repository.id}`}>{g.repository.name}</Link> : "Outside any repository"}
                <span className="text-sm font-normal text-stone-500 dark:text-stone-400">
                  {plural(g.files.length, "file")}, {plural(g.count, "problem")}
                </span>
              </h2>
              {g.repository && <p className="font-mono text-xs text-stone-500">{g.repository.path}</p>}
              <ProblemFiles
                files={files}
                action={(f) =>
                  g.repository && f.noFields && f.document ? <NotACheckpointForm documentId={f.document.id} expectedHash={ignoreHashes.get(g.repository.id) ?? null} path={f.displayPath} /> : null
                }
              />
              {pages > 1 && (
                <div className="mt-3">
                  <Pagination page={page} pages={pages} hrefFor={(p) => `/problems?repo=${groupId}${p > 1 ? `&page=${p}` : ""}#${id}`} label={`Pages of files with problems in ${g.repository?.name ?? "no repository"}`} />
                </div>
              )}
            </section>
          );
        })}
        </NotACheckpointProvider>
      ) : (
        <EmptyState title="Every file was read cleanly" action={<Link href="/">Back to the overview</Link>}>
          When a checkpoint has broken frontmatter, no title, an unknown status or cannot be read at all, it is listed here with the reason.
        </EmptyState>
      )}
    </div>
  );
}
