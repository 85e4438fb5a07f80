/**
 * Claude Code's memory folders (`projects/<folder>/memory/*.md`) read as the project's learnings: each file
 * redacted and stored with the repository the folder's sessions worked in (never guessed from the folder name;
 * `sessions-index.json`'s exact project path when no session says).
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { scanSecrets } from "../derive/secrets";
import { readRegularFileSync } from "../discover/read-file";
import { parseMemory } from "../sessions/memory";
import { workTreeOf } from "./sessions-link";

const MAX_FILES = 200;
const MAX_BYTES = 64 * 1024;

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function repoOfFolder(sqlite: Database.Database, folderDir: string, memo: Map<string, string | null>): string | null {
  const row = sqlite
    .prepare(`SELECT repo, count(*) AS n FROM sessions WHERE agent = 'claude-code' AND repo IS NOT NULL AND substr(path, 1, ?) = ? GROUP BY repo ORDER BY n DESC LIMIT 1`)
    .get(folderDir.length + 1, `${folderDir}/`) as { repo: string } | undefined;
  if (row) return row.repo;
  const index = readRegularFileSync(join(folderDir, "sessions-index.json"), { maxBytes: 4 * 1024 * 1024 });
  if (!index.ok) return null;
  try {
    const data = JSON.parse(index.bytes.toString("utf8")) as { entries?: Array<{ projectPath?: unknown }> };
    const project = data.entries?.map((e) => e.projectPath).find((p): p is string => typeof p === "string");
    return project ? workTreeOf(project, memo) : null;
  } catch {
    return null;
  }
}

/** Read the memory folders under these Claude Code roots; returns how many files were (re)read. */
export async function indexMemories(sqlite: Database.Database, roots: readonly string[], memo: Map<string, string | null>): Promise<number> {
  let read = 0;
  const seen = new Set<string>();
  const known = new Map((sqlite.prepare(`SELECT path, mtime_ms, size, repo FROM session_memories`).all() as Array<{ path: string; mtime_ms: number; size: number; repo: string | null }>).map((r) => [r.path, r]));
  const upsert = sqlite.prepare(
    `INSERT OR REPLACE INTO session_memories (path, root_dir, folder, repo, is_index, name, description, type, mtime_ms, size, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const root of roots) {
    const projects = join(root, "projects");
    for (const folder of entries(projects)) {
      const folderDir = join(projects, folder);
      const memoryDir = join(folderDir, "memory");
      const files = entries(memoryDir).filter((f) => f.endsWith(".md")).sort().slice(0, MAX_FILES);
      if (!files.length) continue;
      const repo = repoOfFolder(sqlite, folderDir, memo);
      for (const file of files) {
        const path = join(memoryDir, file);
        seen.add(path);
        let info;
        try {
          info = lstatSync(path);
        } catch {
          continue;
        }
        if (!info.isFile()) continue;
        const before = known.get(path);
        if (before && before.mtime_ms === info.mtimeMs && before.size === info.size && before.repo === repo) continue;
        const got = readRegularFileSync(path, { maxBytes: MAX_BYTES });
        if (!got.ok) continue;
        const memory = parseMemory(file, got.bytes.toString("utf8"));
        const [name, description, body] = await Promise.all([memory.name ?? "", memory.description ?? "", memory.body].map(async (t) => (t ? (await scanSecrets(t, "memory.md")).redacted : t)));
        upsert.run(path, root, folder, repo, memory.isIndex ? 1 : 0, name || null, description || null, memory.type, info.mtimeMs, info.size, body);
        read++;
      }
    }
  }
  const gone = [...known.keys()].filter((p) => !seen.has(p) && roots.some((r) => p.startsWith(`${r}/`)));
  const drop = sqlite.prepare(`DELETE FROM session_memories WHERE path = ?`);
  for (const p of gone) drop.run(p);
  return read;
}

export interface MemoryRow {
  path: string;
  name: string | null;
  description: string | null;
  type: string | null;
  body: string;
  isIndex: boolean;
}

/** The agent's memories for a repository (the index file last). */
export function memoriesOf(sqlite: Database.Database, repo: string): MemoryRow[] {
  try {
    return (
      sqlite.prepare(`SELECT path, name, description, type, body, is_index FROM session_memories WHERE repo = ? ORDER BY is_index, name`).all(repo) as Array<Omit<MemoryRow, "isIndex"> & { is_index: number }>
    ).map(({ is_index, ...r }) => ({ ...r, isIndex: is_index === 1 }));
  } catch {
    return [];
  }
}
