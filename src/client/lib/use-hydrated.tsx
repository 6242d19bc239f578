import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from "react";
import { warmFormatters } from "./warm-formatters";

/**
 * Whether the browser's own words may replace the server's: false on the
 * server, while the browser hydrates the server's HTML, and until the
 * hydrated page has had a moment to itself; true from then on, and at once
 * for a page the browser draws itself (no server HTML to match).
 */
let hydrated = false;
/** The mounted LiveProvider's setter: how markHydrated reaches React. */
let announce: ((live: boolean) => void) | undefined;

const LiveContext = createContext(false);

/**
 * Around the app in the browser (main.tsx). The page going live is a
 * transition: React redraws the prices, times and fields that depend on it
 * in slices, between which the browser answers taps, rather than in one
 * synchronous pass as a store update would be. The server needs no provider:
 * there the page is never live.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(hydrated);
  useEffect(() => {
    announce = setLive;
    // Went live between the first render and this effect.
    if (hydrated) startTransition(() => setLive(true));
    return () => {
      announce = undefined;
    };
  }, []);
  return <LiveContext value={live}>{children}</LiveContext>;
}

/** The page is live: every useHydrated() turns true, and what reads it is redrawn. */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  const setLive = announce;
  if (setLive) startTransition(() => setLive(true));
}

const warmUps = new Map<string, () => void>();

/**
 * Work the redraw after hydration will need, done before it in an idle
 * moment of its own: e.g. building the browser's first currency formatter.
 * Once per key; nothing once the page is live.
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
 * After hydration has committed (RootLayout's effect): once the formatters'
 * locale data is loaded off the main thread (warm-formatters.ts), each
 * beforeLive task in an idle moment of its own, then markHydrated(), so the
 * browser's redraw is short and its own. Returns a cancel.
 */
export function goLiveWhenIdle(): () => void {
  let handle = 0;
  let cancelled = false;
  const step = () => {
    const [key, task] = warmUps.entries().next().value ?? [];
    if (key !== undefined && task) {
      warmUps.delete(key);
      task();
      handle = whenIdle(step);
      return;
    }
    markHydrated();
  };
  const start = () => {
    if (!cancelled) handle = whenIdle(step);
  };
  // A page the browser drew itself is live already: it built its formatters as it drew.
  if (hydrated) start();
  else void warmFormatters().then(start);
  return () => {
    cancelled = true;
    cancelIdle(handle);
  };
}

/**
 * False while React renders on the server and while it hydrates that HTML,
 * true once the page is live (markHydrated). For text that depends on the
 * browser (its locale, its time zone, its clock): the server's words show until the
 * page's code runs, then the browser's replace them without a mismatch.
 */
export function useHydrated(): boolean {
  return useContext(LiveContext);
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
