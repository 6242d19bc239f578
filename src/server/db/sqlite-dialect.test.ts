import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { AppSqliteDialect } from "./sqlite-dialect";

// Outside a transaction, a write waits for SQLite's write lock without
// blocking the process (LockWaiter), which costs two `pragma busy_timeout`
// statements around it. A read needs no lock in WAL mode and must not pay
// them: raw SQL (`sql\`select …\``) included, which the driver once took
// for a write because only a built select counted as a read.
/** A database of untyped tables: the tests make their own. */
type NotesDb = Kysely<Record<string, never>>;

describe("which statements wait for SQLite's write lock", () => {
  let db: NotesDb | undefined;
  afterEach(() => db?.destroy());

  /** A database whose every statement run is noted, with a `notes` table. */
  async function withStatementLog() {
    const ran: string[] = [];
    const sqlite = new SQLite(":memory:", { verbose: (text) => ran.push(String(text)) });
    db = new Kysely<Record<string, never>>({ dialect: new AppSqliteDialect(sqlite) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (body) values ('first')`.execute(db);
    ran.length = 0;
    return { db, ran };
  }

  const waitedForTheLock = (ran: string[]) => ran.some((text) => text.includes("busy_timeout"));

  test.each([
    [
      "a built select",
      (db: NotesDb) =>
        db
          .selectFrom("notes" as never)
          .selectAll()
          .execute(),
    ],
    ["a raw select", (db: NotesDb) => sql`select body from notes`.execute(db)],
    [
      "a raw with … select",
      (db: NotesDb) =>
        sql`with firsts as (select body from notes where id = 1) select body from firsts`.execute(
          db,
        ),
    ],
    [
      "a raw select after comments",
      (db: NotesDb) =>
        sql`-- the first note
          /* a block comment,
             over two lines */ select body from notes`.execute(db),
    ],
  ])("%s runs on its own", async (_kind, read) => {
    const { db, ran } = await withStatementLog();
    const rows = await read(db);
    expect(rows).toBeTruthy();
    expect(waitedForTheLock(ran)).toBe(false);
    expect(ran).toHaveLength(1);
  });

  test.each([
    ["a raw insert", (db: NotesDb) => sql`insert into notes (body) values ('second')`.execute(db)],
    [
      "a raw with … insert",
      (db: NotesDb) =>
        sql`with new_notes as (select 'second' as body) insert into notes (body) select body from new_notes`.execute(
          db,
        ),
    ],
    [
      "a built update",
      (db: NotesDb) =>
        db
          .updateTable("notes" as never)
          .set({ body: "changed" } as never)
          .execute(),
    ],
    [
      "a raw insert after a comment",
      (db: NotesDb) =>
        sql`-- select nothing
        insert into notes (body) values ('second')`.execute(db),
    ],
    [
      "a raw delete after a comment that looks like a select",
      (db: NotesDb) => sql`/* select */ delete from notes`.execute(db),
    ],
  ])("%s waits for the write lock", async (_kind, write) => {
    const { db, ran } = await withStatementLog();
    await write(db);
    expect(waitedForTheLock(ran)).toBe(true);
  });

  test("SQL that doesn't prepare is reported by SQLite, not hidden by the check", async () => {
    const { db } = await withStatementLog();
    await expect(sql`select body from no_such_table`.execute(db)).rejects.toThrow(/no such table/);
  });
});
