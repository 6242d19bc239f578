import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { AppBindings } from "./context";
import { type ContentEncoding, compress, preferredEncoding } from "./lib/content-encoding";
import { pageRenderer, type RenderedHtml, withCodeAfterPaint } from "./server-render";

export const CLIENT_DIR = path.resolve("dist/client");

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const ONE_HOUR = "public, max-age=3600";

export interface ClientOptions {
  /** The built client (dist/client). */
  clientDir?: string;
  /** Render pages to HTML on the server (server-render.ts); off, every page is the app shell. */
  renderPages?: boolean;
}

/**
 * The built React app. The build writes a .br and a .gz beside each text
 * file (scripts/precompress.mjs); each request gets the one its
 * Accept-Encoding allows, else the plain file. Hashed assets are cached for
 * a year, other files for an hour. Any path that is not a file is a page of
 * the app: rendered on the server where it can be (server-render.ts), else
 * index.html, revalidated on every visit (it names the current assets), for
 * the client router to render. A missing asset is a 404: an HTML page in place
 * of a script only hides the problem.
 */
export function mountClient(
  app: Hono<AppBindings>,
  { clientDir = CLIENT_DIR, renderPages = true }: ClientOptions = {},
) {
  const root = path.relative(process.cwd(), clientDir) || ".";
  const cacheFor = (cacheControl: (file: string) => string) => (file: string, c: Context) => {
    c.header("Cache-Control", cacheControl(file));
    // Serving the plain file to a browser that can't decode the compressed one still
    // depends on Accept-Encoding: say so, so no cache hands that response to the others.
    if (!c.res.headers.has("Vary") && !c.res.headers.has("Content-Encoding")) {
      if (existsSync(`${file}.gz`) || existsSync(`${file}.br`)) {
        c.header("Vary", "Accept-Encoding");
      }
    }
  };

  app.use(
    "/assets/*",
    serveStatic({ root, precompressed: true, onFound: cacheFor(() => IMMUTABLE) }),
  );
  app.get("/assets/*", (c) => c.text("No such file.", 404));
  const templates = pageTemplates(clientDir);
  const renderer = renderPages ? pageRenderer(app) : null;
  const sendPage = async (c: Context<AppBindings>, template: PageTemplate) => {
    const rendered =
      renderer && c.req.method === "GET" ? await renderer(c, template.forServerRender) : null;
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    if (!rendered) {
      c.header("Cache-Control", REVALIDATE);
      return c.body(new Uint8Array(template.compressed[encoding ?? "identity"]));
    }
    // The page holds the visitor's own data: no cache keeps it.
    c.header("Cache-Control", "no-store");
    for (const cookie of rendered.setCookies) c.header("Set-Cookie", cookie, { append: true });
    return c.body(new Uint8Array(renderedBytes(rendered, encoding)), rendered.status as 200);
  };

  app.get("*", (c, next) => {
    // "/" too, or serveStatic would respond to it with index.html as a file.
    const template =
      templates.forRoute(c.req.path) ?? (c.req.path === "/" ? templates.index() : null);
    return template ? sendPage(c, template) : next();
  });
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: cacheFor((file) => (isIndexHtml(file) ? REVALIDATE : ONE_HOUR)),
    }),
  );
  app.get("*", (c) => {
    const template = templates.index();
    if (!template) return c.text("The web app is not built yet: run `npm run build`.", 503);
    return sendPage(c, template);
  });
}

/** A page cached for signed-out visitors is compressed once per encoding (server-render.ts). */
function renderedBytes(rendered: RenderedHtml, encoding: ContentEncoding | null): Buffer {
  if (!encoding) return Buffer.from(rendered.html);
  const bytes = rendered.encoded[encoding] ?? compress(Buffer.from(rendered.html), encoding);
  rendered.encoded[encoding] = bytes;
  return bytes;
}

function isIndexHtml(file: string): boolean {
  return /(?:^|[/\\])index\.html(?:\.br|\.gz)?$/.test(file);
}

interface RoutePreloads {
  path: string;
  scripts: string[];
  styles: string[];
  images: string[];
}

type Compressed = Record<"identity" | "br" | "gzip", Buffer>;

/** A built page (index.html, with a known route's preloads), made once per build. */
interface PageTemplate {
  /** For the server to render into: the app's code asked for after the first paint. */
  forServerRender: string;
  /** As built, for the browser to render itself: plain, brotli and gzip. */
  compressed: Compressed;
}

/**
 * index.html, and for a first visit to a known route a copy naming that
 * route's own chunks (and its first screen's images) up front, from the
 * build's .vite/first-visit.json: the browser fetches them beside the entry
 * instead of after running it. Rebuilt when the build changes under a
 * running server.
 */
function pageTemplates(clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  const routesFile = path.join(clientDir, ".vite/first-visit.json");
  let builtAt = "";
  let index: PageTemplate | null = null;
  let routes: Array<{ pattern: RegExp; template: PageTemplate }> = [];
  const refresh = () => {
    if (!existsSync(indexFile)) {
      index = null;
      routes = [];
      builtAt = "";
      return;
    }
    const stamp = [indexFile, routesFile]
      .map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0))
      .join(":");
    if (stamp === builtAt) return;
    const html = readFileSync(indexFile, "utf8");
    index = template(html);
    const preloads = existsSync(routesFile)
      ? (JSON.parse(readFileSync(routesFile, "utf8")) as RoutePreloads[])
      : [];
    routes = preloads.map((route) => ({
      pattern: routePattern(route.path),
      template: template(withPreloads(html, route)),
    }));
    builtAt = stamp;
  };
  return {
    forRoute(urlPath: string): PageTemplate | null {
      refresh();
      return routes.find(({ pattern }) => pattern.test(urlPath))?.template ?? null;
    },
    index(): PageTemplate | null {
      refresh();
      return index;
    },
  };
}

function template(html: string): PageTemplate {
  const identity = Buffer.from(html);
  return {
    forServerRender: withCodeAfterPaint(html),
    compressed: {
      identity,
      br: brotliCompressSync(identity),
      gzip: gzipSync(identity, { level: 9 }),
    },
  };
}

/** react-router's matching: case-insensitive, `:name` is one segment, a trailing slash is fine. */
function routePattern(routePath: string): RegExp {
  const segments = routePath
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return new RegExp(`^/${segments.join("/")}/?$`, "i");
}

function withPreloads(html: string, route: RoutePreloads): string {
  const links = [
    ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...route.images.map(
      (href) => `<link rel="preload" as="image" fetchpriority="high" href="${href}">`,
    ),
  ];
  return html.replace("</head>", `${links.map((link) => `  ${link}\n`).join("")}</head>`);
}
