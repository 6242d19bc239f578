import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// Deleting a row makes the database find every row whose foreign key points
// at it; without an index led by that column, it reads the whole table
// (migrations/025-foreign-key-indexes.ts). Every foreign key of the schema,
// as migrated, must have one — a full index, since a partial one (active
// bookings only) can't find every row.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface ForeignKey {
  table: string;
  column: string;
  indexed: boolean;
}

async function sqliteForeignKeys(): Promise<ForeignKey[]> {
  const db = t.deps.db;
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: ForeignKey[] = [];
  for (const { name } of tables) {
    const { rows: foreign } = await sql<{ from: string }>`
      select "from" from pragma_foreign_key_list(${name})`.execute(db);
    const { rows: leading } = await sql<{ column: string }>`
      select (select ii.name from pragma_index_info(il.name) ii where ii.seqno = 0) as "column"
      from pragma_index_list(${name}) il where il.partial = 0`.execute(db);
    const led = new Set(leading.map((row) => row.column));
    for (const key of foreign)
      keys.push({ table: name, column: key.from, indexed: led.has(key.from) });
  }
  return keys;
}

async function postgresForeignKeys(): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select c.conrelid::regclass::text as "table", a.attname as "column",
      exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid and i.indpred is null and i.indkey[0] = c.conkey[1]
      ) as indexed
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(t.deps.db);
  return rows;
}

describe("foreign keys", () => {
  test("every one is served by an index led by its column, so deleting what it points at seeks", async () => {
    const keys =
      t.deps.dialect === "sqlite" ? await sqliteForeignKeys() : await postgresForeignKeys();
    expect(keys.length).toBeGreaterThan(20);
    const unindexed = keys
      .filter((key) => !key.indexed)
      .map((key) => `${key.table.replaceAll('"', "")}.${key.column}`);
    expect(unindexed).toEqual([]);
  });
});
