/**
 * Issue 18.9: live-update streams are capped. A client that opens stream after stream (a script, a tab
 * storm) used to hold a socket, two listeners and a timer each, without limit; past the cap the route now
 * answers 503 with Retry-After, and a closed stream gives its slot back.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "../../app/api/events/route";
import { indexStatus } from "../../lib/index/status";
import { MAX_EVENT_STREAMS, openEventStreams } from "../../lib/server/event-streams";

const open: { controller: AbortController; response: Response }[] = [];

function connect(): { controller: AbortController; response: Response } {
  const controller = new AbortController();
  const response = GET(new Request("http://127.0.0.1/api/events", { signal: controller.signal }));
  const stream = { controller, response };
  if (response.status === 200) open.push(stream);
  return stream;
}

afterEach(() => {
  for (const s of open.splice(0)) s.controller.abort();
});

describe("GET /api/events under a flood", () => {
  it("answers 503 with Retry-After past the cap, and serves again once a stream closes", async () => {
    const baseline = indexStatus.listenerCount("indexed");
    for (let i = 0; i < MAX_EVENT_STREAMS; i++) expect(connect().response.status).toBe(200);
    expect(openEventStreams()).toBe(MAX_EVENT_STREAMS);

    const refused = connect().response;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.text()).toMatch(/Too many live-update streams/);
    expect(indexStatus.listenerCount("indexed"), "a refused stream registers nothing").toBe(baseline + MAX_EVENT_STREAMS);

    // a tab closes (the request is aborted): its slot is free again
    open.shift()!.controller.abort();
    expect(openEventStreams()).toBe(MAX_EVENT_STREAMS - 1);
    expect(connect().response.status).toBe(200);

    // a reader that cancels the body (how a proxy lets go) frees its slot too
    const last = open.pop()!;
    await last.response.body!.cancel();
    expect(openEventStreams()).toBe(MAX_EVENT_STREAMS - 1);

    for (const s of open.splice(0)) s.controller.abort();
    expect(openEventStreams()).toBe(0);
    expect(indexStatus.listenerCount("indexed")).toBe(baseline);
  });

  it("gives the slot back at once for a request already aborted when it arrives", () => {
    const controller = new AbortController();
    controller.abort();
    GET(new Request("http://127.0.0.1/api/events", { signal: controller.signal }));
    expect(openEventStreams()).toBe(0);
  });
});
