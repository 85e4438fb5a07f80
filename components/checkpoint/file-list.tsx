import Link from "next/link";
import type { FileEntry } from "@/lib/render/sections";
import { traceHref } from "@/lib/search/url";
import type { LinkedDocument } from "@/lib/queries/checkpoint";

/** Referenced files, each marked present or missing in the work tree now. */
export function FileList({ files, documentsByPath, label }: { files: FileEntry[]; documentsByPath: Record<string, LinkedDocument>; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-100 rounded-md border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
      {files.map((f) => {
        const doc = documentsByPath[f.path];
        return (
          <li key={f.path} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 text-sm">
            <code className={`break-all font-mono text-[0.82rem] ${f.present === false ? "text-stone-500 line-through decoration-rose-400 dark:text-stone-400" : ""}`}>
              {doc ? <Link href={`/checkpoints/${doc.id}`}>{f.path}</Link> : f.path}
            </code>
            {f.present === false ? (
              <span className="rounded-full bg-rose-100 px-2 py-0.5 text-xs font-medium text-rose-900 ring-1 ring-inset ring-rose-600/20 dark:bg-rose-900/40 dark:text-rose-100" title="This file no longer exists in the repository">
                missing
              </span>
            ) : f.present === true ? (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-inset ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200">
                present
              </span>
            ) : (
              <span className="text-xs text-stone-500">not checked</span>
            )}
            <Link href={traceHref(f.path)} className="text-xs" aria-label={`Trace ${f.path} through every checkpoint`}>
              trace
            </Link>
            {f.note && <span className="basis-full text-xs text-stone-500 dark:text-stone-400 sm:basis-auto">{f.note}</span>}
          </li>
        );
      })}
    </ul>
  );
}
