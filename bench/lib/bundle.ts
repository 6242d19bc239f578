import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./processes";

/**
 * The client's weight per route, from scripts/bundle-budget.mjs (the same
 * check `npm test` runs), on a build that is current. Building empties
 * dist/client, which would break another engineer's browser journeys that
 * are running meanwhile: then the bench uses the build as it is, or skips.
 */

export interface BundleRow {
  route: string;
  path: string;
  files: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  jsBudgetGzip: number;
  cssBudgetGzip: number;
  pass: boolean;
}

/** Vite's warnings are for whoever builds; shown only when the build fails. */
function quietly(args: string[]) {
  try {
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: "pipe" });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`${args.join(" ")} failed:\n${stderr}`);
  }
}

function journeysRunning(): boolean {
  try {
    execFileSync("pgrep", ["-f", "vitest.e2e"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export function measureBundle(log: (line: string) => void): {
  rows: BundleRow[] | null;
  note?: string;
} {
  const manifest = path.join(ROOT, "dist/client/.vite/manifest.json");
  if (journeysRunning()) {
    log("Browser journeys are running: not rebuilding the client, using dist/client as it is.");
  } else {
    // Builds only when dist/client is missing or older than its sources.
    quietly([path.join(ROOT, "scripts/build-client-if-stale.mjs")]);
    if (!existsSync(manifest)) {
      // Built before build.manifest was on: build once more.
      quietly([path.join(ROOT, "node_modules/vite/bin/vite.js"), "build"]);
    }
  }
  if (!existsSync(manifest)) {
    return {
      rows: null,
      note: "Bundle sizes skipped: no dist/client/.vite/manifest.json (build the client).",
    };
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [path.join(ROOT, "scripts/bundle-budget.mjs"), "--json"], {
      cwd: ROOT,
      encoding: "utf8",
    });
  } catch (error) {
    // Exit code 1 means over budget; the JSON is still on stdout.
    out = (error as { stdout?: string }).stdout ?? "";
  }
  return { rows: JSON.parse(out) as BundleRow[] };
}
