import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { describeTotals, precompress } from "./scripts/precompress.mjs";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** .br and .gz beside each built text file, served by src/server/static-client.ts. */
function precompressBuild(): Plugin {
  let outDir = "";
  return {
    name: "reride:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      this.info(`precompressed ${describeTotals(precompress(outDir))}`);
    },
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
  plugins: [react(), tailwindcss(), precompressBuild()],
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
              name: "framework",
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
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
