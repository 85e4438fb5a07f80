"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { SearchResponse } from "@/lib/search/response";
import { DEBOUNCE_MS, isActive, queryStringOf, stateFromSearch, type SearchState } from "./state";

type Phase = "idle" | "loading" | "error";

/**
 * Results as you type: each change waits DEBOUNCE_MS, cancels the request before it, asks
 * `GET /api/search`, and writes the state into the URL (replaceState: typing is not history).
 */
export function useSearch(initialState: SearchState, initialResponse: SearchResponse | null) {
  const [state, setState] = useState(initialState);
  const [response, setResponse] = useState(initialResponse);
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string | null>(null);
  const lastRequested = useRef(queryStringOf(initialState));
  const controller = useRef<AbortController | null>(null);

  const fetchPage = useCallback(async (next: SearchState, offset: number): Promise<SearchResponse | null> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase("loading");
    try {
      const res = await fetch(`/api/search?${queryStringOf(next, { offset })}`, { signal: abort.signal, headers: { accept: "application/json" } });
      const body: unknown = await res.json();
      if (!res.ok) {
        const message = typeof body === "object" && body && "error" in body ? String((body as { error: unknown }).error) : res.statusText;
        throw new Error(message);
      }
      setPhase("idle");
      setError(null);
      return body as SearchResponse;
    } catch (caught) {
      if (abort.signal.aborted) return null;
      setPhase("error");
      setError(caught instanceof Error ? caught.message : String(caught));
      return null;
    }
  }, []);

  // a page restored from history may carry other state than it was rendered with
  useEffect(() => {
    const fromUrl = stateFromSearch(window.location.search);
    if (queryStringOf(fromUrl) !== queryStringOf(initialState)) setState(fromUrl);
  }, [initialState]);

  useEffect(() => {
    const qs = queryStringOf(state);
    if (qs === lastRequested.current) return;
    lastRequested.current = qs;
    window.history.replaceState(null, "", qs ? `/search?${qs}` : "/search");
    if (!isActive(state)) {
      controller.current?.abort();
      setResponse(null);
      setPhase("idle");
      return;
    }
    const timer = setTimeout(() => {
      void fetchPage(state, 0).then((page) => page && setResponse(page));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, fetchPage]);

  useEffect(() => () => controller.current?.abort(), []);

  const loadMore = useCallback(async () => {
    if (!response) return;
    const page = await fetchPage(state, response.offset + response.hits.length);
    if (!page) return;
    setResponse({ ...page, offset: response.offset, hits: [...response.hits, ...page.hits], groups: undefined });
  }, [response, state, fetchPage]);

  const update = useCallback((patch: Partial<SearchState>) => setState((s) => ({ ...s, ...patch })), []);

  return { state, update, response, phase, error, loadMore };
}
