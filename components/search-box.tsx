"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** The global search box; `/` anywhere focuses it. Not on the search page, which has its own box. */
export function SearchBox() {
  const router = useRouter();
  const pathname = usePathname();
  const input = useRef<HTMLInputElement>(null);
  const onSearchPage = pathname === "/search" || pathname.startsWith("/search/");
  useEffect(() => {
    if (onSearchPage) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable);
      if (event.key === "/" && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onSearchPage]);
  if (onSearchPage) return null;
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = input.current?.value.trim() ?? "";
        router.push(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
      }}
    >
      <label htmlFor="global-search" className="sr-only">
        Search every checkpoint
      </label>
      <input
        ref={input}
        id="global-search"
        name="q"
        type="search"
        placeholder="Search checkpoints  ( / )"
        className="w-full rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm dark:border-stone-700 dark:bg-stone-950"
      />
    </form>
  );
}
