"use client";
/**
 * The queue's dense rows (about 40 px): verb, title, the deciding sentence, repository and age, and the
 * primary action as a button (Copy prompt, Complete, Review…). Pin, snooze and archive show on hover and
 * focus, and answer keys: j/k move, Enter opens, e completes, h snoozes a week, a archives, p pins. An
 * archive is announced in a toast with Undo. Every action is a form (useActionState, pending state) over
 * the same server actions as the checkpoint page.
 */
import Link from "next/link";
import { useActionState, useRef, useState, type KeyboardEvent } from "react";
import { useFormStatus } from "react-dom";
import type { QueueAction, QueueItem } from "@/lib/queries/queue";
import { markAction, queueCompleteAction, queuePromptAction } from "./actions";
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

type Mark = "pin" | "unpin" | "archive" | "unarchive" | "snooze";
const MARK_LABELS: Record<Mark, [string, string, string | undefined]> = {
  pin: ["Pin", "Pinning…", "p"],
  unpin: ["Unpin", "Unpinning…", "p"],
  archive: ["Archive", "Archiving…", "a"],
  unarchive: ["Undo", "Restoring…", undefined],
  snooze: ["Snooze a week", "Snoozing…", "h"],
};

function weekFromNow(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
}

/** One mark as a form; `onDone` hears of a success (the archive's toast). */
function MarkForm({ id, action, name, onDone, onError }: { id: string; action: Mark; name: string; onDone?: () => void; onError: (message: string) => void }) {
  const [, formAction] = useActionState(async (previous: MarkFormState, formData: FormData) => {
    const state = await markAction(previous, formData);
    if (state.ok) onDone?.();
    else if (state.message) onError(state.message);
    return state;
  }, initialMarkState);
  const [label, pending, key] = MARK_LABELS[action];
  return (
    <form action={formAction} data-mark={action === "unpin" ? "pin" : action}>
      <input type="hidden" name="documentId" value={id} />
      <input type="hidden" name="action" value={action} />
      {action === "snooze" && <input type="hidden" name="until" value={weekFromNow()} />}
      <Submit label={label} pending={pending} aria={`${label} ${name}`} className={TOOL} keyHint={key} />
    </form>
  );
}

/** The row's primary action: Copy prompt (resume), Complete (landed), else a link to where the work is done. */
function Primary({ item, name, onError }: { item: QueueItem; name: string; onError: (message: string) => void }) {
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
    if (!state.ok && state.message) onError(state.message);
    return state;
  }, initialQueueState);
  const complete = (
    <form action={completeAction} data-complete hidden={item.action !== "complete"}>
      <input type="hidden" name="documentId" value={item.id} />
      <input type="hidden" name="expectedHash" value={item.contentHash} />
      <Submit label="Complete" pending="Completing…" aria={`Complete ${name}`} className={PRIMARY} keyHint="e" />
    </form>
  );
  if (item.action === "complete") return complete;
  let main;
  if (item.action === "resume") {
    main = (
      <form action={promptAction}>
        <input type="hidden" name="documentId" value={item.id} />
        <Submit label={copied.ok ? "Copied" : "Copy prompt"} pending="Building…" aria={`Copy prompt ${name}`} className={PRIMARY} />
      </form>
    );
  } else {
    const href = item.action === "review" ? `/checkpoints/${item.id}/review` : item.action === "re-verify" ? `/checkpoints/${item.id}/diff` : `/checkpoints/${item.id}`;
    const label = item.action === "review" ? "Review" : item.action === "re-verify" ? "Re-verify" : "Open";
    main = (
      <Link href={href} prefetch={false} className={PRIMARY} aria-label={`${label} ${name}`}>
        {label}
      </Link>
    );
  }
  return (
    <>
      {main}
      {complete}
    </>
  );
}

