import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The client lives in src/client; the server serves the build from
 * dist/client at the repository root, and in development Vite forwards /api
 * to the server so cookies stay first-party.
 */
export default defineConfig({
  root: fromRoot("./src/client"),
  publicDir: fromRoot("./public"),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks and CSS each route pulls in (scripts/bundle-budget.mjs).
    manifest: true,
    // Keep the budget honest: a chunk past this is worth a look.
    chunkSizeWarningLimit: 300,
  },
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
