import { describe, expect, it } from "vitest";
import { companionsFor, parseDocument } from "./registry";

const BRIEFING = `# Last session — 2026-04-12, 14:30 (CEST) (laptop: kestrel) [checkpoint]

## What we just did
- Moved the sync job to a queue.

## In flight (per project)
- **services/sync:** queue wired, retries not yet tuned — next: tune backoff
- **web/app:** untouched

## Do this first next session
1. Tune the retry backoff
2. Re-run the nightly import

## Open blockers
- Waiting on the vendor's sandbox key.

## Files left dirty (uncommitted on purpose)
- \`services/sync/retry.ts\`

## Watchlist
- The queue dashboard lags by a minute.
`;

const SENTINEL = JSON.stringify({ last_run_at: "2026-04-12T12:29:10Z", last_run_commit: "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678", last_run_laptop: "kestrel" });

describe("last-session", () => {
  it("asks for the sentinel companion", () => {
    expect(companionsFor(".claude/last-session.md")).toContain(".claude/.session-state.json");
  });

  it("reads a mid-flow briefing with its sentinel", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/last-session.md", text: BRIEFING, companions: { ".claude/.session-state.json": SENTINEL } });
    expect(problems).toEqual([]);
    expect(doc?.format).toBe("last-session");
    expect(doc?.status).toBe("in-progress");
    expect(doc?.statusRaw).toBe("[checkpoint]");
    expect(doc?.meta.laptop).toBe("kestrel");
    expect(doc?.headSha).toBe("a1b2c3d4e5f60718293a4b5c6d7e8f9012345678");
    expect(doc?.savedAt).toBe("2026-04-12T12:30:00.000Z");
    expect(doc?.savedAtSource).toBe("content");
    expect(doc?.sections.map((s) => s.canonical)).toEqual(["done", "working-on", "next-steps", "blockers", "modified-files", "gotchas"]);
    expect(doc?.tasks?.map((t) => t.text)).toEqual(["Tune the retry backoff", "Re-run the nightly import"]);
    expect(doc?.references).toEqual(expect.arrayContaining([{ path: "services/sync/retry.ts", role: "modified" }]));
    expect(doc?.meta.inFlight).toEqual([
      { path: "services/sync", text: "queue wired, retries not yet tuned — next: tune backoff" },
      { path: "web/app", text: "untouched" },
    ]);
  });

  it("takes the sentinel date when the briefing has none, and closes without the tag", () => {
    const text = "# Last session\n\n## What we just did\n- Closed out.\n";
    const { document: doc } = parseDocument({ path: ".claude/last-session.md", text, companions: { ".claude/.session-state.json": SENTINEL } });
    expect(doc?.status).toBe("completed");
    expect(doc?.savedAt).toBe("2026-04-12T12:29:10.000Z");
    expect(doc?.savedAtSource).toBe("sentinel");
  });

  it("reports an unreadable sentinel without failing", () => {
    const { document: doc, problems } = parseDocument({ path: ".claude/last-session.md", text: BRIEFING, companions: { ".claude/.session-state.json": '{"step": ,}' } });
    expect(doc?.title).toBeTruthy();
    expect(problems).toEqual(["session sentinel .session-state.json is not valid JSON"]);
  });

  it("reads the memory-folder variant with frontmatter", () => {
    const text = "---\nended: 2026-05-06T22:30:00Z\nbranch: main\n---\n# Last Session — 2026-05-06\n\n## What we did\n- Wrote outreach notes.\n";
    const { document: doc } = parseDocument({ path: ".claude/memory/LAST_SESSION.md", text });
    expect(doc?.format).toBe("last-session");
    expect(doc?.savedAt).toBe("2026-05-06T22:30:00.000Z");
    expect(doc?.branch).toBe("main");
  });
});
