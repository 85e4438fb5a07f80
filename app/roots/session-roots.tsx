import { homedir } from "node:os";
import { plural } from "@/components/format";
import type { CairnDb } from "@/db/client";
import { sessionRootStates } from "@/lib/index/sessions-files";
import { readSessionSettings } from "@/lib/index/sessions-settings";
import { ExcludePathForm, KeepSessionsForm, SessionRootToggle } from "./session-forms";

function sessionsPerRoot(db: CairnDb): Map<string, number> {
  try {
    const rows = db.$client.prepare(`SELECT root_dir, count(*) AS n FROM sessions GROUP BY root_dir`).all() as Array<{ root_dir: string | null; n: number }>;
    return new Map(rows.map((r) => [r.root_dir ?? "", r.n]));
  } catch {
    return new Map();
  }
}

/** Where agents' session logs are read from: each folder can be turned off; excluded paths; how long a deleted log's session is kept. */
export function SessionRoots({ db }: { db: CairnDb }) {
  const settings = readSessionSettings(db.$client);
  const home = process.env.CAIRN_HOME ?? homedir();
  const states = sessionRootStates({ home, env: process.env, platform: process.platform }, settings.off);
  const counts = sessionsPerRoot(db);
  return (
    <section aria-labelledby="session-roots-heading" className="space-y-3">
      <h2 id="session-roots-heading" className="text-lg font-semibold">Session logs</h2>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Cairn reads the agents&rsquo; own logs of past sessions from these folders (nothing leaves this machine; values that look like secrets are hidden before anything is stored).
        {process.env.CAIRN_SESSIONS === "0" ? " Reading them is off: CAIRN_SESSIONS=0 where the server is started." : ""}
      </p>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {states.map((s) => (
          <li key={`${s.root.agent}:${s.root.dir}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="block break-all font-mono text-sm">{s.root.dir}</span>
              <span className="block text-xs text-stone-600 dark:text-stone-400">
                {s.label} · from {s.root.from} · {s.off ? "turned off" : s.exists ? plural(counts.get(s.root.dir) ?? 0, "session") : "not on this machine"}
              </span>
            </span>
            {(s.exists || s.off) && <SessionRootToggle dir={s.root.dir} off={s.off} />}
          </li>
        ))}
      </ul>
      <ExcludePathForm excluded={settings.exclude} />
      <KeepSessionsForm days={settings.keepDays} />
    </section>
  );
}
