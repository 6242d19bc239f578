import { AsyncLocalStorage } from "node:async_hooks";
import { text } from "node:stream/consumers";
import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { scriptSafeJson } from "../shared/script-safe-json";
import { type ApiTransport, setApiTransport } from "./lib/api-client";
import type { PageData } from "./lib/page-data";
import { ServerPageTitle } from "./lib/page-title";
import { meQuery } from "./lib/session";
import { requiresSignIn, routes } from "./router";

/**
 * The server's first paint of a page: the same routes and components as the
 * browser, rendered to HTML with the data the page needs, so a visitor sees
 * the bikes before the app's code has arrived, and the browser then hydrates
 * that HTML instead of rendering the page again (main.tsx).
 *
 * Each page gets a query cache of its own and asks the server's own app for
 * data with the visitor's cookie, through the same query functions the
 * browser uses. A page it can't render whole (the visitor is signed out on a
 * guarded page, a loader failed, a component threw) is left to the browser:
 * `renderPage` returns null and the server sends the plain app shell.
 */

/** A query's data as the page was rendered from it. */
export interface RenderedQuery {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** What main.tsx reads back from the page before hydrating. */
export interface PageState {
  queries: RenderedQuery[];
  loaderData: Record<string, unknown>;
}

export interface RenderedPage {
  /** The markup for inside #root. */
  html: string;
  /** PageState as JSON that is safe inside a <script> element. */
  state: string;
  /** The title the page asked for, if any. */
  title: string | null;
  status: number;
}

interface RequestScope {
  send: ApiTransport;
  client: QueryClient;
}

// Requests render concurrently; each one's transport and cache travel with its own async work.
const requestScope = new AsyncLocalStorage<RequestScope>();
setApiTransport((path, init) => currentScope().send(path, init));

function currentScope(): RequestScope {
  const scope = requestScope.getStore();
  if (!scope) throw new Error("An API request was made outside a page render.");
  return scope;
}

export const STATE_ELEMENT_ID = "reride-page-state";

export async function renderPage(url: string, send: ApiTransport): Promise<RenderedPage | null> {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  try {
    return await requestScope.run({ send, client }, () => render(url, client));
  } finally {
    // Nothing caches a page's responses once it is rendered.
    client.clear();
  }
}

async function render(url: string, client: QueryClient): Promise<RenderedPage | null> {
  const matches = matchRoutes(serverRoutes, new URL(url).pathname);
  if (!matches) return null;
  const user = await client.fetchQuery(meQuery);
  if (!user && matches.some(({ route }) => requiresSignIn(route))) return null;

  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;

  let title: string | null = null;
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={client}>
        <ServerPageTitle.Provider
          value={(pageTitle) => {
            title = pageTitle;
          }}
        >
          {/* The route data goes into the page state below, not an inline script (the CSP forbids those). */}
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </ServerPageTitle.Provider>
      </QueryClientProvider>
    </StrictMode>,
    {
      onError: (error) => void failures.push(error),
      // React would send a big Suspense boundary (the home page's lists) apart from the
      // rest, to be put in place by an inline script: one HTML in order needs none.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await text(prelude);
  if (failures.length > 0) throw new AggregateError(failures, "The page failed to render.");

  const state: PageState = { queries: renderedQueries(client), loaderData: context.loaderData };
  // The catch-all route is the not-found page: say so to crawlers and link checkers too.
  const notFound = matches.at(-1)?.route.path === "*";
  return {
    html,
    state: scriptSafeJson(state),
    title,
    status: notFound ? 404 : context.statusCode,
  };
}

/**
 * The browser's routes with one change: a route's loader fills this
 * request's cache through the page's `pageData` (the browser's loaders fill
 * the browser's one cache), and a loader without one only prefetches in the
 * browser, so it does nothing here.
 */
function forServer(routeList: RouteObject[]): RouteObject[] {
  return routeList.map((route) => {
    const { lazy, children } = route;
    const copy = { ...route } as RouteObject;
    if (typeof lazy === "function") {
      copy.lazy = async () => withServerLoader(await lazy());
    }
    if (children) copy.children = forServer(children);
    return copy;
  });
}

type RouteModule = Awaited<ReturnType<Extract<RouteObject["lazy"], () => unknown>>>;

function withServerLoader(module: RouteModule): RouteModule {
  if (!("loader" in module) || !module.loader) return module;
  const pageData = (module as { pageData?: PageData }).pageData;
  return {
    ...module,
    loader: async (args: LoaderFunctionArgs) => {
      if (pageData) await pageData(currentScope().client, args);
      return null;
    },
  };
}

const serverRoutes = forServer(routes);
// One handler for every request: each lazy route module loads once and is cached.
const handler = createStaticHandler(serverRoutes);

/**
 * The query data the page was rendered from, successful queries only: one
 * that failed is fetched again by the browser, as it would have been
 * without this page.
 * (TanStack Query's dehydrate() carries each query's whole state; the
 * browser needs only the data and its age.)
 */
function renderedQueries(client: QueryClient): RenderedQuery[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === "success")
    .map((query) => ({
      key: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
}
