"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore, useTransition } from "react";
import { changedSince, describeChanges, markUpdated, takeSnapshot, type LiveSnapshot } from "./live-changes";

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
/** How long "updated just now" stays on what a live refresh changed (it fades in CSS meanwhile). */
const CUE_MS = 8_000;

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

/**
 * Listens to /api/events: refreshes the page when an index run ends and shows a small progress pill while one runs.
 * What the refresh changed gets an "updated just now" cue (components/live-changes.ts), announced politely.
 */
export function LiveRefresh() {
  const router = useRouter();
  const [me] = useState(() => Symbol("live-refresh"));
  const active = useSyncExternalStore(subscribe, () => activeInstance() === me, () => false);
  const [status, setStatus] = useState<LiveStatus | null>(null);
  const [showPill, setShowPill] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const before = useRef<LiveSnapshot | null>(null);
  const [updated, setUpdated] = useState<string | null>(null);

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
      // the page as it was before the first of the refreshes still pending
      before.current ??= takeSnapshot();
      startRefresh(() => router.refresh());
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

  // the refresh is on screen: point out what it changed (a later refresh leaves these cues to fade on their own)
  const cues = useRef(new Set<() => void>());
  useEffect(() => {
    if (refreshing || !before.current) return;
    const snapshot = before.current;
    before.current = null;
    const changed = changedSince(snapshot);
    if (changed.length === 0) return;
    const unmark = markUpdated(changed, CUE_MS);
    const message = `Updated just now: ${describeChanges(changed)}`;
    setUpdated(message);
    const timer = setTimeout(() => {
      cues.current.delete(cancel);
      setUpdated((shown) => (shown === message ? null : shown));
    }, CUE_MS);
    const cancel = () => {
      clearTimeout(timer);
      unmark();
    };
    cues.current.add(cancel);
  }, [refreshing]);
  useEffect(() => {
    const pending = cues.current;
    return () => pending.forEach((cancel) => cancel());
  }, []);

  const running = !!status?.running;
  useEffect(() => {
    if (!running) {
      setShowPill(false);
      return;
    }
    const timer = setTimeout(() => setShowPill(true), PILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [running]);

  if (!active) return null;
  const indexing = !!status && running && showPill;
  const label = status && status.total > 0 ? `Indexing ${status.done}/${status.total}…` : "Indexing…";
  return (
    <>
      {/* always present, so screen readers hear what a live refresh changed; shown while it says something */}
      <div
        aria-live="polite"
        data-testid="live-updates"
        className={
          updated && !indexing
            ? "fixed bottom-4 right-4 z-50 max-w-md truncate rounded-full border border-teal-200 bg-teal-50 px-3 py-1 text-xs text-teal-900 shadow-sm dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100"
            : "sr-only"
        }
      >
        {updated}
      </div>
      {indexing && <IndexingPill label={label} />}
    </>
  );
}

function IndexingPill({ label }: { label: string }) {
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
