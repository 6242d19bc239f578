import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import type { PageState } from "./entry-server";
import { listenForInstallPrompt } from "./lib/install-prompt-listener";
import { queryClient } from "./lib/query-client";
import { meQuery } from "./lib/session";
import { LiveProvider, markHydrated } from "./lib/use-hydrated";
import { warmFormatters } from "./lib/warm-formatters";
import { routes } from "./router";
import "./styles.css";

// The content security policy forbids eval. zod probes for it (to compile faster parsers)
// unless told not to, and the browser reports the probe as a violation. zod's config lives
// on this global (so copies of zod share it); set here, it is in place before zod loads.
const zodScope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodScope.__zod_globalConfig = { ...zodScope.__zod_globalConfig, jitless: true };
listenForInstallPrompt();

// Written by the server beside the HTML it rendered (entry-server.tsx); the id is STATE_ELEMENT_ID
// there, spelled out here so the browser's code doesn't import the server's.
const pageState = document.getElementById("reride-page-state");
const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveProvider>
        <RouterProvider router={router} />
      </LiveProvider>
    </QueryClientProvider>
  </StrictMode>
);

if (pageState?.textContent) {
  void hydratePage(container, JSON.parse(pageState.textContent) as PageState);
} else {
  // Who is signed in decides what most pages show, and signed-in pages wait for it:
  // ask now, while the page's own code is still on its way.
  void queryClient.prefetchQuery(meQuery);
  // No server HTML to match: the browser's words from the first render.
  markHydrated();
  createRoot(container).render(app(createBrowserRouter(routes)));
}

/**
 * The server rendered this page: hydrate its HTML rather than rendering it again.
 * The cache starts with the data the server rendered from, and the page's
 * route modules are loaded first, so the first render matches the HTML.
 */
async function hydratePage(root: HTMLElement, state: PageState) {
  // The page's prices and times are drawn again in the browser's words once it is live: the
  // locale data for that is loaded off the main thread meanwhile. Starting a worker takes the
  // main thread a few milliseconds: in a task of its own, not the modules' long one.
  setTimeout(() => void warmFormatters(), 0);
  for (const { key, data, updatedAt } of state.queries) {
    queryClient.setQueryData(key, data, { updatedAt });
  }
  await loadRouteModules(routes, window.location.pathname);
  // The modules ran in this task; the router and React start in the next ones (shorter tasks).
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: state.loaderData } });
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (React renders the default lane in one go):
  // a tap or a scroll during it is answered, and the page is painted between the slices.
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
}

/** Lets the browser paint and answer input before what follows runs. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** react-router's way to hydrate lazy routes: resolve the matched ones before the router starts. */
async function loadRouteModules(routeList: RouteObject[], pathname: string) {
  const lazyMatches = (matchRoutes(routeList, pathname) ?? []).filter(({ route }) => route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
