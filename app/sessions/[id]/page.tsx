import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { basename } from "node:path";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { CopyButton } from "@/components/copy-button";
import { formatDate, plural } from "@/components/format";
import { Panel } from "@/components/panel";
import { getRecord } from "@/lib/queries/records";
import { readDb } from "@/lib/queries/db";
import { param } from "@/lib/queries/shared";
import { getSession, sessionsByIds, sessionTurns } from "@/lib/queries/sessions";
import { agentLabel } from "@/lib/sessions/labels";
import { Conversation } from "./conversation";
import { ForgetForm } from "./forget-form";

export const metadata: Metadata = { title: "Session" };

/** Turns drawn at once; a longer session pages with ?from=. */
const TURNS = 1500;

const STATE: Record<string, string> = {
  verified: "verified in the repository",
  rewritten: "amended or rebased since: matched by subject and time",
  unknown: "not found in a repository on this machine",
};

export default async function SessionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  if (!/^[0-9a-f]{16}$/.test(id)) notFound();
  const db = await readDb();
  const session = getSession(db, id);
  if (!session) notFound();
  const from = Math.max(0, Number.parseInt(param(sp.from) ?? "0", 10) || 0);
  const turns = sessionTurns(db, id, from, TURNS);
  const more = (session.turns ?? 0) > from + TURNS;
  const checkpoints = session.checkpoints.map((c) => getRecord(db, c)).filter((r) => r !== null);
  const subagents = sessionsByIds(db, session.subagents ?? []);
  const parent = session.parentId ? getSession(db, session.parentId) : null;
  const agent = agentLabel(session.agent);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: "Overview", href: "/" }, { label: "Sessions", href: "/sessions" }, { label: session.title ?? "Session" }]} />
      <header className="space-y-1">
        <h1 className="break-words text-2xl font-semibold tracking-tight">{session.title ?? "Untitled session"}</h1>
        <p className="flex flex-wrap gap-x-1.5 text-sm text-stone-600 dark:text-stone-300">
          <span>{agent}</span>
          <span aria-hidden>·</span>
          {session.repo ? <span className="font-medium">{basename(session.repo)}</span> : <span>outside any repository</span>}
          {session.branches.length > 0 && (
            <>
              <span aria-hidden>·</span>
              <span className="font-mono">{session.branches.join(", ")}</span>
            </>
          )}
          <span aria-hidden>·</span>
          <time dateTime={session.startedAt ?? undefined}>{formatDate(session.startedAt)}</time>
          <span>to</span>
          <time dateTime={session.endedAt ?? undefined}>{formatDate(session.endedAt)}</time>
          <span aria-hidden>·</span>
          <span>{plural(session.userTurns, "prompt")}</span>
        </p>
        {parent && (
          <p className="text-sm">
            A sub-agent of <Link href={`/sessions/${parent.id}`}>{parent.title ?? "its session"}</Link>
          </p>
        )}
        {!session.logPresent && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            Log deleted by {agent}; kept by Cairn.
          </p>
        )}
        {(session.hidden ?? 0) > 0 && (
          <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="hidden-values">
            {plural(session.hidden ?? 0, "value")} hidden: they looked like secrets ({[...new Set(session.secrets.map((s) => s.rule))].join(", ")}).
          </p>
        )}
      </header>
      {session.resume && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Resume it:</span>
          <code className="rounded bg-stone-100 px-2 py-1 font-mono text-xs dark:bg-stone-800">{session.resume}</code>
          <CopyButton text={session.resume} label="Copy the resume command" what="the command" size="xs" />
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Panel id="commits-heading" title="Commits" description={session.commits.length ? plural(session.commits.length, "commit") : "none"}>
          <ul className="mt-2 space-y-1 text-sm">
            {session.commits.map((c) => (
              <li key={`${c.repo}:${c.sha}`}>
                {c.repo && c.state !== "unknown" ? (
                  <Link href={`/sessions/${id}/commits/${c.sha}`} className="font-mono">{c.sha.slice(0, 7)}</Link>
                ) : (
                  <span className="font-mono">{c.sha.slice(0, 7)}</span>
                )}{" "}
                {c.subject}
                <span className="block text-xs text-stone-600 dark:text-stone-400">
                  {c.repo ? basename(c.repo) : "repository unknown"} · {STATE[c.state]}
                </span>
              </li>
            ))}
          </ul>
          {session.pullRequests.length > 0 && (
            <ul className="mt-2 text-sm">
              {session.pullRequests.map((p) => (
                <li key={p.url}>
                  Pull request <a href={p.url} rel="noreferrer noopener">{p.number ? `#${p.number}` : p.url}</a>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="checkpoints-heading" title="Checkpoints it wrote" description={checkpoints.length ? plural(checkpoints.length, "checkpoint") : "none"}>
          <ul className="mt-2 space-y-1 text-sm">
            {checkpoints.map((c) => (
              <li key={c!.id}>
                <Link href={`/checkpoints/${c!.id}`}>{c!.title ?? c!.path}</Link> <span className="font-mono text-xs text-stone-500 dark:text-stone-400">{c!.path}</span>
              </li>
            ))}
          </ul>
          {subagents.length > 0 && (
            <>
              <h3 className="mt-3 text-sm font-semibold">Sub-agents</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {subagents.map((s) => (
                  <li key={s.id}>
                    <Link href={`/sessions/${s.id}`}>{s.title ?? "Sub-agent"}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {session.filesEdited.length > 0 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer">{plural(session.filesEdited.length, "file")} edited</summary>
              <ul className="mt-1 break-all font-mono text-xs">
                {session.filesEdited.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </details>
          )}
        </Panel>
      </div>
      <section aria-labelledby="conversation-heading" className="space-y-2">
        <h2 id="conversation-heading" className="text-lg font-semibold">Conversation</h2>
        {from > 0 && <Link href={`/sessions/${id}?from=${Math.max(0, from - TURNS)}`}>Earlier turns</Link>}
        <Conversation turns={turns} />
        {more && <Link href={`/sessions/${id}?from=${from + TURNS}`}>Later turns</Link>}
      </section>
      <Panel id="forget-heading" title="Forget this session" description="Removes the session, its turns and its links from Cairn">
        <div className="mt-2">
          <ForgetForm id={id} />
        </div>
      </Panel>
      <p className="break-all text-xs text-stone-500 dark:text-stone-400">Log: {session.path}</p>
    </div>
  );
}
