"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import type { SearchResponse } from "@/lib/search/response";
import type { SearchFacets } from "@/lib/queries/search";
import { SearchFilterControls } from "./search-filters";
import { SearchResults } from "./search-results";
import { SyntaxHelp } from "./syntax-help";
import { isActive, type SearchState } from "./state";
import { useSearch } from "./use-search";

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

function resultLinks(container: HTMLElement | null): HTMLAnchorElement[] {
  return container ? [...container.querySelectorAll<HTMLAnchorElement>("a[data-result-link]")] : [];
}

export function SearchView({
  initialState,
  initialResponse,
  facets,
  dropped,
}: {
  initialState: SearchState;
  initialResponse: SearchResponse | null;
  facets: SearchFacets;
  dropped: string[];
}) {
  const { state, update, response, phase, error, loadMore } = useSearch(initialState, initialResponse);
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLDivElement>(null);

  // On this page `/` focuses the page's own box (before the header's global box sees the key).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      const first = resultLinks(results.current)[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === "Escape" && state.q) {
      event.preventDefault();
      update({ q: "" });
    }
  };

  const onResultsKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = resultLinks(results.current);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const focus = (i: number) => {
      event.preventDefault();
      if (i < 0) input.current?.focus();
      else links[Math.min(i, links.length - 1)]?.focus();
    };
    if (event.key === "ArrowDown") focus(index + 1);
    else if (event.key === "ArrowUp") focus(index - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(links.length - 1);
    else if (event.key === "Escape") focus(-1);
    else if (event.key.length === 1 && event.key !== " " && event.key !== "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // typing again goes back to the box
      input.current?.focus();
    }
  };

  const active = isActive(state);
  const status =
    phase === "loading"
      ? "Searching…"
      : phase === "error"
        ? `Search failed: ${error}`
        : response && active
          ? `${response.total} ${response.total === 1 ? "result" : "results"}`
          : "";

  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Search</h1>
      <form
        role="search"
        aria-label="Search checkpoints"
        action="/search"
        method="get"
        onSubmit={(event) => event.preventDefault()}
        className="space-y-3"
      >
        <div>
          <label htmlFor="search-q" className="text-sm font-medium">
            Search titles, decisions and every section
          </label>
          <input
            ref={input}
            id="search-q"
            name="q"
            type="search"
            value={state.q}
            onChange={(event) => update({ q: event.target.value })}
            onKeyDown={onInputKey}
            autoFocus={!state.q}
            autoComplete="off"
            spellCheck={false}
            placeholder='e.g. rate limiter, "exponential backoff", file:src/app.ts'
            aria-describedby="search-status search-keys"
            aria-keyshortcuts="/"
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base shadow-xs dark:border-stone-700 dark:bg-stone-950"
          />
          <p id="search-keys" className="mt-1 text-xs text-stone-500 dark:text-stone-400">
            Results update as you type. <kbd>/</kbd> focuses this box, <kbd>↓</kbd> <kbd>↑</kbd> move through the results, <kbd>Enter</kbd> opens one.
          </p>
        </div>
        <SearchFilterControls state={state} facets={facets} onChange={update} />
      </form>

      <p id="search-status" role="status" aria-live="polite" className="min-h-5 text-sm text-stone-600 dark:text-stone-400">
        {status}
      </p>
      {response?.meaning && active && (
        <p data-testid="search-meaning" className="text-xs text-stone-600 dark:text-stone-400">
          {response.meaning.line}
        </p>
      )}
      {dropped.length > 0 && (
        <p className="text-sm text-amber-800 dark:text-amber-200">Ignored in the address: {dropped.join(", ")}.</p>
      )}
      {response && response.notes.length > 0 && active && (
        <ul aria-label="How the query was read" className="space-y-0.5 text-sm text-stone-600 dark:text-stone-400">
          {response.notes.map((note) => (
            <li key={note}>Note: {note}</li>
          ))}
        </ul>
      )}

      <div ref={results} onKeyDown={onResultsKey}>
        {active && response ? (
          response.hits.length > 0 ? (
            <SearchResults response={response} group={state.group} onLoadMore={loadMore} loading={phase === "loading"} />
          ) : (
            phase !== "loading" && <NoMatches query={state.q} />
          )
        ) : (
          !active && <SyntaxHelp title="What you can type" />
        )}
      </div>
    </div>
  );
}

function NoMatches({ query }: { query: string }) {
  return (
    <div className="space-y-4" data-testid="no-matches">
      <div className="rounded-lg border border-dashed border-stone-300 px-4 py-6 dark:border-stone-700">
        <p className="font-medium">{query.trim() ? `Nothing matches “${query.trim()}”.` : "Nothing matches these filters."}</p>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          Try fewer words, a shorter prefix (<code>auth*</code>), or clear a filter. The syntax below is all there is.
        </p>
      </div>
      <SyntaxHelp title="Search syntax" />
    </div>
  );
}
