"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";

interface LiveStatus {
  running: boolean;
  done: number;
  total: number;
  finishedAt: string | null;
}

/**
 * Only one mounted LiveRefresh listens (the layout's, or a page's until the layout mounts one): the
 * first registered instance still mounted is the active one.
 */
const instances: symbol[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const activeInstance = () => instances[0] ?? null;

/** A long index shows its progress after this long; a watcher's quick re-index stays invisible. */
const PILL_DELAY_MS = 400;

function parseStatus(data: string): LiveStatus | null {
  try {
    const value: unknown = JSON.parse(data);
    if (!value || typeof value !== "object") return null;
    const v = value as Record<string, unknown>;
    return {
      running: v.running === true,
      done: typeof v.done === "number" ? v.done : 0,
      total: typeof v.total === "number" ? v.total : 0,
      finishedAt: typeof v.finishedAt === "string" ? v.finishedAt : null,
    };
  } catch {
    return null;
  }
}

/** Listens to /api/events: refreshes the page when an index run ends and shows a small progress pill while one runs. */
export function LiveRefresh() {
  const router = useRouter();
  const [me] = useState(() => Symbol("live-refresh"));
  const active = useSyncExternalStore(subscribe, () => activeInstance() === me, () => false);
  const [status, setStatus] = useState<LiveStatus | null>(null);
  const [showPill, setShowPill] = useState(false);

  useEffect(() => {
    instances.push(me);
    notify();
    return () => {
      instances.splice(instances.indexOf(me), 1);
      notify();
    };
  }, [me]);

  useEffect(() => {
    if (!active) return;
    const source = new EventSource("/api/events");
    const onProgress = (event: MessageEvent<string>) => setStatus(parseStatus(event.data));
    const onIndexed = (event: MessageEvent<string>) => {
      setStatus(parseStatus(event.data));
      router.refresh();
    };
    source.addEventListener("progress", onProgress);
    source.addEventListener("indexed", onIndexed);
    document.documentElement.dataset.live = "connecting";
    source.addEventListener("open", () => (document.documentElement.dataset.live = "open"));
    return () => {
      source.close();
      delete document.documentElement.dataset.live;
    };
  }, [active, router]);

  const running = !!status?.running;
  useEffect(() => {
    if (!running) {
      setShowPill(false);
      return;
    }
    const timer = setTimeout(() => setShowPill(true), PILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [running]);

  if (!active || !status || !running || !showPill) return null;
  const label = status.total > 0 ? `Indexing ${status.done}/${status.total}…` : "Indexing…";
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 right-4 z-50 rounded-full border border-stone-200 bg-white/95 px-3 py-1 text-xs text-stone-700 shadow-sm dark:border-stone-700 dark:bg-stone-900/95 dark:text-stone-200"
    >
      <span aria-hidden className="mr-1.5 inline-block h-2 w-2 animate-pulse rounded-full bg-teal-600" />
      {label}
    </div>
  );
}
