import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import {
  SAVED_SEARCHES_MAX,
  type SavedQuery,
  type SavedSearch,
} from "#src/shared/schemas/saved-searches";
import type { SearchQuery } from "#src/shared/schemas/search";
import { type AppDb, type Dialect, toIso } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { type SavedSearchesTable, withSavedSearchTables } from "./saved-search-tables";

/** The filters and the sort of a search; the page (cursor, size) is not part of it. */
export function savedQueryOf({
  cursor: _cursor,
  limit: _limit,
  ...query
}: SearchQuery): SavedQuery {
  return query;
}

export function toSavedSearch(
  row: Pick<
    SavedSearchesTable,
    "id" | "name" | "query" | "createdAt" | "matchCount" | "lastMatchedAt"
  >,
): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: JSON.parse(row.query) as SavedQuery,
    createdAt: toIso(row.createdAt),
    matchCount: Number(row.matchCount),
    lastMatchedAt: row.lastMatchedAt === null ? null : toIso(row.lastMatchedAt),
  };
}

const COLUMNS = ["id", "name", "query", "createdAt", "matchCount", "lastMatchedAt"] as const;

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: AppDb, userId: string): Promise<SavedSearch[]> {
  const rows = await withSavedSearchTables(db)
    .selectFrom("savedSearches")
    .select(COLUMNS)
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toSavedSearch);
}

/**
 * Saves a search, unless the user already keeps SAVED_SEARCHES_MAX (409).
 * On PostgreSQL the user's row is locked first, so two saves at once can't
 * both pass the count; SQLite runs one write transaction at a time.
 */
export async function createSavedSearch(
  db: AppDb,
  dialect: Dialect,
  userId: string,
  input: { name?: string | undefined; query: SavedQuery },
  now = new Date(),
): Promise<SavedSearch> {
  return inTransaction(db, async (trx) => {
    const tables = withSavedSearchTables(trx);
    if (dialect === "postgres") {
      await sql`select 1 from users where id = ${userId} for update`.execute(trx);
    }
    const { count } = await tables
      .selectFrom("savedSearches")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= SAVED_SEARCHES_MAX) {
      throw new AppError(
        "CONFLICT",
        `You already keep ${SAVED_SEARCHES_MAX} saved searches, the most there can be. Delete one to save this search.`,
      );
    }
    const row = {
      id: randomUUID(),
      userId,
      name: input.name ?? null,
      query: JSON.stringify(input.query),
      categoryId: input.query.categoryId ?? null,
      minPrice: input.query.minPrice ?? null,
      maxPrice: input.query.maxPrice ?? null,
      createdAt: now.toISOString(),
      matchCount: 0,
      lastMatchedAt: null,
      lastEmailedAt: null,
    };
    await tables.insertInto("savedSearches").values(row).execute();
    return toSavedSearch(row);
  });
}

/** Deletes one of the user's own searches; false when they have none by that id. */
export async function deleteSavedSearch(db: AppDb, userId: string, id: string): Promise<boolean> {
  const result = await withSavedSearchTables(db)
    .deleteFrom("savedSearches")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
