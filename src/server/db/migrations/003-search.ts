import { type Kysely, sql } from "kysely";
import { searchColumns } from "../../catalog/search-text";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Search, filters and sorts (docs/decisions/0004-search.md).
 *
 * The app writes `searchText` (title, model name and location) and
 * `searchLocation` as lower-case, accent-free words; each database indexes
 * those words as they are, so both find the same bikes.
 */
export function searchMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("bikes")
        .addColumn("searchText", "text", (col) => col.notNull().defaultTo(""))
        .execute();
      await db.schema
        .alterTable("bikes")
        .addColumn("searchLocation", "text", (col) => col.notNull().defaultTo(""))
        .execute();
      await backfillSearchColumns(db);
      if (dialect === "postgres") await createPostgresSearch(db);
      else await createSqliteSearch(db);
      await createListingIndexes(db);
    },
    async down(db: AnyDb) {
      for (const name of LISTING_INDEXES) await db.schema.dropIndex(name).ifExists().execute();
      if (dialect === "postgres") {
        await db.schema.alterTable("bikes").dropColumn("searchVector").execute();
      } else {
        for (const name of ["bikes_fts_insert", "bikes_fts_delete", "bikes_fts_update"]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
        await sql`drop table if exists bikes_fts`.execute(db);
      }
      await db.schema.alterTable("bikes").dropColumn("searchLocation").execute();
      await db.schema.alterTable("bikes").dropColumn("searchText").execute();
      await db.schema
        .createIndex("bikes_category_status")
        .on("bikes")
        .columns(["categoryId", "status"])
        .execute();
    },
  };
}

/** Existing listings get their search words, a batch at a time (keyset on id). */
async function backfillSearchColumns(db: AnyDb) {
  let after = "";
  for (;;) {
    const rows: Array<{ id: string; title: string; name: string; location: string }> = await db
      .selectFrom("bikes")
      .select(["id", "title", "name", "location"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    for (const row of rows) {
      await db.updateTable("bikes").set(searchColumns(row)).where("id", "=", row.id).execute();
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

async function createPostgresSearch(db: AnyDb) {
  // A tsvector of the app's words exactly as written (array_to_tsvector), not
  // re-parsed by to_tsvector, whose idea of a word depends on the server's
  // locale: this way the lexemes are the very tokens SQLite's FTS5 indexes.
  await sql`alter table bikes add column "searchVector" tsvector generated always as
    (array_to_tsvector(array_remove(string_to_array("searchText", ' '), ''))) stored`.execute(db);
  await sql`create index bikes_search on bikes using gin ("searchVector")`.execute(db);
}

async function createSqliteSearch(db: AnyDb) {
  // External content: the words live once, in bikes.searchText; bikes_fts
  // holds only the index, keyed by the bikes rowid. The text arrives folded
  // and split by the app; `categories` keeps marks (Bengali vowel signs) as
  // parts of words, as the app's tokenizer does.
  await sql`create virtual table bikes_fts using fts5(
    "searchText",
    content = 'bikes',
    content_rowid = 'rowid',
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'"
  )`.execute(db);
  await sql`insert into bikes_fts(bikes_fts) values ('rebuild')`.execute(db);
  // Kept in step by the database, so no write path (nor a foreign-key
  // cascade from a deleted account) can leave the index behind.
  await sql`create trigger bikes_fts_insert after insert on bikes begin
    insert into bikes_fts(rowid, "searchText") values (new.rowid, new."searchText");
  end`.execute(db);
  await sql`create trigger bikes_fts_delete after delete on bikes begin
    insert into bikes_fts(bikes_fts, rowid, "searchText") values ('delete', old.rowid, old."searchText");
  end`.execute(db);
  await sql`create trigger bikes_fts_update after update of "searchText" on bikes
    when old."searchText" <> new."searchText" begin
    insert into bikes_fts(bikes_fts, rowid, "searchText") values ('delete', old.rowid, old."searchText");
    insert into bikes_fts(rowid, "searchText") values (new.rowid, new."searchText");
  end`.execute(db);
}

const LISTING_INDEXES = [
  "bikes_status_posted",
  "bikes_status_price",
  "bikes_category_status_posted",
  "bikes_category_status_price",
  "bikes_category_price",
];

/**
 * One index per list and sort, each ending in (sort key, id) so a keyset page
 * is a seek and a short scan however deep it is. Search lists available bikes
 * (status first); a category page lists every status (categoryId first).
 * A descending sort reads the same index backwards.
 */
async function createListingIndexes(db: AnyDb) {
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("bikes").columns(columns).execute();
  await index("bikes_status_posted", ["status", "postedAt", "id"]);
  await index("bikes_status_price", ["status", "resalePrice", "id"]);
  await index("bikes_category_status_posted", ["categoryId", "status", "postedAt", "id"]);
  await index("bikes_category_status_price", ["categoryId", "status", "resalePrice", "id"]);
  await index("bikes_category_price", ["categoryId", "resalePrice", "id"]);
  // Its columns lead bikes_category_status_posted, which serves the same queries.
  await db.schema.dropIndex("bikes_category_status").execute();
}
