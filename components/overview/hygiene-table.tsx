import Link from "next/link";
import type { HygieneRow } from "@/lib/queries/overview";
import { ShowMore } from "../show-more";

function Count({ n, href, warn }: { n: number; href: string; warn: boolean }) {
  if (!n) return <span className="text-stone-500 dark:text-stone-400">0</span>;
  return (
    <Link href={href} className={`tabular-nums ${warn ? "font-semibold text-amber-800 dark:text-amber-300" : ""}`}>
      {n}
    </Link>
  );
}

/** Repositories drawn before "all of them" is one link away (`?hygiene=all`): the overview stays light at any size. */
export const HYGIENE_SHOWN = 12;

/** Per repository: saves to close or delete (the first ones, unless `showAll`). */
export function HygieneTable({ rows, archivePile, showAll = false }: { rows: HygieneRow[]; archivePile: number; showAll?: boolean }) {
  const shown = showAll ? rows : rows.slice(0, HYGIENE_SHOWN);
  const th = "px-2 py-1.5 font-medium first:pl-0 text-right first:text-left";
  const td = "px-2 py-1.5 text-right first:pl-0 first:text-left";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Hygiene per repository</caption>
        <thead className="border-b border-stone-200 text-xs text-stone-500 dark:border-stone-800 dark:text-stone-400">
          <tr>
            <th scope="col" className={th}>Repository</th>
            <th scope="col" className={th} title="Superseded by a newer save on the same branch, yet still in progress">Superseded, in progress</th>
            <th scope="col" className={th} title="In progress on a branch that no longer exists">Branch gone</th>
            <th scope="col" className={th} title={`Session-state archives (a pile from ${archivePile})`}>Archives</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id} className="border-b border-stone-100 last:border-0 dark:border-stone-800/70">
              <th scope="row" className={`${td} font-normal`}>
                <Link href={`/repos/${r.id}`}>{r.name}</Link>
              </th>
              <td className={td}><Count n={r.supersededOpen} href={`/repos/${r.id}?hygiene=superseded-open#checkpoints`} warn /></td>
              <td className={td}><Count n={r.branchGone} href={`/repos/${r.id}?hygiene=branch-gone#checkpoints`} warn /></td>
              <td className={td}><Count n={r.archives} href={`/repos/${r.id}?hygiene=archives#checkpoints`} warn={r.archives >= archivePile} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore total={rows.length} shown={shown.length} limit={HYGIENE_SHOWN} showAll={showAll} moreHref="/?hygiene=all#hygiene" fewerHref="/#hygiene" className="mt-2 text-sm" />
    </div>
  );
}
