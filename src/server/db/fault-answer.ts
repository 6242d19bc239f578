import { AppError } from "../errors";
import type { Logger } from "../logger";
import { databaseFault } from "./errors";

/** Seconds a client is asked to wait before trying again; recovery takes about this long. */
export const RETRY_AFTER_SECONDS = 5;
const QUIET_MS = 10_000;

/**
 * The answer for a request that failed because the database can't be reached
 * or written (db/errors.ts), or null for any other error. An outage fails
 * every request at once: the first is logged, the rest for the next 10 s are
 * not (the pool logs the outage itself, db/database.ts).
 */
export function databaseFaultError(error: unknown, logger: Logger): AppError | null {
  const fault = databaseFault(error);
  if (!fault) return null;
  const now = Date.now();
  if (now - lastLogged > QUIET_MS) {
    lastLogged = now;
    logger.error({ err: error, fault }, "a request failed: the database is unavailable");
  }
  return fault === "full"
    ? new AppError(
        "INSUFFICIENT_STORAGE",
        "ReRide's disk is full, so nothing can be saved right now. Please try again later.",
      )
    : new AppError(
        "SERVICE_UNAVAILABLE",
        "ReRide can't reach its database right now. Please try again in a moment.",
      );
}

let lastLogged = 0;
