import "server-only";
import { indexStatus, type IndexState } from "@/lib/index/status";
import { acquireEventStream } from "@/lib/server/event-streams";

/**
 * Server-sent events: `progress` while an index runs, `indexed` when one ends (open pages then refresh).
 * The number of open streams is capped (lib/server/event-streams.ts): past it, 503.
 */
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/** What a page needs to show a progress pill: no summaries, no errors' details. */
interface LiveStatus {
  running: boolean;
  done: number;
  total: number;
  finishedAt: string | null;
}

function publicState(state: IndexState): LiveStatus {
  return { running: state.running, done: state.done, total: state.total, finishedAt: state.finishedAt };
}

export function GET(request: Request): Response {
  const release = acquireEventStream();
  if (!release) {
    return new Response("Too many live-update streams are open; this page will not refresh by itself.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
  const encoder = new TextEncoder();
  let cleanup: () => void = () => undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const send = (event: "progress" | "indexed", state: IndexState) => write(`event: ${event}\ndata: ${JSON.stringify(publicState(state))}\n\n`);
      const onProgress = (state: IndexState) => send("progress", state);
      const onIndexed = (state: IndexState) => send("indexed", state);
      indexStatus.on("progress", onProgress);
      indexStatus.on("indexed", onIndexed);
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        release();
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        indexStatus.off("progress", onProgress);
        indexStatus.off("indexed", onIndexed);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      request.signal.addEventListener("abort", cleanup, { once: true });
      if (request.signal.aborted) return cleanup(); // gone before it started: give the slot back at once
      // how long to wait before reconnecting, then where things stand now
      write("retry: 2000\n\n");
      send("progress", indexStatus.state);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