function Row({ item, active, onFocusRow, onArchived, onError, now }: {
  item: QueueItem; active: boolean; now: number;
  onFocusRow: () => void; onArchived: (item: QueueItem) => void; onError: (message: string) => void;
}) {
  const name = item.title ?? item.path;
  return (
    <li
      aria-label={name}
      data-queue-row={item.id}
      tabIndex={active ? 0 : -1}
      onFocus={onFocusRow}
      className="group flex min-h-10 items-center gap-3 rounded px-2 py-1 text-sm hover:bg-stone-50 focus:outline-2 focus:outline-teal-600 focus-within:bg-stone-50 dark:hover:bg-stone-900 dark:focus-within:bg-stone-900"
    >
      <span className={`w-20 shrink-0 text-xs font-semibold ${VERB_CLASS[item.action]}`} data-action={item.action}>
        {item.verb}
      </span>
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <Link href={`/checkpoints/${item.id}`} prefetch={false} data-open className="max-w-[45%] shrink-0 truncate font-medium">
          {name}
        </Link>
        {item.pinned && <span className="shrink-0 text-xs font-medium text-teal-700 dark:text-teal-400">pinned</span>}
        <span className="min-w-0 truncate text-stone-600 dark:text-stone-400" title={item.reason}>{item.reason}</span>
      </span>
      <span className="hidden shrink-0 text-xs text-stone-600 sm:inline dark:text-stone-400">
        {item.repoName ?? "global"} · <time dateTime={item.touchedAt ?? item.savedAt ?? undefined}>{age(item.touchedAt ?? item.savedAt, now)}</time>
      </span>
      <span role="group" aria-label={`Triage ${name}`} className="hidden shrink-0 items-center gap-1 group-hover:flex group-focus-within:flex">
        <MarkForm id={item.id} action={item.pinned ? "unpin" : "pin"} name={name} onError={onError} />
        <MarkForm id={item.id} action="snooze" name={name} onError={onError} />
        <MarkForm id={item.id} action="archive" name={name} onDone={() => onArchived(item)} onError={onError} />
      </span>
      <span className="shrink-0">
        <Primary item={item} name={name} onError={onError} />
      </span>
    </li>
  );
}

/** The toast that follows an archive: "Archived · Undo", announced politely. */
function Toast({ archived, onUndone, onError }: { archived: QueueItem | null; onUndone: () => void; onError: (message: string) => void }) {
  return (
    <div aria-live="polite" role="status" className="fixed bottom-4 left-1/2 z-20 -translate-x-1/2">
      {archived && (
        <div className="flex items-center gap-3 rounded-md bg-stone-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-stone-100 dark:text-stone-900">
          <span>Archived “{archived.title ?? archived.path}”</span>
          <span aria-hidden="true">·</span>
          <MarkForm id={archived.id} action="unarchive" name={archived.title ?? archived.path} onDone={onUndone} onError={onError} />
        </div>
      )}
    </div>
  );
}

const KEY_FORMS: Record<string, string> = { e: "form[data-complete]", h: 'form[data-mark="snooze"]', a: 'form[data-mark="archive"]', p: 'form[data-mark="pin"]' };

/** The rows of one queue list, with keyboard triage (j/k, Enter, e, h, a, p) and the archive's Undo. */
export function QueueRows({ items, label, now }: { items: QueueItem[]; label: string; now: number }) {
  const list = useRef<HTMLOListElement>(null);
  const [active, setActive] = useState(0);
  const [archived, setArchived] = useState<QueueItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = Math.min(active, Math.max(0, items.length - 1));

  const rows = () => [...(list.current?.querySelectorAll<HTMLLIElement>("li[data-queue-row]") ?? [])];
  const focusRow = (index: number) => {
    const all = rows();
    const next = Math.max(0, Math.min(index, all.length - 1));
    setActive(next);
    all[next]?.focus();
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
      row.querySelector<HTMLFormElement>(selector)?.requestSubmit();
    }
  }

  return (
    <>
      <ol ref={list} aria-label={label} aria-describedby="queue-keys" onKeyDown={onKeyDown} className="divide-y divide-stone-100 dark:divide-stone-800">
        {items.map((item, index) => (
          <Row key={item.id} item={item} now={now} active={index === current} onFocusRow={() => setActive(index)} onArchived={setArchived} onError={setError} />
        ))}
      </ol>
      <p role="alert" className="text-xs text-rose-700 dark:text-rose-400">{error}</p>
      <Toast archived={archived} onUndone={() => setArchived(null)} onError={setError} />
    </>
  );
}
