import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/** As the app does at start (main.ts): a .env in the working directory, real variables win. */
export function loadDotEnv(file = ".env") {
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}
