import { existsSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { AppBindings } from "./context";

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
