import { execFileSync } from "node:child_process";
import { chromiumPath } from "./machine";

/**
 * wrk and Chromium come from Debian. A fresh machine lacks them: install
 * them with apt-get (root, or sudo without a password), once.
 */

function has(command: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

let updated = false;

function aptInstall(pkg: string, log: (line: string) => void) {
  const root = process.getuid?.() === 0;
  const prefix = root ? [] : ["sudo", "-n"];
  const apt = (args: string[]) => {
    const [command, ...rest] = [...prefix, "apt-get", ...args];
    execFileSync(command ?? "apt-get", rest, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  };
  log(`Installing ${pkg} with apt-get…`);
  if (!updated) {
    apt(["update"]);
    updated = true;
  }
  apt(["install", "-y", "--no-install-recommends", pkg]);
}

export function ensureWrk(log: (line: string) => void) {
  if (!has("wrk")) aptInstall("wrk", log);
  if (!has("wrk")) throw new Error("wrk is not installed and apt-get could not install it");
}

/** Chromium's path, installing it when missing; null (Lighthouse skipped) when that fails. */
export function ensureChromium(log: (line: string) => void): string | null {
  if (!chromiumPath()) {
    try {
      aptInstall("chromium", log);
    } catch (error) {
      log(`Could not install Chromium: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return chromiumPath();
}
