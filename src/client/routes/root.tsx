import { lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Navbar } from "../components/navbar";
import { NavigationProgress } from "../components/navigation-progress";
import { Toasts } from "../components/toasts";
import { goLiveWhenIdle } from "../lib/use-hydrated";

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
  // The page is live: rendered by the browser, or the server's HTML hydrated. Browser tests
  // wait for this before they click (a click on a server-rendered page before then does nothing).
  // The browser's own words (prices, times) and the forms' fields follow when the browser is
  // idle, in short tasks of their own rather than one long one with hydration.
  useEffect(
    () =>
      goLiveWhenIdle(() => {
        document.documentElement.dataset.live = "";
      }),
    [],
  );
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
    </div>
  );
}
