import { lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Navbar } from "../components/navbar";
import { NavigationProgress } from "../components/navigation-progress";
import { Toasts } from "../components/toasts";
import { goLiveWhenIdle, useHydrated } from "../lib/use-hydrated";

// It acts only after a client-side navigation, never on the first load, so it
// stays out of the first download (the home page's JavaScript budget).
const RouteFocus = lazy(() =>
  import("../components/route-focus").then((module) => ({ default: module.RouteFocus })),
);

// Below the fold on every page: the server's HTML shows it at once, and its code
// hydrates it after the page's own (the home page's JavaScript budget).
const Footer = lazy(() =>
  import("../components/footer").then((module) => ({ default: module.Footer })),
);

/** The frame around every page: navbar, the page, footer, and the toasts. */
export function RootLayout() {
  // Once the browser is idle after hydration, the page goes live: the browser's own words
  // (prices, times) and the forms' fields follow, in a redraw of their own.
  useEffect(() => goLiveWhenIdle(), []);
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-field focus:bg-base-100 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Navbar />
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <RouteFocus />
      </Suspense>
      <Toasts />
      <ScrollRestoration />
      <LiveMark />
    </div>
  );
}

/**
 * `<html data-live>` once the page is live: drawn by the browser, or the server's HTML hydrated
 * and redrawn in the browser's words, fields enabled. Browser tests wait for it before they
 * click or type (a click on a server-drawn page before then does nothing). A leaf of its own,
 * so going live redraws only what reads it.
 */
function LiveMark() {
  const live = useHydrated();
  useEffect(() => {
    if (live) document.documentElement.dataset.live = "";
  }, [live]);
  return null;
}
