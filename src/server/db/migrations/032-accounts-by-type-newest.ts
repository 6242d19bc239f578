import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Read by the administrators' All sellers and All buyers pages (features/users/users.queries.ts). */
export const ACCOUNTS_BY_TYPE_INDEX = "users_account_type_created";

/**
 * The administrators' lists of sellers and of buyers, newest first, a page at
 * a time (GET /api/users): without an index each page read and sorted every
 * account of the type, a list that grows with every sign-up. Keyed
 * (accountType, createdAt), a page is the next entries in order.
 */
export function accountsByTypeNewestMigration() {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex(ACCOUNTS_BY_TYPE_INDEX)
        .on("users")
        .columns(["accountType", "createdAt"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex(ACCOUNTS_BY_TYPE_INDEX).execute();
    },
  };
}
