"use client";
/**
 * The queue's dense rows (about 40 px): verb, title, the deciding sentence, repository and age, and the
 * primary action as a button (Copy prompt, Complete, Review…). Pin, snooze and archive show on hover and
 * focus, and answer keys: j/k move, Enter opens, e completes (only where Complete is the row's action), c copies
 * the prompt (where Copy prompt is), h snoozes a week, a archives, p pins, u undoes the last of these. Every
 * write and mark is announced in a toast with Undo ("Completed · Undo", "Snoozed until Mon 14 Dec · Undo"), and
 * focus stays in the list, on the next row. Every action is a form (useActionState, pending state) over the
 * same server actions as the checkpoint page. On a phone a row is a two-line card: verb and title, then the
 * reason and the action.
 */
import Link from "next/link";
import { useActionState, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useFormStatus } from "react-dom";
import type { QueueAction, QueueItem } from "@/lib/queries/queue";
import { markAction, queueCompleteAction, queuePromptAction, queueUndoCompleteAction } from "./actions";
import { initialMarkState, initialQueueState, type MarkFormState, type QueueFormState } from "./form-state";

const VERB_CLASS: Record<QueueAction, string> = {
  complete: "text-emerald-800 dark:text-emerald-300",
  review: "text-violet-800 dark:text-violet-300",
  resume: "text-sky-800 dark:text-sky-300",
  "re-verify": "text-orange-800 dark:text-orange-300",
  archive: "text-stone-600 dark:text-stone-300",
};

const TOOL =
  "rounded border border-stone-300 bg-white px-1.5 py-0.5 text-xs font-medium text-stone-700 hover:bg-stone-50 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800";
const PRIMARY =
  "inline-block whitespace-nowrap rounded-md bg-teal-700 px-2.5 py-1 text-xs font-semibold text-white no-underline hover:bg-teal-800 disabled:opacity-60 dark:bg-teal-700 dark:text-white dark:hover:bg-teal-800";

/** "3d", "5h", "2mo": the age of the last touch. */
function age(iso: string | null, now: number): string {
  const ms = iso ? now - Date.parse(iso) : NaN;
  if (!Number.isFinite(ms)) return "no date";
  const days = Math.floor(ms / 86_400_000);
  if (days < 1) return `${Math.max(1, Math.floor(ms / 3_600_000))}h`;
  if (days < 60) return `${days}d`;
  return `${Math.floor(days / 30)}mo`;
}

function Submit({ label, pending: pendingLabel, aria, className, keyHint }: { label: string; pending: string; aria: string; className: string; keyHint?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-label={aria} aria-keyshortcuts={keyHint} className={className}>
      {pending ? pendingLabel : label}
    </button>
  );
}

type Mark = "pin" | "unpin" | "archive" | "unarchive" | "snooze" | "unsnooze";
const MARK_LABELS: Record<Mark, [string, string, string | undefined]> = {
  pin: ["Pin", "Pinning…", "p"],
  unpin: ["Unpin", "Unpinning…", "p"],
  archive: ["Archive", "Archiving…", "a"],
  unarchive: ["Undo", "Restoring…", "u"],
  snooze: ["Snooze a week", "Snoozing…", "h"],
  unsnooze: ["Undo", "Waking…", "u"],
};

function weekFromNow(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** "Mon 14 Dec": the day a snooze ends, as the toast says it. */
function shortDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).replace(",", "");
}

/** What the toast reports, and what its Undo takes back. */
export type Done =
  | { kind: "completed"; item: QueueItem; undo: string | null }
  | { kind: "snoozed"; item: QueueItem; until: string }
  | { kind: "pinned" | "unpinned" | "archived"; item: QueueItem };

const DONE_OF: Partial<Record<Mark, "pinned" | "unpinned" | "archived" | "snoozed">> = { pin: "pinned", unpin: "unpinned", archive: "archived", snooze: "snoozed" };

