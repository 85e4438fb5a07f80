import Link from "next/link";
import type { SessionRecord } from "@/lib/sessions/types";
import { agentLabel } from "@/lib/sessions/labels";
import { formatDate, plural } from "./format";
import { Panel } from "./panel";

/** The agent sessions that worked on a checkpoint or in a repository: each links to its session page. */
export function SessionList({ id, sessions, title = "Sessions that worked on it" }: { id: string; sessions: SessionRecord[]; title?: string }) {
  if (!sessions.length) return null;
  return (
    <Panel id={id} title={title} description={plural(sessions.length, "session")} actions={<Link href="/sessions">All sessions</Link>}>
      <ul className="mt-2 space-y-1.5 text-sm">
        {sessions.map((s) => (
          <li key={s.id}>
            <Link href={`/sessions/${s.id}`}>{s.title ?? "Untitled session"}</Link>
            <span className="block text-xs text-stone-600 dark:text-stone-400">
              {agentLabel(s.agent)} · {formatDate(s.startedAt)}
              {s.commits.length ? ` · ${plural(s.commits.length, "commit")}` : ""}
              {s.logPresent ? "" : " · log deleted; kept by Cairn"}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
