// Builds the web app when dist/client is missing or older than its sources,
// so `npm start` on a fresh clone serves a current client without a manual build.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "dist/client/index.html");
const sources = [
  "src/client",
  "src/shared",
  "public",
  "vite.config.ts",
  // The build's own steps: precompressed copies and each route's preloads.
  "scripts/precompress.mjs",
  "scripts/first-visit.mjs",
  "package-lock.json",
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt >= sourcesAt) process.exit(0);

process.stdout.write("Building the web app…\n");
execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build"], {
  cwd: root,
  stdio: "inherit",
});
