"use client";

import { useEffect, useRef, useState } from "react";

type State = "idle" | "copied" | "failed";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // older browsers, or a page served over plain http to another machine
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** Copies a file's path, then says so where it can be seen and heard. */
export function CopyPathButton({ path, label = "Copy path" }: { path: string; label?: string }) {
  const [state, setState] = useState<State>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const onClick = async () => {
    try {
      await copyText(path);
      setState("copied");
    } catch {
      setState("failed");
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        className="rounded-md border border-stone-300 bg-white px-2 py-1 text-xs font-medium text-stone-700 shadow-xs hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700"
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-xs">
        {state === "copied" && <span className="font-medium text-emerald-700 dark:text-emerald-400">Copied</span>}
        {state === "failed" && <span className="text-rose-700 dark:text-rose-400">Could not copy: select the path instead</span>}
      </span>
    </span>
  );
}
