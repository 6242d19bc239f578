import { type SelectQueryBuilder, type SqlBool, type StringReference, sql } from "kysely";
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
 * One page's statement of a list newest first by (time, id): after `after`
 * when given, in that order, one more than `limit` so `pageOf` can tell
 * whether another page follows. "After" is older, or as old with a smaller
 * id, so rows of the same instant are each listed once across pages. The
 * cursor compares the columns the list is sorted by, as a keyset must, and
 * they are checked against the query's tables.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { time: StringReference<DB, TB>; id: StringReference<DB, TB> },
  after: TimeCursor | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const time = sql.ref(columns.time);
  const id = sql.ref(columns.id);
  const from = after
    ? query.where(
        sql<SqlBool>`(${time} < ${after.at} or (${time} = ${after.at} and ${id} < ${after.id}))`,
      )
    : query;
  return from
    .orderBy(time, "desc")
    .orderBy(id, "desc")
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
