import { existsSync } from "node:fs";

/** As the app does at start (main.ts): a .env in the working directory, real variables win. */
export function loadDotEnv(file = ".env") {
  if (existsSync(file)) process.loadEnvFile(file);
}