/** One mark as a form; `onDone` hears of a success (the toast). */
function MarkForm({ item, action, name, label: shownLabel, className = TOOL, onDone, onError }: {
  item: QueueItem; action: Mark; name: string; label?: string; className?: string; onDone?: (done: Done | null) => void; onError: (message: string) => void;
}) {
  const until = useRef(weekFromNow());
  const [, formAction] = useActionState(async (previous: MarkFormState, formData: FormData) => {
    const state = await markAction(previous, formData);
    const kind = DONE_OF[action];
    if (state.ok) onDone?.(kind === "snoozed" ? { kind, item, until: until.current } : kind ? { kind, item } : null);
    else if (state.message) onError(state.message);
    return state;
  }, initialMarkState);
  const [label, pending, key] = MARK_LABELS[action];
  return (
    <form action={formAction} data-mark={action === "unpin" ? "pin" : action}>
      <input type="hidden" name="documentId" value={item.id} />
      <input type="hidden" name="action" value={action} />
      {action === "snooze" && <input type="hidden" name="until" value={until.current} />}
      <Submit label={shownLabel ?? label} pending={pending} aria={`${shownLabel ?? label} ${name}`} className={className} keyHint={key} />
    </form>
  );
}

/** The row's primary action: Copy prompt (resume), Complete (landed), else a link to where the work is done. */
function Primary({ item, name, onDone, onError }: { item: QueueItem; name: string; onDone: (done: Done | null) => void; onError: (message: string) => void }) {
  const [copied, setCopied] = useState<QueueFormState>(initialQueueState);
  const [, promptAction] = useActionState(async (previous: QueueFormState, formData: FormData) => {
    const state = await queuePromptAction(previous, formData);
    if (state.ok && state.text !== null) {
      try {
        await navigator.clipboard.writeText(state.text);
        setCopied(state);
      } catch {
        onError("Could not copy the prompt: open Resume to select it.");
      }
    } else if (state.message) onError(state.message);
    return state;
  }, initialQueueState);
  const [, completeAction] = useActionState(async (previous: QueueFormState, formData: FormData) => {
    const state = await queueCompleteAction(previous, formData);
    if (state.ok) onDone({ kind: "completed", item, undo: state.undo ?? null });
    else if (state.message) onError(state.message);
    return state;
  }, initialQueueState);
  if (item.action === "complete") {
    // `e` finds this form only on rows whose action is Complete
    return (
      <form action={completeAction} data-complete>
        <input type="hidden" name="documentId" value={item.id} />
        <input type="hidden" name="expectedHash" value={item.contentHash} />
        <Submit label="Complete" pending="Completing…" aria={`Complete ${name}`} className={PRIMARY} keyHint="e" />
      </form>
    );
  }
  if (item.action === "resume") {
    return (
      <form action={promptAction} data-prompt>
        <input type="hidden" name="documentId" value={item.id} />
        <Submit label={copied.ok ? "Copied" : "Copy prompt"} pending="Building…" aria={`Copy prompt ${name}`} className={PRIMARY} keyHint="c" />
      </form>
    );
  }
  // "Archive?": the row's action is Archive itself (Undo in the toast)
  if (item.action === "archive") return <MarkForm item={item} action="archive" name={name} className={PRIMARY} onDone={onDone} onError={onError} />;
  const href = item.action === "review" ? `/checkpoints/${item.id}/review` : item.action === "re-verify" ? `/checkpoints/${item.id}/diff` : `/checkpoints/${item.id}`;
  const label = item.action === "review" ? "Review" : item.action === "re-verify" ? "Re-verify" : "Open";
  return (
    <Link href={href} prefetch={false} className={PRIMARY} aria-label={`${label} ${name}`}>
      {label}
    </Link>
  );
}

