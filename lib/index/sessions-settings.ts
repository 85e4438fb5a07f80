/**
 * The user's settings for past sessions, kept in Cairn's database (`session_settings`): a source folder turned
 * off, paths excluded (a project's folder, or a log folder), and how long a session whose log the agent deleted
 * is kept. `CAIRN_SESSIONS=0` turns reading session logs off altogether.
 */
import type Database from "better-sqlite3";

export interface SessionSettings {
  /** Root folders turned off. */
  off: string[];
  /** Path prefixes excluded: a log under one, or a session whose cwd is under one, is not read (and is forgotten). */
  exclude: string[];
  /** Days a session is kept after its log is gone; null: for ever. */
  keepDays: number | null;
}

export function readSessionSettings(sqlite: Database.Database): SessionSettings {
  const rows = sqlite.prepare(`SELECT key, value FROM session_settings`).all() as Array<{ key: string; value: string }>;
  const settings: SessionSettings = { off: [], exclude: [], keepDays: null };
  for (const { key, value } of rows) {
    if (key.startsWith("off:")) settings.off.push(key.slice(4));
    else if (key.startsWith("exclude:")) settings.exclude.push(key.slice(8));
    else if (key === "keep-days") {
      const n = Number(value);
      settings.keepDays = Number.isFinite(n) && n > 0 ? n : null;
    }
  }
  return settings;
}

export function setRootOff(sqlite: Database.Database, dir: string, off: boolean): void {
  if (off) sqlite.prepare(`INSERT OR REPLACE INTO session_settings (key, value) VALUES (?, '1')`).run(`off:${dir}`);
  else sqlite.prepare(`DELETE FROM session_settings WHERE key = ?`).run(`off:${dir}`);
}

export function setExcluded(sqlite: Database.Database, path: string, excluded: boolean): void {
  if (excluded) sqlite.prepare(`INSERT OR REPLACE INTO session_settings (key, value) VALUES (?, '1')`).run(`exclude:${path}`);
  else sqlite.prepare(`DELETE FROM session_settings WHERE key = ?`).run(`exclude:${path}`);
}

export function setKeepDays(sqlite: Database.Database, days: number | null): void {
  if (days && days > 0) sqlite.prepare(`INSERT OR REPLACE INTO session_settings (key, value) VALUES ('keep-days', ?)`).run(String(Math.floor(days)));
  else sqlite.prepare(`DELETE FROM session_settings WHERE key = 'keep-days'`).run();
}

/** Is this path excluded (equal to or under an excluded prefix)? */
export function isExcluded(settings: SessionSettings, path: string | null): boolean {
  if (!path) return false;
  return settings.exclude.some((prefix) => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

export function sessionsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CAIRN_SESSIONS !== "0";
}
