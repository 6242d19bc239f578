import type { Context, Hono } from "hono";
import { LRUCache } from "lru-cache";
import { scriptSafeJson } from "../shared/script-safe-json";
import type { VersionScope } from "./cache/data-version";
import type { AppBindings } from "./context";
import type { ContentEncoding } from "./lib/content-encoding";
import type { CacheCounters } from "./metrics/metrics";
import { innerRequestBindings } from "./middleware/cached-read";

type Renderer = typeof import("../client/entry-server");
/** How a page asks this app's API while it renders: in-process, with the visitor's cookie. */
type ApiTransport = Parameters<Renderer["renderPage"]>[1];

export interface RenderedHtml {
  html: string;
  status: number;
  /** What the page's own API requests set (a refreshed session cookie), for the browser. */
  setCookies: string[];
  /** The page compressed, each encoding made when a browser first asks for it. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
}

/**
 * What a signed-out page shows (the categories, bikes of any category) is
 * read from the catalog's versions (middleware/cached-read.ts `readScopes`).
 */
const SIGNED_OUT_PAGES: VersionScope = { keys: ["search"], catalog: true };

/** Pages cached for visitors without a session, as rendered, at the data version they were rendered at. */
interface CachedPage {
  template: string;
  version: string;
  page: RenderedHtml;
}

/**
 * Pages rendered on the server (src/client/entry-server.tsx) into the built
 * index.html, so the first paint needs no JavaScript. The page's data comes
 * from this app's own API, asked in-process with the visitor's cookie: the
 * same responses, caches and permission checks as the browser's requests.
 * Returns null (and the caller sends the app shell) when the page can't be
 * rendered whole, or rendering it failed: the browser then renders it, as it
 * always could. The template is a built page as `withCodeAfterPaint` made it,
 * once per build (static-client.ts).
 */
export function pageRenderer(app: Hono<AppBindings>) {
  // React and the pages load once, on the first page asked for, not at start.
  let loading: Promise<Renderer> | undefined;
  const renderer = () => {
    loading ??= import("../client/entry-server");
    return loading;
  };
  // Signed out, a page is the same for everyone until a bike or category changes (the check
  // the API's read caches use, decision 7): rendered once, not for every visitor and crawler.
  // Its counters come with the first request's dependencies (metrics/metrics.ts).
  let counters: CacheCounters | undefined;
  const signedOutPages = new LRUCache<string, CachedPage>({
    max: 500,
    dispose: (_page, _key, reason) => {
      if (reason === "evict") counters?.evict();
    },
  });
  return async (c: Context<AppBindings>, template: string): Promise<RenderedHtml | null> => {
    // Read before rendering: a write while the page is rendered leaves it cached at the older version.
    if (!surelySignedOut(c)) return renderHtml(app, renderer, c, template);
    const version = await c.var.deps.dataVersion.read(SIGNED_OUT_PAGES);
    const url = new URL(c.req.url);
    const key = `${url.pathname}${url.search}`;
    const cached = signedOutPages.get(key);
    counters ??= c.var.deps.metrics.cache("pages");
    if (cached && cached.version === version && cached.template === template) {
      counters.hit();
      return cached.page;
    }
    counters.miss();
    const page = await renderHtml(app, renderer, c, template);
    // Asked again after the render: a page drawn for a session is never anyone else's.
    if (page && page.setCookies.length === 0 && surelySignedOut(c)) {
      signedOutPages.set(key, { template, version, page });
    }
    return page;
  };
}

/**
 * True only when the Cookie header carries no session cookie, read by the
 * session code's own parser (it trims names, so `session_token =` counts);
 * unknown (the cookie's name not learnt yet, several tokens) is not signed out.
 */
function surelySignedOut(c: Context<AppBindings>): boolean {
  const cookie = c.req.header("cookie");
  return cookie === undefined || c.var.deps.sessions.peek(cookie) === null;
}

async function renderHtml(
  app: Hono<AppBindings>,
  renderer: () => Promise<Renderer>,
  c: Context<AppBindings>,
  template: string,
): Promise<RenderedHtml | null> {
  const cookie = c.req.header("cookie");
  const setCookies: string[] = [];
  const send: ApiTransport = async (apiPath, init) => {
    const headers = new Headers(init.headers);
    if (cookie) headers.set("cookie", cookie);
    const request = new Request(new URL(apiPath, c.req.url), { ...init, headers });
    const response = await app.fetch(request, innerRequestBindings(c.env));
    setCookies.push(...response.headers.getSetCookie());
    return response;
  };
  try {
    const { renderPage, STATE_ELEMENT_ID } = await renderer();
    const page = await renderPage(c.req.url, send);
    if (!page) return null;
    const stateScript = `<script type="application/json" id="${STATE_ELEMENT_ID}">${page.state}</script>`;
    let html = template.replace(
      '<div id="root"></div>',
      // A function, so `$&` and the like in a bike's description stay text.
      () => `<div id="root">${page.html}</div>${stateScript}`,
    );
    if (page.title !== null) {
      const title = escapeHtml(page.title);
      html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
    }
    return { html, status: page.status, setCookies, encoded: {} };
  } catch (error) {
    c.var.deps.logger.warn(
      { requestId: c.var.requestId, err: error, path: c.req.path },
      "page render failed; sent the app shell",
    );
    return null;
  }
}

/**
 * The page is rendered already; its code only makes it interactive. So the
 * code is asked for once the page has been painted (public/after-paint.js),
 * and a slow connection spends itself first on the stylesheet and the first
 * screen's images. An app shell, which shows nothing without its code,
 * keeps asking for it at once. Made once per built page, not per request.
 */
export function withCodeAfterPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry?.[1]) return template;
  const preload: string[] = [];
  const html = template
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      preload.push(href);
      return "";
    })
    .replace(entry[0], () => {
      const code = scriptSafeJson({ entry: entry[1], preload });
      return `<script type="application/json" id="${CODE_ELEMENT_ID}">${code}</script><script type="module" src="/after-paint.js"></script>`;
    });
  return html;
}

/** Read by public/after-paint.js. */
const CODE_ELEMENT_ID = "reride-app-code";

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
