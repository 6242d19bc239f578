import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import {
  COUNTS_AT_COMMIT,
  createVersionTriggers,
  dropVersionTriggers,
  type RowImage,
  type VersionKeys,
} from "./version-triggers";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * The versions that guard the read caches (cache/data-version.ts,
 * docs/decisions/0007-read-caches.md): one row per key, its number moved by
 * triggers in the transaction of every write that changes what the key
 * covers, whatever made the write. Tables no cached read reads (accounts,
 * verifications, rate limits, the mail outbox) have no triggers: their writes
 * evict nothing.
 */
export function dataVersionsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("dataVersions")
        // Byte order on PostgreSQL too, so a prefix is a range of the primary key's index
        // (cache/data-version.ts reads every `category:` key that way).
        .addColumn("key", dialect === "postgres" ? sql`text collate "C"` : "text", (col) =>
          col.primaryKey(),
        )
        .addColumn("version", dialect === "postgres" ? "bigint" : "integer", (col) => col.notNull())
        .execute();
      for (const spec of VERSIONED_TABLES)
        await createVersionTriggers(db, dialect, spec, "at write");
    },
    async down(db: AnyDb) {
      for (const spec of VERSIONED_TABLES) await dropVersionTriggers(db, dialect, spec);
      await db.schema.dropTable("dataVersions").execute();
    },
  };
}

const col = (row: RowImage, column: string) => sql.ref(`${row}.${column}`);
/** The list and page keys of the bike with this id, looked up (a photo's, a booking's bike). */
const bikeKeys = (bikeId: ReturnType<typeof col>) => sql`
  select 'bike:' || ${bikeId} as "key"
  union all select 'category:' || "categoryId" from bikes where id = ${bikeId}`;

export const VERSIONED_TABLES: VersionKeys[] = [
  {
    // Moving a bike to another category touches both (old and new rows).
    table: "bikes",
    name: "bikes",
    keys: (row) => sql`
      select 'bike:' || ${col(row, "id")} as "key"
      union all select 'category:' || ${col(row, "categoryId")}`,
  },
  { table: "bikePhotos", name: "bike_photos", keys: (row) => bikeKeys(col(row, "bikeId")) },
  {
    // A photo's size is read with it; every bike showing it changes.
    table: "uploads",
    name: "uploads",
    keys: (row) => sql`
      select 'bike:' || p."bikeId" as "key" from "bikePhotos" p where p."uploadId" = ${col(row, "id")}
      union all select 'category:' || b."categoryId" from "bikePhotos" p
        join bikes b on b.id = p."bikeId" where p."uploadId" = ${col(row, "id")}`,
  },
  {
    // A booking changes its bike's availability, and its buyer's own state (their booking, quotes).
    table: "bookings",
    name: "bookings",
    keys: (row) => sql`
      ${bikeKeys(col(row, "bikeId"))}
      union all select 'user:' || ${col(row, "buyerId")}`,
  },
  {
    table: "wishlist",
    name: "wishlist",
    keys: (row) => sql`select 'user:' || ${col(row, "userId")} as "key"`,
  },
  {
    table: "firstWishes",
    name: "first_wishes",
    keys: (row) => sql`select 'user:' || ${col(row, "userId")} as "key"`,
  },
  {
    // A seller's name and verified badge are on every card of theirs; a user's
    // row is also their sessions' answer. A deleted account's bikes, sessions,
    // bookings and wishlist go by cascade and bump through their own triggers.
    table: "users",
    name: "users",
    keys: (row) => sql`
      select 'user:' || ${col(row, "id")} as "key"
      union all select 'session:' || ${col(row, "id")}
      union all select 'bike:' || id from bikes where "sellerId" = ${col(row, "id")}
      union all select 'category:' || "categoryId" from bikes where "sellerId" = ${col(row, "id")}`,
  },
  {
    // Sign-in, refresh, sign-out: the user's sessions only, never a page.
    table: "sessions",
    name: "sessions",
    keys: (row) => sql`select 'session:' || ${col(row, "userId")} as "key"`,
  },
  {
    table: "categories",
    name: "categories",
    keys: (row) => sql`
      select 'category:' || ${col(row, "id")} as "key"
      union all select 'prices:' || ${col(row, "id")}`,
  },
  {
    table: "priceStats",
    name: "price_stats",
    keys: (row) => sql`select 'prices:' || ${col(row, "categoryId")} as "key"`,
  },
  {
    table: "categoryCounts",
    name: "category_counts",
    keys: (row) => sql`select 'category:' || ${col(row, "categoryId")} as "key"`,
    // Written at commit from the bikes' changes (PostgreSQL, 026), whose own rows
    // already noted these keys: those writes note nothing more (029).
    quietWhile: COUNTS_AT_COMMIT,
  },
  { table: "searchWords", name: "search_words", keys: () => sql`select 'search' as "key"` },
];
