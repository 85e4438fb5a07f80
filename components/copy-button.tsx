"use client";

import { useEffect, useRef, useState } from "react";

type State = "idle" | "copied" | "failed";

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // no clipboard API (plain http to another machine) or no permission: select and copy
  }
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

/** Copies text, then says so where it can be seen and heard. */
export function CopyButton({ text, label, what = "the text", size = "sm", primary = false }: { text: string; label: string; what?: string; size?: "xs" | "sm"; /** The page's main action: a filled button. */ primary?: boolean }) {
  const [state, setState] = useState<State>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const onClick = async () => {
    try {
      await copyText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };
  const textSize = size === "xs" ? "text-xs px-2" : "text-sm px-2.5";
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        className={
          primary
            ? "rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white shadow-xs hover:bg-teal-800"
            : `rounded-md border border-stone-300 bg-white py-1 font-medium text-stone-700 shadow-xs hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700 ${textSize}`
        }
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className={size === "xs" ? "text-xs" : "text-sm"}>
        {state === "copied" && <span className="font-medium text-emerald-700 dark:text-emerald-400">Copied</span>}
        {state === "failed" && <span className="text-rose-700 dark:text-rose-400">Could not copy: select {what} instead</span>}
      </span>
    </span>
  );
}
