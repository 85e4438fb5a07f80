import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";

/** A repository holding only a memory bank with open work, added by its spec and removed after (other specs' counts stay). */
export const MEMORY_BANK = {
  repo: "notes-memory-bank",
  title: "Offline sync for the field app",
  openTask: "Retry uploads after a dropped connection",
} as const;

export function writeMemoryBankRepo(path: string): void {
  initRepo(path);
  writeFiles(path, {
    "src/sync.ts": "export const sync = () => null;\n",
    "memory-bank/activeContext.md": `# Active Context: ${MEMORY_BANK.title}\n\n## Current focus\n- Queue writes while offline\n- ${MEMORY_BANK.openTask}\n\n## Recent changes\n- Local store switched to IndexedDB\n`,
    "memory-bank/progress.md": `# Progress\n\n## Done\n- [x] Local store\n- [x] Write queue\n\n## Left\n- [ ] ${MEMORY_BANK.openTask}\n- [ ] Conflict banner\n`,
    "memory-bank/projectbrief.md": "# Field app\n\nA phone app for site inspections that works without signal.\n",
  });
  commitAll(path, "docs: memory bank for offline sync", new Date(Date.now() - 2 * 86_400_000));
}
