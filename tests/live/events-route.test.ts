import { describe, expect, it } from "vitest";
import { GET } from "../../app/api/events/route";
import { indexStatus } from "../../lib/index/status";
import { emptySummary } from "../../lib/index/progress";

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, seen: string[], wanted: RegExp): Promise<string> {
  const decoder = new TextDecoder();
  for (;;) {
    const all = seen.join("");
    if (wanted.test(all)) return all;
    const { value, done } = await reader.read();
    if (done) return seen.join("");
    seen.push(decoder.decode(value));
  }
}

describe("GET /api/events", () => {
  it("streams progress and indexed events, and lets go of the emitter on abort", async () => {
    const baseline = { progress: indexStatus.listenerCount("progress"), indexed: indexStatus.listenerCount("indexed") };
    const controller = new AbortController();
    const response = GET(new Request("http://127.0.0.1/api/events", { signal: controller.signal }));
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-cache");
    const reader = response.body!.getReader();
    const seen: string[] = [];
    const first = await readUntil(reader, seen, /event: progress\ndata: .*\n\n/);
    expect(first).toMatch(/^retry: 2000\n\n/);
    expect(indexStatus.listenerCount("indexed")).toBe(baseline.indexed + 1);

    let release!: () => void;
    const run = indexStatus.run(async () => {
      indexStatus.report({ phase: "repositories", total: 2 });
      indexStatus.report({ phase: "repository", done: 1, total: 2, path: "/somewhere/private" });
      await new Promise<void>((r) => (release = r));
      return emptySummary([]);
    });
    const during = await readUntil(reader, seen, /"done":1,"total":2/);
    expect(during).toContain('event: progress\ndata: {"running":true,"done":1,"total":2');
    expect(during).not.toContain("/somewhere/private");
    release();
    await run;
    const after = await readUntil(reader, seen, /event: indexed\n/);
    expect(after).toMatch(/event: indexed\ndata: \{"running":false/);

    controller.abort();
    expect(indexStatus.listenerCount("progress")).toBe(baseline.progress);
    expect(indexStatus.listenerCount("indexed")).toBe(baseline.indexed);
    expect((await reader.read()).done).toBe(true);
  });
});
