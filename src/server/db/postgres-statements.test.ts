import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPostgresTestDatabase, testServerUrl } from "#tests/support/test-database";
import type { DatabaseHandle } from "./database";
import { StatementNames } from "./postgres-statements";

// PostgreSQL keeps one prepared statement per connection and SQL text
// (postgres-statements.ts). Keeping it must never change an answer or fail
// a query that ran before: not after a table's columns changed under it,
// and not for a text that holds several statements.
describe.skipIf(!testServerUrl())("PostgreSQL statements prepared once per connection", () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestDatabase>> | undefined;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    opened = await openPostgresTestDatabase();
    handle = opened.handle;
    await sql`create table notes (id serial primary key, body text not null)`.execute(handle.db);
    await sql`insert into notes (body) values ('kept')`.execute(handle.db);
  });
  afterAll(async () => {
    await opened?.close();
  });

  const readNotes = (db = handle.db) =>
    db
      .selectFrom("notes" as never)
      .selectAll()
      .where("id" as never, ">", 0 as never)
      .execute();

  test("a query's text is parsed once on a connection and then run by name", async () => {
    const prepared = await handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 3; n++) expect(await readNotes(trx)).toEqual([{ id: 1, body: "kept" }]);
      const { rows } = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.map((row) => row.statement);
    });
    expect(prepared.filter((text) => text.startsWith('select * from "notes"'))).toHaveLength(1);
  });

  test("a kept `select *` answers with a column added after it was prepared", async () => {
    // One connection at a time: the pool hands back the one just released.
    for (let n = 0; n < 3; n++) expect(await readNotes()).toEqual([{ id: 1, body: "kept" }]);
    await sql`alter table notes add column pinned boolean not null default false`.execute(
      handle.db,
    );
    expect(await readNotes()).toEqual([{ id: 1, body: "kept", pinned: false }]);
  });

  test("inside a transaction the changed columns fail that transaction once, then the text works again", async () => {
    const inTransaction = () => handle.db.transaction().execute((trx) => readNotes(trx));
    expect(await inTransaction()).toHaveLength(1);
    await sql`alter table notes add column starred boolean not null default false`.execute(
      handle.db,
    );
    await expect(inTransaction()).rejects.toThrow(/cached plan must not change result type/);
    expect(await inTransaction()).toEqual([{ id: 1, body: "kept", pinned: false, starred: false }]);
  });

  test("a text without parameters is run by name too, unless it may hold several statements", async () => {
    const prepared = await handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 3; n++) {
        await sql.raw(`select count(*)::int as "literal" from notes where id > 0`).execute(trx);
      }
      await sql.raw(`select 1 as "semicolon"; select 2`).execute(trx);
      const { rows } = await sql<{
        statement: string;
        generic: number;
      }>`select statement, generic_plans::int as generic from pg_prepared_statements`.execute(trx);
      return rows;
    });
    const literal = prepared.filter((row) => row.statement.includes('"literal"'));
    expect(literal).toHaveLength(1);
    // Nothing bound: the plan made once is kept for every later call.
    expect(literal[0]?.generic).toBeGreaterThan(0);
    expect(prepared.filter((row) => row.statement.includes('"semicolon"'))).toEqual([]);
  });

  test("a text of several statements without parameters still runs", async () => {
    await sql
      .raw("insert into notes (body) values ('a'); insert into notes (body) values ('b')")
      .execute(handle.db);
    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from notes where body in (${"a"}, ${"b"})`.execute(handle.db);
    expect(rows).toEqual([{ count: 2 }]);
  });
});

describe("statement names", () => {
  test("only statements PostgreSQL can prepare are named, and only the first thousand texts", () => {
    const names = new StatementNames();
    expect(names.of("begin")).toBeNull();
    expect(names.of("set lock_timeout = '5s'")).toBeNull();
    const first = names.of("select 0 where $1");
    expect(first).not.toBeNull();
    expect(names.of("select 0 where $1")).toBe(first);
    for (let n = 1; n < 1000; n++) expect(names.of(`select ${n} where $1`)).not.toBeNull();
    expect(names.of("select 1000 where $1")).toBeNull();
    // A text that was named keeps its name, and a renewed one gets a new one.
    expect(names.of("select 0 where $1")).toBe(first);
    const renewed = names.renew("select 0 where $1");
    expect(renewed).not.toBe(first);
    expect(names.of("select 0 where $1")).toBe(renewed);
  });
});
