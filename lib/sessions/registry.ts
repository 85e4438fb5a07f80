/**
 * Every agent whose logs Cairn reads. A new agent is one file in this folder implementing SessionReader
 * (./types.ts) plus one line in READERS.
 */
import { claudeCodeReader } from "./claude-code";
import { codexReader } from "./codex";
import { aiderReader } from "./aider";
import { clineReader, kiloReader, rooReader } from "./cline";
import { copilotCliReader } from "./copilot-cli";
import { geminiCliReader } from "./gemini-cli";
import { opencodeReader } from "./opencode";
import { specStoryReader } from "./specstory";
import type { AgentId, LogRef, SessionEnv, SessionReader, SessionRoot } from "./types";

/** One line per agent (hsess2 adds Gemini CLI, Copilot CLI, opencode, Cline/Roo, SpecStory/Aider here). */
const READERS: SessionReader<any>[] = [
  claudeCodeReader,
  codexReader,
  geminiCliReader,
  copilotCliReader,
  opencodeReader,
  clineReader,
  rooReader,
  kiloReader,
  specStoryReader,
  aiderReader,
];

/** The readers, in the order their roots are shown. */
export function sessionReaders(): readonly SessionReader<any>[] {
  return READERS;
}

/** Add a reader (registry lines call this; tests may add a reader of their own). Same agent twice: the later wins. */
export function registerSessionReader(reader: SessionReader<any>): void {
  const at = READERS.findIndex((r) => r.agent === reader.agent);
  if (at >= 0) READERS[at] = reader;
  else READERS.push(reader);
}

export function readerFor(agent: AgentId): SessionReader<any> | null {
  return READERS.find((r) => r.agent === agent) ?? null;
}

/** Every folder any agent may keep logs in on this machine, deduplicated by folder (the first agent naming it wins). */
export function sessionRoots(env: SessionEnv): SessionRoot[] {
  const seen = new Set<string>();
  const out: SessionRoot[] = [];
  for (const reader of READERS) {
    for (const root of reader.roots(env)) {
      const key = `${root.agent}\0${root.dir}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(root);
    }
  }
  return out;
}

/** Which reader claims this file under this root (path relative to the root, forward slashes), and as what. */
export function classifyLog(root: SessionRoot, relPath: string): { reader: SessionReader<any>; ref: LogRef } | null {
  const reader = readerFor(root.agent);
  if (!reader) return null;
  const ref = reader.classify(relPath.replace(/\\/g, "/"));
  return ref ? { reader, ref } : null;
}

/** The environment of this process, for readers' `roots`. */
export function processSessionEnv(home: string): SessionEnv {
  return { home, env: process.env, platform: process.platform };
}
