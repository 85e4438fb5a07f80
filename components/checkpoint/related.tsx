import type { ReactNode } from "react";
import Link from "next/link";
import { RedactForm, RedactProvider } from "@/app/secrets/redact-form";
import type { CheckpointPageData, LinkedDocument } from "@/lib/queries/checkpoint";
import { formatDate, kindLabel } from "../format";

function DocLink({ doc }: { doc: LinkedDocument }) {
  return (
    <Link href={`/checkpoints/${doc.id}`} className="break-words">
      {doc.title ?? doc.path}
    </Link>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm dark:border-stone-800 dark:bg-stone-900">
      <h2 id={id} className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

/** The checkpoint's neighbours and the documents it points at. */
export function Related({ data }: { data: CheckpointPageData }) {
  const { previous, next, newerOnBranch, links, researchFor, supersededBy, duplicateOf, aliasOf, secrets, problems, doc } = data;
  const byLineage = !!doc.lineage;
  return (
    <div className="space-y-4">
      {(byLineage || doc.branch) && (previous || next) && (
        <nav aria-label={byLineage ? "Saves of this work" : "Checkpoints on this branch"} className="rounded-lg border border-stone-200 bg-white p-3 text-sm dark:border-stone-800 dark:bg-stone-900">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-500 dark:text-stone-400">
            {byLineage ? "Saves of this work" : <>On <span className="font-mono normal-case">{doc.branch}</span></>}
          </h2>
          <ul className="mt-2 space-y-2">
            {previous && (
              <li>
                <span className="block text-xs text-stone-500 dark:text-stone-400">← Previous · {formatDate(previous.savedAt)}</span>
                <Link href={`/checkpoints/${previous.id}`} rel="prev" aria-label={`Previous: ${previous.title ?? previous.path}`}>{previous.title ?? previous.path}</Link>
              </li>
            )}
            {next && (
              <li>
                <span className="block text-xs text-stone-500 dark:text-stone-400">Next → · {formatDate(next.savedAt)}</span>
                <Link href={`/checkpoints/${next.id}`} rel="next" aria-label={`Next: ${next.title ?? next.path}`}>{next.title ?? next.path}</Link>
              </li>
            )}
          </ul>
        </nav>
      )}
      {aliasOf && (
        <Block id="rel-alias" title="Pointer">
          <p>
            This file only points to another: it is an alias of <DocLink doc={aliasOf} /> (<code className="font-mono text-xs">{aliasOf.path}</code>), not a
            checkpoint of its own.
          </p>
        </Block>
      )}
      {(supersededBy || duplicateOf || newerOnBranch) && (
        <Block id="rel-newer" title="Newer save">
          {supersededBy && (
            <p>
              Superseded by <DocLink doc={supersededBy} />, the next save of the same work.
            </p>
          )}
          {newerOnBranch && newerOnBranch.id !== supersededBy?.id && (
            <p>
              Newer save on this branch: <DocLink doc={newerOnBranch} /> (another piece of work).
            </p>
          )}
          {duplicateOf && (
            <p>
              Same content as <DocLink doc={duplicateOf} /> (<code className="font-mono text-xs">{duplicateOf.path}</code>).
            </p>
          )}
        </Block>
      )}
      {(links.length > 0 || researchFor.length > 0) && (
        <Block id="rel-research" title="Research & plans">
          <ul className="space-y-2">
            {links.map((l) => (
              <li key={l.path}>
                <span className="block text-xs text-stone-500 dark:text-stone-400">{l.role === "plan" ? "Plan in progress" : "Research"}</span>
                {l.document ? <DocLink doc={l.document} /> : <code className="break-all font-mono text-xs">{l.path}</code>}
                {!l.document && <span className="block text-xs text-stone-500">not indexed (missing, or outside the repository)</span>}
              </li>
            ))}
            {researchFor.map((r) => (
              <li key={r.id}>
                <span className="block text-xs text-stone-500 dark:text-stone-400">{kindLabel(r.kind)} for this checkpoint</span>
                <DocLink doc={r} />
              </li>
            ))}
          </ul>
        </Block>
      )}
      {secrets.length > 0 && (
        <Block id="rel-secrets" title="Secrets">
          <p className="text-rose-800 dark:text-rose-300">
            {secrets.length === 1
              ? "1 secret was found in this file and is hidden here. Rotate it, and remove it from the file."
              : `${secrets.length} secrets were found in this file and are hidden here. Rotate them, and remove them from the file.`}
          </p>
          <ul className="space-y-0.5 font-mono text-xs">
            {secrets.map((s, i) => (
              <li key={`${s.rule}-${s.line}-${i}`}>{s.rule} · line {s.line}</li>
            ))}
          </ul>
          {doc.source === "worktree" && data.repo ? (
            <RedactProvider>
              <RedactForm documentId={doc.id} expectedHash={doc.contentHash} path={doc.path} />
            </RedactProvider>
          ) : (
            <p className="text-xs text-stone-600 dark:text-stone-400">
              {doc.source !== "worktree" ? "Found only in git history: Cairn cannot redact it in place." : "Outside any indexed repository: redact it in an editor."}
            </p>
          )}
        </Block>
      )}
      {problems.length > 0 && (
        <Block id="rel-problems" title="Reading problems">
          <ul className="list-disc space-y-1 pl-4 text-amber-900 dark:text-amber-200">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </Block>
      )}
    </div>
  );
}
