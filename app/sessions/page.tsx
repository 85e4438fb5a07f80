import type { Metadata } from "next";
import Link from "next/link";
import { basename } from "node:path";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { formatDate, plural } from "@/components/format";
import { readDb } from "@/lib/queries/db";
import { param } from "@/lib/queries/shared";
import { listSessions, sessionFacets, sessionsNeedingHandoff } from "@/lib/queries/sessions";
import { agentLabel } from "@/lib/sessions/labels";

export const metadata: Metadata = { title: "Sessions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Days drawn before "all of them" is one link away. */
const SHOWN = 300;

const field = "rounded-md border border-stone-300 bg-white px-2 py-1 text-sm dark:border-stone-700 dark:bg-stone-900";

/** Every past agent session, by day across repositories, with filters and counts. */
export default async function SessionsPage({ searchParams }: Props) {
  const [db, sp] = await Promise.all([readDb(), searchParams]);
  const filter = {
    repo: param(sp.repo) || null,
    agent: param(sp.agent) || null,
    branch: param(sp.branch) || null,
    hasCommits: param(sp.commits) === "1",
    wroteCheckpoint: param(sp.checkpoint) === "1",
  };
  const all = param(sp.all) === "1";
  const sessions = listSessions(db, filter);
  const facets = sessionFacets(db);
  const forgot = param(sp.forgot);
  const handoffs = sessionsNeedingHandoff(db);
  const shown = all ? sessions : sessions.slice(0, SHOWN);
  const days = new Map<string, typeof shown>();
  for (const s of shown) {
    const day = (s.startedAt ?? s.endedAt ?? "").slice(0, 10) || "undated";
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  const withCommits = sessions.filter((s) => s.commits.length > 0).length;
  const wrote = sessions.filter((s) => s.checkpoints.length > 0).length;
  const kept = sessions.filter((s) => !s.logPresent).length;
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Sessions" }]} />
      <h1 className="text-2xl font-semibold tracking-tight">Sessions</h1>
      <p className="max-w-prose text-sm text-stone-600 dark:text-stone-300">
        Every agent session on this machine, read from the agents&rsquo; own logs (Claude Code, Codex), newest first. Cairn keeps a session after the agent deletes its log.
      </p>
      {forgot && (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          Session forgotten: {plural(Number(forgot) || 0, "byte")} removed from Cairn.
        </p>
      )}
      {handoffs.length > 0 && (
        <section aria-labelledby="handoff-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
          <h2 id="handoff-heading" className="text-sm font-semibold text-amber-950 dark:text-amber-100">Save a handoff?</h2>
          <ul className="mt-1 space-y-1 text-sm">
            {handoffs.map((h) => (
              <li key={h.id}>
                <Link href={`/sessions/${h.id}`}>{h.title ?? "Untitled session"}</Link>
                <span className="block text-xs text-amber-950 dark:text-amber-100">{h.repo ? `${basename(h.repo)} · ` : ""}{h.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900" aria-label="Filter sessions">
        <label className="flex flex-col text-xs text-stone-600 dark:text-stone-300">
          Repository
          <select name="repo" defaultValue={filter.repo ?? ""} className={field}>
            <option value="">All repositories</option>
            {facets.repos.map((r) => (
              <option key={r} value={r}>{basename(r)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-stone-600 dark:text-stone-300">
          Agent
          <select name="agent" defaultValue={filter.agent ?? ""} className={field}>
            <option value="">All agents</option>
            {facets.agents.map((a) => (
              <option key={a} value={a}>{agentLabel(a)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs text-stone-600 dark:text-stone-300">
          Branch
          <input name="branch" defaultValue={filter.branch ?? ""} list="session-branches" className={field} />
          <datalist id="session-branches">
            {facets.branches.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <input type="checkbox" name="commits" value="1" defaultChecked={filter.hasCommits} /> Has commits
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <input type="checkbox" name="checkpoint" value="1" defaultChecked={filter.wroteCheckpoint} /> Wrote a checkpoint
        </label>
        <button type="submit" className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500">
          Filter
        </button>
      </form>
      <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="session-counts">
        {plural(sessions.length, "session")} · {withCommits} with commits · {wrote} wrote a checkpoint{kept ? ` · ${kept} kept after the agent deleted the log` : ""}
      </p>
      {sessions.length === 0 ? (
        <EmptyState title="No sessions">
          <code className="font-mono">cairn index</code> reads Claude Code (<code className="font-mono">~/.claude/projects</code>) and Codex (<code className="font-mono">~/.codex/sessions</code>) logs; the Roots page shows where it looks.
        </EmptyState>
      ) : (
        [...days].map(([day, list]) => (
          <section key={day} aria-labelledby={`day-${day}`} className="space-y-1">
            <h2 id={`day-${day}`} className="text-sm font-semibold text-stone-700 dark:text-stone-200">
              {day} <span className="font-normal text-stone-500 dark:text-stone-400">· {plural(list.length, "session")}</span>
            </h2>
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
              {list.map((s) => (
                <li key={s.id} className="px-3 py-2">
                  <Link href={`/sessions/${s.id}`} className="font-medium text-teal-800 dark:text-teal-300">
                    {s.title ?? "Untitled session"}
                  </Link>
                  <span className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-stone-600 dark:text-stone-400">
                    <span>{agentLabel(s.agent)}</span>
                    <span aria-hidden>·</span>
                    <span className="font-medium">{s.repo ? basename(s.repo) : "outside any repository"}</span>
                    {s.branches[0] && (
                      <>
                        <span aria-hidden>·</span>
                        <span className="font-mono">{s.branches[0]}</span>
                      </>
                    )}
                    <span aria-hidden>·</span>
                    <time dateTime={s.startedAt ?? undefined} className="font-mono tabular-nums">{formatDate(s.startedAt)}</time>
                    <span aria-hidden>·</span>
                    <span>{plural(s.userTurns, "prompt")}</span>
                    {s.commits.length > 0 && <span>· {plural(s.commits.length, "commit")}</span>}
                    {s.checkpoints.length > 0 && <span>· wrote a checkpoint</span>}
                    {!s.logPresent && <span className="text-amber-800 dark:text-amber-300">· log deleted; kept by Cairn</span>}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {!all && sessions.length > SHOWN && (
        <p>
          <Link href={`/sessions?${new URLSearchParams({ ...Object.fromEntries(Object.entries(sp).filter((e): e is [string, string] => typeof e[1] === "string")), all: "1" })}`}>
            Show all {sessions.length} sessions
          </Link>
        </p>
      )}
    </div>
  );
}
