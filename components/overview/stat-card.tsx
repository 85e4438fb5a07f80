import Link from "next/link";

const TONES = {
  sky: "text-sky-700 dark:text-sky-300",
  amber: "text-amber-700 dark:text-amber-300",
  rose: "text-rose-700 dark:text-rose-300",
  stone: "text-stone-700 dark:text-stone-300",
};

/** One number that needs attention, linking to where it can be dealt with. */
export function StatCard({ label, value, href, tone, hint }: { label: string; value: number; href: string; tone: keyof typeof TONES; hint: string }) {
  return (
    <Link
      href={href}
      className="group block rounded-lg border border-stone-200 bg-white p-3 no-underline shadow-xs hover:border-teal-500 hover:no-underline dark:border-stone-800 dark:bg-stone-900 dark:hover:border-teal-500"
    >
      <span className={`block text-2xl font-semibold tabular-nums ${value ? TONES[tone] : "text-stone-500 dark:text-stone-400"}`}>{value.toLocaleString("en-US")}</span>
      <span className="block text-sm font-medium text-stone-900 dark:text-stone-100">{label}</span>
      <span className="block text-xs text-stone-500 dark:text-stone-400">{hint}</span>
    </Link>
  );
}
