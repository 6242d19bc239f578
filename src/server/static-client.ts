import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppBindings } from "./context";

export const CLIENT_DIR = path.resolve("dist/client");

/**
 * The built React app: hashed assets are cached for a year, everything else
 * revalidates, and any path that is not a file gets index.html so the
 * client router can answer it (including its not-found page).
 */
export function mountClient(app: Hono<AppBindings>, clientDir = CLIENT_DIR) {
  const indexFile = path.join(clientDir, "index.html");
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  app.get("*", (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built yet: run `npm run build`.", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(readFileSync(indexFile, "utf8"));
  });
}
