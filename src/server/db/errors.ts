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
