/**
 * Past sessions in the e2e world (issue 37): a fake home holding a Claude Code session (with a sub-agent) and a
 * Codex session, both in project-002, dated relative to now. The Claude Code session "made" the repository's last
 * commit and wrote one of its checkpoints, so that the pages link session → commit diff → checkpoint and back. The
 * repositories themselves are not changed: no other spec's counts move.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { World } from "../../scripts/fixtures/world";
import { git } from "../../scripts/fixtures/git";
import { claudeLogPath, claudeSession, codexLogPath, codexSession, put } from "../../tests/support/session-logs";

export const SESSIONS = {
  claudeId: "5e55a0e1-2222-4333-8444-555555555555",
  codexId: "0199e2e0-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  claudeTitle: "Stop the tenant importer retrying forever on a 429",
  laterPrompt: "Cap the backoff at thirty seconds and log each retry",
  phrase: "backoff at thirty seconds",
  codexTitle: "Tidy the importer logging",
};

/** A GitHub-token-shaped string assembled at run time. */
function token(): string {
  return ["gh", "p_"].join("") + "Qx8".repeat(12);
}

export function addSessionLogs(world: World): { repo: string; checkpointPath: string; sha: string } {
  const repo = world.repositories[1].path;
  const [sha, subject] = git(repo, ["log", "-1", "--format=%H%x00%s"]).trim().split("\0");
  const html = readdirSync(join(repo, ".claude", "checkpoints")).filter((f) => f.endsWith(".html")).sort()[0];
  const checkpointPath = `.claude/checkpoints/${html}`;
  const start = new Date(Date.now() - 2 * 3600_000);
  put(
    claudeLogPath(world.home, repo, SESSIONS.claudeId),
    claudeSession({
      sessionId: SESSIONS.claudeId,
      cwd: repo,
      branch: "main",
      start,
      steps: [
        { prompt: `${SESSIONS.claudeTitle}: it hammers the API all night` },
        { answer: "The retry loop ignores Retry-After; it should back off and give up after five attempts." },
        { bash: { command: "cat .env.local", output: `GITHUB_TOKEN=${token()}\n` } },
        { edit: { file: join(repo, "src", "app.ts"), old: "retry()", new: "retryWithBackoff()" } },
        { prompt: SESSIONS.laterPrompt },
        { answer: "Done: the backoff doubles from one second and stops at thirty." },
        { edit: { file: join(repo, checkpointPath), new: "<h1>Importer retries</h1>", write: true } },
        { bash: { command: "git commit -am 'importer retries'", output: `[main ${sha.slice(0, 7)}] ${subject}\n 2 files changed` } },
      ],
    }),
  );
  put(
    join(world.home, ".claude", "projects", "-e2e", SESSIONS.claudeId, "subagents", "agent-e2e1.jsonl"),
    claudeSession({ sessionId: SESSIONS.claudeId, cwd: repo, start, sidechain: true, steps: [{ prompt: "Find every caller of the importer retry" }, { answer: "Two callers: the nightly job and the admin button." }] }),
  );
  put(
    join(world.home, ".claude", "projects", "-e2e", SESSIONS.claudeId, "subagents", "agent-e2e1.meta.json"),
    JSON.stringify({ agentType: "Explore", description: "Find importer callers" }),
  );
  const yesterday = new Date(Date.now() - 26 * 3600_000);
  put(
    codexLogPath(world.home, yesterday, SESSIONS.codexId),
    codexSession({ id: SESSIONS.codexId, cwd: repo, start: yesterday, steps: [{ prompt: SESSIONS.codexTitle }, { answer: "Logged one line per batch instead of per row." }] }),
  );
  return { repo, checkpointPath, sha };
}
