import { describe, expect, it } from "vitest";
import { parseDocument } from "./registry";

const ARCHIVE = `# Checkpoint: Token refresh

**Branch**: feat/token-refresh
**Timestamp**: 2026-04-16 14:30
**Plan**: _docs/plans/token-refresh.md

## Current Progress
- [x] Refresh on 401
- [x] Queue concurrent requests
- [ ] Persist the refresh token securely

## Modified Files
 M src/auth/refresh.ts
?? src/auth/queue.ts

## Key Decisions
- Single-flight refresh: parallel 401s share one refresh call.

## Verified Approaches
- Queueing: the integration test with 20 parallel calls passes.

## Failed Approaches
- Retrying inside the interceptor: caused a refresh storm.

## Blockers / Gotchas
- The staging IdP rotates refresh tokens on every use.

## Next Steps
1. Move the token to the keychain
2. Add a logout-on-refresh-failure path
`;

describe("session-state", () => {
  it("reads a timestamped archive", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/session-state/checkpoints/checkpoint-20260416-1430.md", text: ARCHIVE });
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("session-state");
    expect(doc?.title).toBe("Token refresh");
    expect(doc?.branch).toBe("feat/token-refresh");
    expect(doc?.savedAt).toBe("2026-04-16T14:30:00.000Z");
    // no status is written in the file: open checkboxes do not make one up
    expect(doc?.status).toBeNull();
    expect(doc?.meta.archive).toBe("checkpoint-20260416-1430");
    expect(doc?.sections.map((s) => s.canonical)).toEqual(["remaining", "modified-files", "decisions", "verified", "failed", "blockers", "next-steps"]);
    expect(doc?.tasks?.filter((t) => t.done)).toHaveLength(2);
    expect(doc?.tasks).toHaveLength(3); // the checkboxes; the numbered next steps are not added to them
    expect(doc?.references).toEqual(
      expect.arrayContaining([
        { path: "src/auth/refresh.ts", role: "modified" },
        { path: "src/auth/queue.ts", role: "modified" },
        { path: "_docs/plans/token-refresh.md", role: "plan" },
      ]),
    );
  });

  it("marks latest.md so the indexer can dedupe it against its archive", () => {
    const { document: doc } = parseDocument({ path: ".claude/session-state/checkpoints/latest.md", text: ARCHIVE });
    expect(doc?.meta.isLatest).toBe(true);
    expect(doc?.savedAt).toBe("2026-04-16T14:30:00.000Z");
  });

  it("names phase files", () => {
    const { document: doc } = parseDocument({ path: ".claude/session-state/checkpoints/phase3-worktree-auth.md", text: ARCHIVE });
    expect(doc?.meta.phase).toEqual({ phase: "phase3", name: "worktree-auth" });
  });

  it("reads .claude/session-state.md with a plain Saved line", () => {
    const text = "# Mail client session state\n\nSaved: 2026-06-18 (session 18)\n\n## Completed Tasks\n1-14. earlier sessions\n15. ✅ **Env convention** — documented\n";
    const { document: doc } = parseDocument({ path: ".claude/session-state.md", text });
    expect(doc?.savedAt).toBe("2026-06-18T00:00:00.000Z");
    // ✅ is an emoji, not a checkbox, and completed tasks are not remaining work
    expect(doc?.tasks).toEqual([]);
  });
});
