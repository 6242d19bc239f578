import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SEARCH_GIN_INDEXES } from "#src/server/db/migrations/033-search-index-without-pending-list";
import { SEARCH_SAMPLE_INDEX } from "#src/server/db/migrations/035-search-sample-index";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

// migrations/033: PostgreSQL's full-text indexes take each write at once. With
// GIN's default pending list, every listing, booking and cancellation queued
// its bike's words in a list that every search then read in full: under a
// stream of bookings the search's count took several times as long.
// Every full-text index of the bikes: 033 turned the first two's lists off, 035 made the sample's without.
const FULL_TEXT_INDEXES = [...SEARCH_GIN_INDEXES, SEARCH_SAMPLE_INDEX];

describe.skipIf(!testServerUrl())("PostgreSQL's full-text indexes under writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test("every GIN index of the schema takes writes at once, a future one too", async () => {
    const { rows } = await sql<{ name: string; options: string[] | null }>`
      select c.relname as name, c.reloptions as options
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where a.amname = 'gin' and n.nspname = current_schema()
      order by c.relname`.execute(t.deps.db);
    expect(rows.map((row) => row.name)).toEqual([...FULL_TEXT_INDEXES].sort());
    for (const row of rows) expect(row.options ?? []).toContain("fastupdate=off");
  });

  test("after listings, a booking and its cancellation, no index holds words pending", async () => {
    const [seller, buyer, { SUZUKI }] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      categoryIds(t),
    ]);
    const bikes = [];
    for (let i = 0; i < 5; i++) bikes.push(await listBike(t, seller, SUZUKI));
    const target = bikes[0];
    if (!target) throw new Error("no bike listed");
    const booking = await book(t, buyer, target.id);
    await moveBooking(t, buyer, booking.id, "cancelled");

    const { db } = t.deps;
    await sql`create extension if not exists pgstattuple`.execute(db);
    for (const index of FULL_TEXT_INDEXES) {
      const { rows } = await sql<{ pending: number }>`
        select pending_tuples as pending from pgstatginindex(${index}::regclass)`.execute(db);
      expect({ index, pending: Number(rows[0]?.pending) }).toEqual({ index, pending: 0 });
    }
    // The words are in the index all the same: the search finds the bike again.
    const search = await t.request(`/api/bikes?q=${encodeURIComponent(target.name)}`, {
      cookie: buyer.cookie,
    });
    const found = await expectJson<{ items: Array<{ id: string }> }>(search, 200);
    expect(found.items.map((item) => item.id)).toContain(target.id);
  });
});
