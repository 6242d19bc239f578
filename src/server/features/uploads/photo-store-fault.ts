import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { PhotoStoreUnavailableError } from "./s3-photo-storage";

const QUIET_MS = 10_000;
let lastLogged = 0;

/**
 * The answer for a request that failed because the photo store can't be
 * reached (s3-photo-storage.ts), or null for any other error. As with the
 * database (db/fault-answer.ts), an outage fails every photo request at
 * once: the first is logged, the rest for the next 10 s are not.
 */
export function photoStoreFaultError(error: unknown, logger: Logger): AppError | null {
  if (!(error instanceof PhotoStoreUnavailableError)) return null;
  const now = Date.now();
  if (now - lastLogged > QUIET_MS) {
    lastLogged = now;
    logger.error({ err: error }, "a request failed: the photo store is unavailable");
  }
  return new AppError(
    "SERVICE_UNAVAILABLE",
    "Photos can't be saved or shown right now. Please try again in a moment.",
  );
}
