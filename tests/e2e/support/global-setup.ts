import { existsSync } from "node:fs";
import path from "node:path";
import { chromiumPath } from "./browser";

/** Fails the run at once, with the fix, when the journeys cannot possibly work. */
export default function setup() {
  const index = path.resolve("dist/client/index.html");
  if (!existsSync(index)) {
    throw new Error(
      `The browser journeys need the built client, but ${index} is missing: run npm run build first.`,
    );
  }
  if (!existsSync(chromiumPath())) {
    throw new Error(
      `Chromium not found at ${chromiumPath()}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
}
