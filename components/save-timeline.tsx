import Link from "next/link";
import type { TimelineSave } from "@/lib/queries/repository";
import { formatDate, plural } from "./format";
import { focusRange } from "./timeline-range";

export interface TimelineCommit {
  sha: string;
  subject: string;
  committedAt: string;
  branch: string | null;
}

const WIDTH = 720;
const LABEL = 132;
const RIGHT = 16;
const TOP = 10;
const LANE = 30;
const AXIS = 30;
const MAX_LANES = 8;
/** Saves drawn at most (the newest); the older ones are counted. */
export const MAX_DOTS = 200;
const NO_BRANCH = "(no branch)";
const OTHER = "other branches";
const COMMITS = "save commits";

const DOT: Record<string, { className: string; label: string }> = {
  "in-progress": { className: "fill-sky-500 dark:fill-sky-400", label: "in progress" },
  completed: { className: "fill-emerald-500 dark:fill-emerald-400", label: "completed" },
  blocked: { className: "fill-rose-500 dark:fill-rose-400", label: "blocked" },
  none: { className: "fill-stone-400 dark:fill-stone-500", label: "no status" },
};
const dotFor = (status: string | null) => DOT[status === "superseded" ? "completed" : (status ?? "none")] ?? DOT.none;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function tickLabel(ms: number, span: number): string {
  const d = new Date(ms);
  const day = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  if (span > 400 * 86_400_000) return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (span > 3 * 86_400_000) return day;
  return `${day} ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Saves over time, one lane per branch, drawn on the server. By default the axis spans the busy part
 * (a few saves far older or newer are left off, counted, and one link shows them: `showAll`); each dot
 * is a link to its checkpoint, named by its title, date, status and branch.
 */
export function SaveTimeline({
  id,
  repoName,
  saves: allSaves,
  commits: allCommits = [],
  showAll = false,
  allHref,
  focusHref,
}: {
  id: string;
  repoName: string;
  saves: TimelineSave[];
  commits?: TimelineCommit[];
  showAll?: boolean;
  /** Where "show every save" leads (the same page with every save). */
  allHref?: string;
  /** Where "back to the busy span" leads. */
  focusHref?: string;
}) {
  const focus = focusRange(allSaves.map((s) => Date.parse(s.savedAt)));
  const zoomable = !!focus && focus.before + focus.after > 0;
  const zoomed = zoomable && !showAll;
  const inRange = (ms: number) => !zoomed || (ms >= focus!.from && ms <= focus!.to);
  // at most MAX_DOTS saves, the newest (a repository of 3,000 units drew 1.7 MB of dots)
  const inSpan = allSaves.filter((s) => inRange(Date.parse(s.savedAt))).sort((a, b) => Date.parse(a.savedAt) - Date.parse(b.savedAt));
  const olderLeftOff = Math.max(0, inSpan.length - MAX_DOTS);
  const saves = olderLeftOff ? inSpan.slice(olderLeftOff) : inSpan;
  const since = olderLeftOff ? Date.parse(saves[0].savedAt) : -Infinity;
  const commits = allCommits.filter((c) => inRange(Date.parse(c.committedAt)) && Date.parse(c.committedAt) >= since).slice(-MAX_DOTS);
  const leftOff = allSaves.filter((s) => !inRange(Date.parse(s.savedAt)));
  const counts = new Map<string, number>();
  for (const s of saves) counts.set(s.branch ?? NO_BRANCH, (counts.get(s.branch ?? NO_BRANCH) ?? 0) + 1);
  const ordered = [...counts.entries()].sort((a, b) => (a[0] === NO_BRANCH ? 1 : 0) - (b[0] === NO_BRANCH ? 1 : 0) || b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = ordered.length > MAX_LANES ? ordered.slice(0, MAX_LANES - 1).map(([b]) => b) : ordered.map(([b]) => b);
  const commitsWithoutLane = commits.some((c) => !c.branch || !shown.includes(c.branch));
  const lanes = [...shown, ...(ordered.length > MAX_LANES ? [OTHER] : []), ...(commitsWithoutLane ? [COMMITS] : [])];
  const laneOf = (branch: string | null) => {
    const name = branch ?? NO_BRANCH;
    const i = lanes.indexOf(name);
    return i >= 0 ? i : lanes.indexOf(OTHER);
  };
  /** Save commits sit on their branch's lane when it is drawn, else on a lane of their own. */
  const commitLane = (branch: string | null) => (branch && shown.includes(branch) ? lanes.indexOf(branch) : lanes.indexOf(COMMITS));

  const times = [...saves.map((s) => Date.parse(s.savedAt)), ...commits.map((c) => Date.parse(c.committedAt))].filter(Number.isFinite);
  // a loop, not Math.min(...times): a repository may hold more saves than a call takes arguments
  let min = Infinity;
  let max = -Infinity;
  for (const t of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (!times.length) min = max = Date.now();
  if (max - min < 3_600_000) {
    min -= 12 * 3_600_000;
    max += 12 * 3_600_000;
  }
  const pad = (max - min) * 0.03;
  min -= pad;
  max += pad;
  const plot = WIDTH - LABEL - RIGHT;
  const x = (ms: number) => LABEL + ((ms - min) / (max - min)) * plot;
  const height = TOP + lanes.length * LANE + AXIS;
  const axisY = TOP + lanes.length * LANE;
  const ticks = Array.from({ length: 5 }, (_, i) => min + pad + ((max - min - 2 * pad) * i) / 4);

  const first = saves[0]?.savedAt ?? null;
  const last = saves[saves.length - 1]?.savedAt ?? null;
  const description = saves.length
    ? `${plural(saves.length, "save")} on ${plural(ordered.length, "branch", "branches")} from ${formatDate(first)} to ${formatDate(last)} UTC. ` +
      ordered.slice(0, MAX_LANES).map(([b, n]) => `${b}: ${plural(n, "save")}`).join("; ") +
      (ordered.length > MAX_LANES ? `; ${plural(ordered.length - MAX_LANES, "more branch", "more branches")}` : "") +
      (commits.length ? `. ${plural(commits.length, "save commit")}.` : ".") +
      (leftOff.length ? ` ${plural(leftOff.length, "save")} outside this span not drawn.` : "") +
      (olderLeftOff ? ` ${plural(olderLeftOff, "older save")} not drawn: the newest ${MAX_DOTS} are.` : "")
    : "No saves yet.";

  return (
    <figure className="min-w-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full max-w-full overflow-visible text-stone-600 dark:text-stone-400"
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={`${id}-title`}>{`Save timeline of ${repoName}`}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {lanes.map((lane, i) => {
          const y = TOP + i * LANE + LANE / 2;
          return (
            <g key={lane}>
              <line x1={LABEL} x2={WIDTH - RIGHT} y1={y} y2={y} className="stroke-stone-200 dark:stroke-stone-800" strokeWidth={1} />
              <text x={LABEL - 10} y={y} dy="0.35em" textAnchor="end" className={`fill-current ${lane === COMMITS || lane === OTHER || lane === NO_BRANCH ? "italic" : "font-mono"}`} fontSize={11}>
                {truncate(lane, 18)}
              </text>
            </g>
          );
        })}
        <line x1={LABEL} x2={WIDTH - RIGHT} y1={axisY} y2={axisY} className="stroke-stone-300 dark:stroke-stone-700" strokeWidth={1} />
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={TOP} y2={axisY + 4} className="stroke-stone-200 dark:stroke-stone-800" strokeDasharray="2 3" strokeWidth={1} />
            <text x={x(t)} y={axisY + 18} textAnchor="middle" className="fill-current" fontSize={11}>
              {tickLabel(t, max - min)}
            </text>
          </g>
        ))}
        {commits.map((c) => {
          const y = TOP + commitLane(c.branch) * LANE + LANE / 2;
          return (
            <line key={c.sha} x1={x(Date.parse(c.committedAt))} x2={x(Date.parse(c.committedAt))} y1={y - 9} y2={y + 9} className="stroke-amber-500 dark:stroke-amber-400" strokeWidth={2}>
              <title>{`${c.subject} (${c.sha.slice(0, 7)})`}</title>
            </line>
          );
        })}
        {saves.map((s) => {
          const lane = laneOf(s.branch);
          if (lane < 0) return null;
          const name = `${s.title ?? "untitled"}, saved ${formatDate(s.savedAt)} UTC, ${dotFor(s.status).label}, on ${s.branch ?? "no branch"}`;
          return (
            <a key={s.id} href={`/checkpoints/${s.id}`} aria-label={name} className="outline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-600">
              <circle
                data-save={s.id}
                cx={x(Date.parse(s.savedAt))}
                cy={TOP + lane * LANE + LANE / 2}
                r={5.5}
                className={`${dotFor(s.status).className} stroke-white dark:stroke-stone-900`}
                strokeWidth={1.5}
                fillOpacity={0.9}
              >
                <title>{name}</title>
              </circle>
            </a>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600 dark:text-stone-400">
        {Object.entries(DOT).map(([key, dot]) => (
          <span key={key} className="inline-flex items-center gap-1.5">
            <svg aria-hidden viewBox="0 0 10 10" className="size-2.5"><circle cx={5} cy={5} r={5} className={dot.className} /></svg>
            {dot.label}
          </span>
        ))}
        {commits.length > 0 && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-3 w-0.5 bg-amber-500 dark:bg-amber-400" />
            save commit
          </span>
        )}
        <span>Times in UTC.</span>
        {olderLeftOff > 0 && (
          <span data-testid="timeline-cap">
            The newest {MAX_DOTS} saves are drawn; {plural(olderLeftOff, "older save")} left off (the table below lists them all).
          </span>
        )}
        {zoomed && (
          <span data-testid="timeline-range">
            {focus!.before > 0 && `${plural(focus!.before, "earlier save")} (from ${formatDate(leftOff[0].savedAt).slice(0, 10)}) `}
            {focus!.before > 0 && focus!.after > 0 && "and "}
            {focus!.after > 0 && `${plural(focus!.after, "later save")} `}
            left off so that the busy span is readable.{" "}
            {allHref && <Link href={allHref} scroll={false}>Show every save</Link>}
          </span>
        )}
        {zoomable && showAll && (
          <span data-testid="timeline-range">
            Every save shown.{" "}
            {focusHref && <Link href={focusHref} scroll={false}>Zoom to the busy span</Link>}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
