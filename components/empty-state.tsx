import type { ReactNode } from "react";

/** Nothing to show: say so, and say what to do next. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center dark:border-stone-700">
      <p className="font-medium">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-prose text-sm text-stone-600 dark:text-stone-400">{children}</div>}
      {action && <div className="mt-4 text-sm">{action}</div>}
    </div>
  );
}
