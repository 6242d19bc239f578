import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { AppError } from "../errors";

/** A page's place in a list ordered by time then id: the last row's pair, opaque to clients. */
export interface TimeCursor {
  at: string;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** Undefined for no cursor; 400 for one that isn't ours. */
export function decodeTimeCursor(raw: string | undefined): TimeCursor | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    !Number.isNaN(Date.parse(value[0])) &&
    typeof value[1] === "string"
  ) {
    return { at: new Date(value[0]).toISOString(), id: value[1] };
  }
  throw new AppError("VALIDATION_FAILED", "The page cursor is not valid.", {
    cursor: "Invalid cursor",
  });
}

/**
 * What comes after `cursor` in a list ordered newest first by (time, id):
 * rows older than it, or as old with a smaller id, so rows of the same
 * instant are each listed once across pages. Columns as `table.column`.
 */
export function olderThan(
  cursor: TimeCursor,
  columns: { time: string; id: string },
): Expression<SqlBool> {
  const time = sql.ref(columns.time);
  return sql<SqlBool>`(${time} < ${cursor.at} or (${time} = ${cursor.at} and ${sql.ref(columns.id)} < ${cursor.id}))`;
}

/**
 * One page's statement of a list newest first by (time, id): the rows after
 * `after` when given, in that order, one more than `limit` so `pageOf` can
 * tell whether another page follows. The cursor's columns and the order's
 * are the same by construction, which a keyset needs: rows are neither
 * skipped nor repeated across pages only if the cursor compares what the
 * list is sorted by. Columns as `table.column`, as `olderThan` takes them.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { time: string; id: string },
  after: TimeCursor | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const from = after ? query.where(olderThan(after, columns)) : query;
  return from
    .orderBy(sql.ref(columns.time), "desc")
    .orderBy(sql.ref(columns.id), "desc")
    .limit(limit + 1);
}

/**
 * A page from rows read with a limit one more than `limit`: the first
 * `limit` as its items, and the last one's cursor when there are more.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  cursorOf: (item: T) => TimeCursor,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last ? encodeTimeCursor(cursorOf(last)) : null;
  return { items, nextCursor };
}
