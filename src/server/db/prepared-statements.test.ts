import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database";

// SQLite keeps one prepared statement per SQL text (sqlite-statement-cache.ts). Reusing it
// must never change an answer: not after the schema changed under it, not
// after a streamed query read it to the end, and not once
// the oldest texts have been dropped to make room. (better-sqlite3 runs
// nothing else on a connection while a statement is being iterated, so a
// statement is never asked for twice at once.)
describe("SQLite statements prepared once per SQL text", () => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  async function fresh() {
    handle = openDatabase({ dialect: "sqlite", file: ":memory:" });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    return handle.db;
  }

  test("the same query answers each time with the rows as they are now", async () => {
    const db = await fresh();
    const read = () =>
      db
        .selectFrom("notes" as never)
        .selectAll()
        .execute();
    expect(await read()).toEqual([]);
    await sql`insert into notes (body) values ('first'), ('second')`.execute(db);
    expect(await read()).toEqual([
      { id: 1, body: "first" },
      { id: 2, body: "second" },
    ]);
  });

  test("a statement prepared before the schema changed sees the new schema", async () => {
    const db = await fresh();
    const read = () => sql<Record<string, unknown>>`select * from notes`.execute(db);
    await sql`insert into notes (body) values ('kept')`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, body: "kept" }]);
    await sql`alter table notes add column pinned integer not null default 0`.execute(db);
    expect((await read()).rows).toEqual([{ id: 1, body: "kept", pinned: 0 }]);
  });

  test("a text streamed to the end, then run again, answers the same rows", async () => {
    const db = await fresh();
    await sql`insert into notes (body) values ('a'), ('b'), ('c')`.execute(db);
    const rows = db
      .selectFrom("notes" as never)
      .select("body" as never)
      .orderBy("id" as never);
    const streamed: string[] = [];
    for await (const row of rows.stream()) streamed.push((row as { body: string }).body);
    const again = (await rows.execute()) as Array<{ body: string }>;
    expect(streamed).toEqual(["a", "b", "c"]);
    expect(again.map((row) => row.body)).toEqual(["a", "b", "c"]);
  });

  test("more distinct texts than are kept: every one still answers correctly", async () => {
    const db = await fresh();
    await sql`insert into notes (body) values ('x')`.execute(db);
    // 1,200 distinct SQL texts (the limit is 1,000), then the first ones again.
    for (const round of [0, 1]) {
      for (let n = 0; n < 1200; n++) {
        const { rows } = await sql<{
          value: number;
        }>`select ${sql.lit(n)} + count(*) as value from notes`.execute(db);
        expect(rows, `text ${n}, round ${round}`).toEqual([{ value: n + 1 }]);
      }
    }
  });
});
