/** True when a write broke a unique constraint, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: unique_violation; better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === "23505" ||
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

/**
 * True when PostgreSQL aborted a transaction to break a deadlock (40P01) or a
 * serialization conflict (40001). The whole transaction was rolled back, so
 * running it again is safe and is what PostgreSQL's manual prescribes.
 */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === "40P01" || code === "40001";
}

// PostgreSQL SQLSTATE classes and codes that mean "the server went away or
// refuses connections", not "this query is wrong": 08 connection exception,
// 57P01–57P03 admin shutdown, crash shutdown, cannot connect now.
const POSTGRES_GONE = /^(08...|57P0[123])$/;
const SOCKET_GONE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// pg's own words when a connection dies or can't be had in time (no code on these).
const PG_CONNECTION_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;
// better-sqlite3: the disk is full; the file or its folder can't be written;
// or another process held the write lock for all of busy_timeout.
const SQLITE_FULL = new Set(["SQLITE_FULL"]);
const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|CANTOPEN|IOERR|BUSY)/;

/**
 * What a failed query says about the database itself: `unavailable` (it
 * can't be reached or written right now: answer 503 and let the client try
 * again), `full` (SQLite's disk is full: 507), or null (an ordinary error).
 * Looks through the `cause` chain: libraries wrap the driver's error.
 */
export function databaseFault(error: unknown): "unavailable" | "full" | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return null;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (SQLITE_FULL.has(code)) return "full";
      if (POSTGRES_GONE.test(code) || SOCKET_GONE.has(code) || SQLITE_UNAVAILABLE.test(code))
        return "unavailable";
    }
    if (typeof message === "string" && PG_CONNECTION_MESSAGE.test(message)) return "unavailable";
    if (current instanceof AggregateError && current.errors.length > 0) {
      current = current.errors[0];
      continue;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
