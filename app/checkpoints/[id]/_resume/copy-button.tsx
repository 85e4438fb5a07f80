"use client";

import { useEffect, useRef, useState } from "react";

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

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={async () => {
          try {
            await copyText(text);
            setState("copied");
          } catch {
            setState("failed");
          }
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => setState("idle"), 2500);
        }}
        className="rounded-md border border-stone-300 bg-white px-2.5 py-1 text-sm font-medium text-stone-700 shadow-xs hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-800 dark:text-stone-200 dark:hover:bg-stone-700"
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-sm">
        {state === "copied" && <span className="font-medium text-emerald-700 dark:text-emerald-400">Copied</span>}
        {state === "failed" && <span className="text-rose-700 dark:text-rose-400">Could not copy: select the prompt instead</span>}
      </span>
    </span>
  );
}
