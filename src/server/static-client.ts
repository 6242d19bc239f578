import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { AppBindings } from "./context";
import { preferredEncoding } from "./lib/content-encoding";

export const CLIENT_DIR = path.resolve("dist/client");

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const ONE_HOUR = "public, max-age=3600";

/**
 * The built React app. The build writes a .br and a .gz beside each text
 * file (scripts/precompress.mjs); each request gets the one its
 * Accept-Encoding allows, else the plain file. Hashed assets are cached for
 * a year, index.html is revalidated on every visit (it names the current
 * assets), other files for an hour; any path that is not a file gets
 * index.html so the client router can answer it (including its not-found
 * page). A missing asset is a 404: an HTML page in place of a script only
 * hides the problem.
 */
export function mountClient(app: Hono<AppBindings>, clientDir = CLIENT_DIR) {
  const root = path.relative(process.cwd(), clientDir) || ".";
  const indexFile = path.join(root, "index.html");
  const cacheFor = (cacheControl: (file: string) => string) => (file: string, c: Context) => {
    c.header("Cache-Control", cacheControl(file));
    // Serving the plain file to a browser that can't decode the compressed one still
    // depends on Accept-Encoding: say so, so no cache hands that answer to the others.
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
  const firstVisit = firstVisitPages(clientDir);
  app.get("*", (c, next) => {
    const page = firstVisit(c.req.path);
    if (!page) return next();
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Cache-Control", REVALIDATE);
    c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    return c.body(new Uint8Array(page[encoding ?? "identity"]));
  });
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: cacheFor((file) => (isIndexHtml(file) ? REVALIDATE : ONE_HOUR)),
    }),
  );
  const serveIndex = serveStatic({
    path: indexFile,
    precompressed: true,
    onFound: cacheFor(() => REVALIDATE),
  });
  app.get("*", async (c, next) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built yet: run `npm run build`.", 503);
    }
    return serveIndex(c, next);
  });
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

type Page = Record<"identity" | "br" | "gzip", Buffer>;

/**
 * index.html for a first visit to a known route, naming that route's own
 * chunks (and its first screen's images) up front, from the build's
 * .vite/first-visit.json: the browser fetches them beside the entry instead
 * of after running it. Rebuilt when the build changes under a running server.
 */
function firstVisitPages(clientDir: string): (urlPath: string) => Page | null {
  const indexFile = path.join(clientDir, "index.html");
  const routesFile = path.join(clientDir, ".vite/first-visit.json");
  let builtAt = "";
  let pages: Array<{ pattern: RegExp; page: Page }> = [];
  return (urlPath) => {
    if (!existsSync(indexFile) || !existsSync(routesFile)) return null;
    const stamp = `${statSync(indexFile).mtimeMs}:${statSync(routesFile).mtimeMs}`;
    if (stamp !== builtAt) {
      const html = readFileSync(indexFile, "utf8");
      const routes = JSON.parse(readFileSync(routesFile, "utf8")) as RoutePreloads[];
      pages = routes.map((route) => ({
        pattern: routePattern(route.path),
        page: compressed(withPreloads(html, route)),
      }));
      builtAt = stamp;
    }
    return pages.find(({ pattern }) => pattern.test(urlPath))?.page ?? null;
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

function compressed(html: string): Page {
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
}
