import type { MemoryRow } from "@/lib/index/sessions-memory";
import { Panel } from "./panel";

/** Claude Code's own memory for this project: each learning with its type and description, the text folded. */
export function AgentMemory({ memories }: { memories: MemoryRow[] }) {
  const items = memories.filter((m) => !m.isIndex);
  if (!items.length) return null;
  return (
    <Panel id="agent-memory-heading" title="The agent's memory" description={`${items.length} learning${items.length === 1 ? "" : "s"} Claude Code keeps for this project`}>
      <ul className="mt-2 space-y-2 text-sm">
        {items.map((m) => (
          <li key={m.path}>
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium">{m.name}</span>
                {m.type && <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs dark:bg-stone-800">{m.type}</span>}
                {m.description && <span className="block text-xs text-stone-600 dark:text-stone-400">{m.description}</span>}
              </summary>
              <p className="mt-1 whitespace-pre-wrap break-words text-xs">{m.body}</p>
            </details>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
