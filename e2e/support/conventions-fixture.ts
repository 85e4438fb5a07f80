import { commitAll, git, initRepo, writeFiles } from "../../scripts/fixtures/git";

/**
 * A repository holding a Spec Kit feature with open tasks (its branch merged into main) and a Conductor track with a task marked done at a commit
 * git never saw; added by its spec and removed after (other specs' counts stay).
 */
export const UNITS = {
  repo: "radio-units",
  feature: { id: "002-voice-upload", title: "Voice notes upload", openTask: "T003 Draw the upload page", planWord: "Opuslike" },
  track: { id: "share_20260520", title: "Playlist sharing", missing: "fc5c774" },
} as const;

export function writeUnitsRepo(path: string): void {
  initRepo(path);
  writeFiles(path, { "src/radio.ts": "export const radio = 1;\n" });
  const start = commitAll(path, "feat: start", new Date(Date.now() - 5 * 86_400_000));
  git(path, ["checkout", "-q", "-b", UNITS.feature.id]);
  writeFiles(path, {
    [`specs/${UNITS.feature.id}/spec.md`]: `# Feature Specification: ${UNITS.feature.title}\n\n**Feature Branch**: \`${UNITS.feature.id}\`\n**Created**: ${new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10)}\n**Status**: Draft\n\n## User Scenarios\n\nA listener records a short note and sends it.\n`,
    [`specs/${UNITS.feature.id}/tasks.md`]: `# Tasks\n\n- [x] T001 Add the storage table\n- [x] T002 Add the upload route\n- [ ] ${UNITS.feature.openTask}\n`,
    [`specs/${UNITS.feature.id}/plan.md`]: `# Implementation Plan: ${UNITS.feature.title}\n\n## Technical Context\n\nStore the notes as **${UNITS.feature.planWord}** files at 24 kbit/s.\n`,
  });
  commitAll(path, "feat: voice upload", new Date(Date.now() - 4 * 86_400_000));
  git(path, ["checkout", "-q", "main"]);
  // the feature's branch landed in main: its spec is in the work tree, still a Draft with a task open
  const landed = new Date(Date.now() - 3 * 86_400_000).toISOString();
  git(path, ["merge", "-q", "--no-ff", "-m", "merge voice upload", UNITS.feature.id], { GIT_AUTHOR_DATE: landed, GIT_COMMITTER_DATE: landed });
  writeFiles(path, {
    "conductor/tracks.md": `# Project Tracks\n\n- [~] **Track: ${UNITS.track.title}**\n*Link: [./tracks/${UNITS.track.id}/](./tracks/${UNITS.track.id}/)*\n`,
    [`conductor/tracks/${UNITS.track.id}/metadata.json`]: JSON.stringify({ track_id: UNITS.track.id, status: "in_progress", created_at: new Date(Date.now() - 3 * 86_400_000).toISOString() }, null, 2) + "\n",
    [`conductor/tracks/${UNITS.track.id}/plan.md`]: `# Implementation Plan: ${UNITS.track.title}\n\n## Phase 1: Links\n- [x] Task: Share links ${start.slice(0, 7)}\n- [x] Task: Share counts (${UNITS.track.missing})\n- [ ] Task: Share page\n`,
  });
  commitAll(path, "docs: sharing track", new Date(Date.now() - 3 * 86_400_000));
}
