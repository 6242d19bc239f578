import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Every word any listing's `searchText` has held, so a search can turn
 * "duke" into the words that start with it ("duke", "dukes") and ask the
 * full-text index for those exact words (docs/decisions/0008-search-at-scale.md).
 * Both indexes answer a prefix by first gathering every match of it, 200,000
 * for "duke" at a million bikes; an exact word they can hand out a few at a
 * time. Words are added by triggers on every write of `searchText` and never
 * removed: a word no bike holds any more only costs a row and matches nothing.
 */
export function searchWordsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect === "postgres") await createPostgresWords(db);
      else await createSqliteWords(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists search_words on bikes`.execute(db);
        await sql`drop function if exists search_words_follow_bikes()`.execute(db);
      } else {
        for (const name of ["search_words_insert", "search_words_update"]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropTable("searchWords").execute();
    },
  };
}

// searchText is the app's words joined by single spaces (lib/search-text.ts):
// letters, digits and marks only, so it splits on ' ' and, on SQLite, reads
// as a JSON array once quoted (backslashes and quotes escaped all the same).
const sqliteWordsOf = (row: string) => {
  const text = sql.ref(`${row}.searchText`);
  return sql`select distinct value from json_each('["' || replace(replace(replace(${text}, '\\', '\\\\'), '"', '\\"'), ' ', '","') || '"]') where value <> ''`;
};

async function createSqliteWords(db: AnyDb) {
  // Byte order (BINARY), so a prefix is a range: word >= 'duke' and word < 'duke' || U+10FFFF.
  await sql`create table "searchWords" ("word" text primary key) without rowid`.execute(db);
  await sql`insert or ignore into "searchWords" ("word")
    select distinct words.value from bikes, json_each('["' || replace(replace(replace(bikes."searchText", '\\', '\\\\'), '"', '\\"'), ' ', '","') || '"]') as words
    where words.value <> ''`.execute(db);
  await sql`create trigger search_words_insert after insert on bikes begin
    insert or ignore into "searchWords" ("word") ${sqliteWordsOf("new")};
  end`.execute(db);
  await sql`create trigger search_words_update after update of "searchText" on bikes
    when old."searchText" <> new."searchText" begin
    insert or ignore into "searchWords" ("word") ${sqliteWordsOf("new")};
  end`.execute(db);
}

async function createPostgresWords(db: AnyDb) {
  // Collation "C": byte order, so a prefix is a range whatever the server's locale.
  await sql`create table "searchWords" ("word" text collate "C" primary key)`.execute(db);
  await sql`insert into "searchWords" ("word")
    select distinct word from bikes, unnest(string_to_array("searchText", ' ')) as word
    where word <> '' on conflict do nothing`.execute(db);
  // Sorted, so two listings bringing the same new words at once take them in one order.
  await sql`create function search_words_follow_bikes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old."searchText" = new."searchText" then return null; end if;
      insert into "searchWords" ("word")
        select distinct word from unnest(string_to_array(new."searchText", ' ')) as word
        where word <> '' order by word
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_words after insert or update of "searchText" on bikes
    for each row execute function search_words_follow_bikes()`.execute(db);
}
