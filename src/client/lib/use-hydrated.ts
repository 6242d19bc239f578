import { useSyncExternalStore } from "react";

/**
 * Whether the browser's own words may replace the server's: false on the
 * server, while the browser hydrates the server's HTML, and until the
 * hydrated page has had a moment to itself; true from then on, and at once
 * for a page the browser draws itself (no server HTML to match).
 */
let hydrated = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page is live: every useHydrated() turns true and redraws. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

const warmUps = new Map<string, () => void>();

/**
 * Work the redraw after hydration will need, done before it in an idle
 * moment of its own: e.g. building the browser's first currency formatter,
 * tens of milliseconds on a phone. Once per key; nothing once the page is live.
 */
export function beforeLive(key: string, task: () => void): void {
  if (!hydrated && !warmUps.has(key)) warmUps.set(key, task);
}

const whenIdle = (run: () => void): number =>
  typeof window.requestIdleCallback === "function"
    ? window.requestIdleCallback(run, { timeout: 200 })
    : window.setTimeout(run, 0);
const cancelIdle = (handle: number) =>
  typeof window.cancelIdleCallback === "function"
    ? window.cancelIdleCallback(handle)
    : window.clearTimeout(handle);

/**
 * After hydration has committed (RootLayout's effect): each beforeLive task
 * in an idle moment of its own, then markHydrated() and `onLive`, so the
 * browser's redraw is a short task rather than part of hydration's long one.
 * Returns a cancel.
 */
export function goLiveWhenIdle(onLive: () => void): () => void {
  let handle = 0;
  const step = () => {
    const [key, task] = warmUps.entries().next().value ?? [];
    if (key !== undefined && task) {
      warmUps.delete(key);
      task();
      handle = whenIdle(step);
      return;
    }
    markHydrated();
    onLive();
  };
  handle = whenIdle(step);
  return () => cancelIdle(handle);
}

/**
 * False while React renders on the server and while it hydrates that HTML,
 * true once the page is live (markHydrated). For text that depends on the
 * browser (its locale, its time zone, its clock): the server's words show until the
 * page's code runs, then the browser's replace them without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}

/**
 * True while the browser hydrates the server's HTML and useHydrated() is
 * still false: what a component renders then is thrown away (React keeps the
 * server's text where it says `suppressHydrationWarning`), so it may skip
 * costly formatting. Never true on the server, which must draw the real text.
 */
export function keepsServerText(hydratedNow: boolean): boolean {
  return !hydratedNow && typeof document !== "undefined";
}
