import Link from "next/link";
import type { ReactNode } from "react";
import type { ProblemFile } from "@/lib/queries/problems";
import { familyLabel } from "./format";

/** Files of one repository that could not be read well, each with its reasons. */
export function ProblemFiles({ files, action }: { files: ProblemFile[]; action?: (file: ProblemFile) => ReactNode }) {
  return (
    <ul className="mt-3 divide-y divide-stone-100 dark:divide-stone-800">
      {files.map((f) => (
        <li key={f.filePath} className="py-2.5 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <code className="break-all font-mono text-[0.82rem]" title={f.filePath}>{f.displayPath}</code>
            {f.document ? (
              <Link href={`/checkpoints/${f.document.id}`} className="text-sm">
                Open {f.document.title ? `“${f.document.title}”` : "what was read"} <span className="text-xs text-stone-500">({familyLabel(f.document.format)})</span>
              </Link>
            ) : (
              <span className="text-xs text-stone-500 dark:text-stone-400">not indexed</span>
            )}
          </div>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-amber-900 dark:text-amber-200">
            {f.messages.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
          {action?.(f)}
        </li>
      ))}
    </ul>
  );
}
