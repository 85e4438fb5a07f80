import type { ReactNode } from "react";

/** A titled card: a landmark-free section with its own heading id. */
export function Panel({
  id,
  title,
  description,
  actions,
  children,
  className = "",
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border border-stone-200 bg-white p-4 shadow-xs dark:border-stone-800 dark:bg-stone-900 ${className}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-stone-500 dark:text-stone-400">{description}</p>}
        {actions && <div className="ml-auto text-sm">{actions}</div>}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}
