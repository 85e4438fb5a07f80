/**
 * Cell and row styles of a long table, set once on the table (a page of rows is hundreds of cells: per-cell
 * class lists made most of its weight). In a cell, class `num` marks a number, `none` an empty value.
 */
export const DATA_TABLE = [
  "w-full text-left text-sm",
  "[&_td]:px-2 [&_td]:py-2 [&_td]:align-top [&_td:first-child]:pl-0",
  "[&_tbody_tr]:border-b [&_tbody_tr]:border-stone-100 [&_tbody_tr:last-child]:border-0 [&_tbody_tr:hover]:bg-stone-50",
  "dark:[&_tbody_tr]:border-stone-800/70 dark:[&_tbody_tr:hover]:bg-stone-800/40",
  "[&_.num]:font-mono [&_.num]:text-xs [&_.num]:tabular-nums [&_.none]:text-stone-400 dark:[&_.none]:text-stone-500",
].join(" ");

/** An empty cell's dash. */
export const none = <span className="none">—</span>;
