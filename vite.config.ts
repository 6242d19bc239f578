import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { routePreloads } from "./scripts/first-visit.mjs";
import { describeTotals, precompress } from "./scripts/precompress.mjs";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * After the build, for src/server/static-client.ts: .vite/first-visit.json
 * (each route's own chunks, which its HTML can preload) and a .br and .gz
 * beside each built text file.
 */
function serverReadyBuild(): Plugin {
  let outDir = "";
  return {
    name: "reride:server-ready-build",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const viteDir = path.join(outDir, ".vite");
      const manifest = JSON.parse(readFileSync(path.join(viteDir, "manifest.json"), "utf8"));
      const routes = routePreloads(manifest);
      writeFileSync(path.join(viteDir, "first-visit.json"), `${JSON.stringify(routes, null, 2)}\n`);
      this.info(`precompressed ${describeTotals(precompress(outDir))}`);
    },
  };
}

/**
 * react-router 7's package exports name only its development build, whatever
 * the mode (remix-run/react-router#12532, #14102: meant to be temporary), so a
 * production bundle carried its development warnings: code every visitor
 * downloads and warnings in their console. The build takes the production
 * files the package ships beside them; `vite` in development keeps the warnings.
 * react-router 8 chooses by mode itself (and names its files differently):
 * this plugin goes with the upgrade.
 */
function reactRouterProductionFiles(): Plugin {
  const packageDir = path.dirname(
    createRequire(import.meta.url).resolve("react-router/package.json"),
  );
  const production = (file: string) => path.join(packageDir, "dist/production", file);
  return {
    name: "reride:react-router-production-files",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production("index.mjs") },
          { find: /^react-router\/dom$/, replacement: production("dom-export.mjs") },
        ],
      },
    }),
  };
}

/**
 * The client lives in src/client; the server serves the build from
 * dist/client at the repository root, and in development Vite forwards /api
 * to the server so cookies stay first-party.
 */
export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./public"),
  plugins: [react(), tailwindcss(), reactRouterProductionFiles(), serverReadyBuild()],
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks and CSS each route pulls in (scripts/bundle-budget.mjs).
    manifest: true,
    // Keep the budget honest: a chunk past this is worth a look (the framework is ~350 kB).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs, as one file instead of four: fewer requests on a
              // first visit, and it stays cached across deploys that change only the app.
              // TanStack's infinite lists are left to the list pages that use them, out of
              // the home page's first download (its 120 kB budget).
              name: "framework",
              test: (id: string) =>
                /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(
                  id,
                ) &&
                !/[\\/](?:useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/.test(
                  id,
                ),
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
