import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { plural } from "@/components/format";
import { ProblemFiles } from "@/components/problem-files";
import { readDb } from "@/lib/queries/db";
import { problemsByRepository } from "@/lib/queries/problems";
import { ignoreFileHash } from "@/lib/actions/not-a-checkpoint";
import { NotACheckpointForm, NotACheckpointProvider } from "./not-a-checkpoint-form";

export const metadata: Metadata = { title: "Problems" };

export default async function ProblemsPage() {
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
                files={g.files}
                action={(f) =>
                  g.repository && f.noFields && f.document ? <NotACheckpointForm documentId={f.document.id} expectedHash={ignoreHashes.get(g.repository.id) ?? null} path={f.displayPath} /> : null
                }
              />
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