function Row({ item, active, onFocusRow, onDone, onError, now }: {
  item: QueueItem; active: boolean; now: number;
  onFocusRow: () => void; onDone: (done: Done | null) => void; onError: (message: string) => void;
}) {
  const name = item.title ?? item.path;
  return (
    <li
      aria-label={name}
      data-queue-row={item.id}
      tabIndex={active ? 0 : -1}
      onFocus={onFocusRow}
      className="group flex min-h-10 items-center gap-3 rounded px-2 py-1 text-sm hover:bg-stone-50 focus:outline-2 focus:outline-teal-600 focus-within:bg-stone-50 max-sm:flex-wrap max-sm:gap-y-1 max-sm:py-2 dark:hover:bg-stone-900 dark:focus-within:bg-stone-900"
    >
      <span className={`shrink-0 text-xs font-semibold sm:w-20 max-sm:order-1 max-sm:w-16 ${VERB_CLASS[item.action]}`} data-action={item.action}>
        {item.verb}
      </span>
      <span className="flex min-w-0 flex-1 items-baseline gap-2 max-sm:contents">
        <Link href={`/checkpoints/${item.id}`} prefetch={false} data-open className="font-medium sm:max-w-[45%] sm:shrink-0 sm:truncate max-sm:order-2 max-sm:min-w-0 max-sm:flex-1 max-sm:basis-[calc(100%-4.75rem)] max-sm:line-clamp-2 max-sm:break-words">
          {name}
        </Link>
        {item.pinned && <span className="shrink-0 text-xs font-medium text-teal-700 max-sm:order-2 dark:text-teal-400">pinned</span>}
        <span className="min-w-0 text-stone-600 sm:truncate max-sm:order-3 max-sm:flex-1 max-sm:line-clamp-2 dark:text-stone-400" title={item.reason}>{item.reason}</span>
      </span>
      <span className="hidden shrink-0 text-xs text-stone-600 sm:inline dark:text-stone-400">
        {item.repoName ?? "global"} · <time dateTime={item.touchedAt ?? item.savedAt ?? undefined}>{age(item.touchedAt ?? item.savedAt, now)}</time>
      </span>
      <span role="group" aria-label={`Triage ${name}`} className="hidden shrink-0 items-center gap-1 group-hover:flex group-focus-within:flex max-sm:order-5 max-sm:basis-full">
        <MarkForm item={item} action={item.pinned ? "unpin" : "pin"} name={name} onDone={onDone} onError={onError} />
        <MarkForm item={item} action="snooze" name={name} onDone={onDone} onError={onError} />
        {item.action !== "archive" && <MarkForm item={item} action="archive" name={name} onDone={onDone} onError={onError} />}
      </span>
      <span className="shrink-0 max-sm:order-4">
        <Primary item={item} name={name} onDone={onDone} onError={onError} />
      </span>
    </li>
  );
}

/** The toast's Undo of a Complete: the file's previous bytes, while it is unchanged since. */
function UndoComplete({ ticket, name, onUndone, onError }: { ticket: string; name: string; onUndone: () => void; onError: (message: string) => void }) {
  const [, action] = useActionState(async (previous: QueueFormState, formData: FormData) => {
    const state = await queueUndoCompleteAction(previous, formData);
    if (state.ok) onUndone();
    else if (state.message) onError(state.message);
    return state;
  }, initialQueueState);
  return (
    <form action={action} data-undo>
      <input type="hidden" name="undo" value={ticket} />
      <Submit label="Undo" pending="Undoing…" aria={`Undo ${name}`} className={TOOL} keyHint="u" />
    </form>
  );
}

const DONE_WORDS: Record<Done["kind"], string> = { completed: "Completed", snoozed: "Snoozed", pinned: "Pinned", unpinned: "Unpinned", archived: "Archived" };

/** The toast that follows a write or a mark: "Completed “…” · Undo", announced politely. */
function Toast({ done, onUndone, onError }: { done: Done | null; onUndone: (item: QueueItem) => void; onError: (message: string) => void }) {
  let undo = null;
  if (done) {
    const name = done.item.title ?? done.item.path;
    const back = () => onUndone(done.item);
    if (done.kind === "completed") undo = done.undo ? <UndoComplete key={done.undo} ticket={done.undo} name={name} onUndone={back} onError={onError} /> : null;
    else {
      const action: Mark = done.kind === "pinned" ? "unpin" : done.kind === "unpinned" ? "pin" : done.kind === "archived" ? "unarchive" : "unsnooze";
      undo = <MarkForm key={`${done.kind}-${done.item.id}`} item={done.item} action={action} label="Undo" name={name} onDone={back} onError={onError} />;
    }
  }
  return (
    <div aria-live="polite" role="status" data-queue-toast className="fixed bottom-4 left-1/2 z-20 max-w-[calc(100vw-2rem)] -translate-x-1/2">
      {done && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-stone-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-stone-100 dark:text-stone-900">
          <span className="min-w-0 break-words">
            {DONE_WORDS[done.kind]} “{done.item.title ?? done.item.path}”{done.kind === "snoozed" ? ` until ${shortDay(done.until)}` : ""}
          </span>
          {undo && (
            <>
              <span aria-hidden="true">·</span>
              {undo}
            </>
          )}
        </div>
      )}
    </div>
  );
}

