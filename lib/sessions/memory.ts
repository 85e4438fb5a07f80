/**
 * Claude Code's auto memory: `<root>/projects/<folder>/memory/MEMORY.md` (an index of links) and one Markdown file
 * per memory with frontmatter `name`, `description`, `type` (project | user | feedback | reference). Pure.
 */

export interface AgentMemory {
  name: string | null;
  description: string | null;
  type: string | null;
  /** The text after the frontmatter. */
  body: string;
  isIndex: boolean;
}

const PLACE = /^projects\/([^/]+)\/memory\/([^/]+\.md)$/;

/** The project folder of a memory file (path relative to a Claude Code root), or null when it is not one. */
export function memoryFolder(relPath: string): string | null {
  return PLACE.exec(relPath)?.[1] ?? null;
}

function unquote(value: string): string {
  const v = value.trim();
  return (v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")) ? v.slice(1, -1) : v;
}

export function parseMemory(fileName: string, text: string): AgentMemory {
  const isIndex = /^MEMORY\.md$/i.test(fileName);
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  const fields: Record<string, string> = {};
  if (m) {
    for (const line of m[1].split(/\r?\n/).slice(0, 50)) {
      const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
      if (kv) fields[kv[1].toLowerCase()] = unquote(kv[2]).slice(0, 500);
    }
  }
  const body = (m ? text.slice(m[0].length) : text).trim();
  const fallback = isIndex ? "MEMORY.md" : fileName.replace(/\.md$/i, "").replace(/[_-]+/g, " ");
  return { name: fields.name || fallback, description: fields.description || null, type: fields.type || null, body, isIndex };
}