const KEY_FORMS: Record<string, string> = { e: "form[data-complete]", c: "form[data-prompt]", h: 'form[data-mark="snooze"]', a: 'form[data-mark="archive"]', p: 'form[data-mark="pin"]' };

/** The rows of one queue list, with keyboard triage (j/k, Enter, e, c, h, a, p, u) and a toast with Undo for each write. */
export function QueueRows({ items, label, now }: { items: QueueItem[]; label: string; now: number }) {
  const list = useRef<HTMLOListElement>(null);
  const toast = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Where focus goes once an action from a row is done: the next row (by id; else the same place in the list). */
  const focusAfter = useRef<{ id: string | null; index: number } | null>(null);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const rows = () => [...(list.current?.querySelectorAll<HTMLLIElement>("li[data-queue-row]") ?? [])];
  const focusRow = (index: number) => {
    const all = rows();
    const next = Math.max(0, Math.min(index, all.length - 1));
    setActive(next);
    all[next]?.focus();
  };
  const focusPlanned = () => {
    const target = focusAfter.current;
    if (!target) return;
    const all = rows();
    const byId = target.id ? all.findIndex((row) => row.dataset.queueRow === target.id) : -1;
    focusRow(byId >= 0 ? byId : target.index);
  };

  // the list re-renders once the server has the write: the acted row may be gone, so focus goes to the planned row
  useEffect(() => {
    if (!focusAfter.current) return;
    focusPlanned();
    focusAfter.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  /** A form in a row was sent: plan to focus the row after it (or before it, at the end). */
  function onSubmitCapture(event: FormEvent<HTMLOListElement>) {
    const row = (event.target as HTMLElement).closest<HTMLLIElement>("li[data-queue-row]");
    if (!row || (event.target as HTMLElement).matches("form[data-prompt]")) return;
    const all = rows();
    const index = all.indexOf(row);
    const next = all[index + 1] ?? all[index - 1] ?? null;
    focusAfter.current = { id: next?.dataset.queueRow ?? null, index };
  }

  const onDone = (value: Done | null) => {
    if (!value) return;
    setError(null);
    setDone(value);
    focusPlanned();
  };
  const onError = (message: string) => {
    focusAfter.current = null;
    setError(message);
  };
  const onUndone = (item: QueueItem) => {
    setDone(null);
    // the row comes back: focus it once the list has it
    focusAfter.current = { id: item.id, index: current };
    focusPlanned();
  };

  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const row = target.closest<HTMLLIElement>("li[data-queue-row]");
    if (event.key === "j" || event.key === "k") {
      event.preventDefault();
      const index = row ? rows().indexOf(row) : current;
      focusRow(index + (event.key === "j" ? 1 : -1));
      return;
    }
    if (event.key === "u") {
      const undo = toast.current?.querySelector<HTMLFormElement>("form");
      if (undo) {
        event.preventDefault();
        undo.requestSubmit();
      }
      return;
    }
    if (!row) return;
    if (event.key === "Enter" && target === row) {
      event.preventDefault();
      // the title's link: the router navigates as for a click
      row.querySelector<HTMLAnchorElement>("a[data-open]")?.click();
      return;
    }
    const selector = KEY_FORMS[event.key];
    if (selector) {
      event.preventDefault();
      setError(null);
      // a key whose action the row does not offer does nothing (e on a Resume row)
      row.querySelector<HTMLFormElement>(selector)?.requestSubmit();
    }
  }

  return (
    <>
      <ol ref={list} aria-label={label} aria-describedby="queue-keys" onKeyDown={onKeyDown} onSubmitCapture={onSubmitCapture} className="divide-y divide-stone-100 dark:divide-stone-800">
        {items.map((item, index) => (
          <Row key={item.id} item={item} now={now} active={index === current} onFocusRow={() => setActive(index)} onDone={onDone} onError={onError} />
        ))}
      </ol>
      <p role="alert" className="text-xs text-rose-700 dark:text-rose-400">{error}</p>
      <div ref={toast}>
        <Toast done={done} onUndone={onUndone} onError={setError} />
      </div>
    </>
  );
}
