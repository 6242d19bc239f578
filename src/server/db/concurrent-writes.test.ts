import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

/**
 * A booking and a cancellation in one category, at the same moment, on
 * PostgreSQL. Their triggers keep rows every write in the category shares
 * (its read-cache versions, its available count) and both used to lock them
 * as each row was written, in opposite orders: the cancellation its versions
 * (through the booking's row), then the count (through the bike's); the
 * booking the count, then the versions. PostgreSQL found the deadlock after
 * a second and aborted one of them. The shared rows are now written as each
 * transaction commits (migration 026), so neither waits for the other.
 * SQLite runs one writer at a time: nothing to prove there.
 */
describe.skipIf(!testServerUrl())("writes in one category at once, on PostgreSQL", () => {
  let t: TestApp;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    await t?.close();
  });

  async function connection() {
    if (t.env.database.dialect !== "postgres") throw new Error("PostgreSQL only");
    const client = new pg.Client({ connectionString: t.env.database.url });
    await client.connect();
    clients.push(client);
    // A wait that would never end fails the test with a clear error instead.
    await client.query("set lock_timeout = '5s'");
    return client;
  }

  test("a booking and a cancellation don't deadlock on their category's shared rows", async () => {
    const { KTM } = await categoryIds(t);
    const seller = await newPerson(t, "seller");
    const buyer = await newPerson(t, "buyer");
    const toBook = await listBike(t, seller, KTM, { title: "KTM Duke, booked meanwhile" });
    const booked = await listBike(t, seller, KTM, { title: "KTM RC, cancelled meanwhile" });
    const booking = await book(t, buyer, booked.id);
    const versionsBefore = await categoryVersion(KTM);

    const [cancelling, booking2] = [await connection(), await connection()];
    await cancelling.query("begin");
    await cancelling.query(`update bookings set status = 'cancelled' where id = $1`, [booking.id]);
    await booking2.query("begin");
    // Each of these used to wait for the other's transaction.
    const [booked2, freed] = await Promise.all([
      booking2.query(`update bikes set status = 'booked' where id = $1`, [toBook.id]),
      cancelling.query(`update bikes set status = 'available' where id = $1`, [booked.id]),
    ]);
    expect([booked2.rowCount, freed.rowCount]).toEqual([1, 1]);
    await Promise.all([booking2.query("commit"), cancelling.query("commit")]);

    // Both commits moved what they had to: the category's version and its count.
    expect(await categoryVersion(KTM)).not.toBe(versionsBefore);
    const counts = await t.deps.db
      .selectFrom("categoryCounts")
      .select("available")
      .where("categoryId", "=", KTM)
      .executeTakeFirstOrThrow();
    const available = await t.deps.db
      .selectFrom("bikes")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("categoryId", "=", KTM)
      .where("status", "=", "available")
      .where("hidden", "=", 0)
      .executeTakeFirstOrThrow();
    expect(counts.available).toBe(Number(available.count));
  });

  test("notes for commit roll back with their savepoint, and the rest are written", async () => {
    const moved = await versionsMovedBy([
      "a",
      "savepoint attempt",
      "b",
      "rollback to savepoint attempt",
    ]);
    expect(moved).toEqual({ a: true, b: false });
  });

  // A transaction queues its commit's work with its first write only (migration 029):
  // these are the ways that first call could go missing.
  test("a first write undone by its savepoint leaves the later writes moved at commit", async () => {
    const moved = await versionsMovedBy([
      "savepoint attempt",
      "a",
      "rollback to savepoint attempt",
      "b",
    ]);
    expect(moved).toEqual({ a: false, b: true });
  });

  test("a first write in a released savepoint moves every write of the transaction at commit", async () => {
    const moved = await versionsMovedBy([
      "savepoint attempt",
      "a",
      "release savepoint attempt",
      "b",
    ]);
    expect(moved).toEqual({ a: true, b: true });
  });

  /**
   * Two new bikes, `a` and `b`, and one transaction running `steps`: "a" and
   * "b" rename that bike, anything else is sent as it is. Whose version moved.
   */
  async function versionsMovedBy(steps: string[]) {
    const { YAMAHA } = await categoryIds(t);
    const seller = await newPerson(t, "seller");
    const bikes = {
      a: await listBike(t, seller, YAMAHA, { title: "Yamaha R15, renamed" }),
      b: await listBike(t, seller, YAMAHA, { title: "Yamaha MT-15, renamed" }),
    };
    const before = { a: await bikeVersion(bikes.a.id), b: await bikeVersion(bikes.b.id) };
    const client = await connection();
    await client.query("begin");
    for (const step of steps) {
      if (step === "a" || step === "b") {
        await client.query(`update bikes set title = title || ' (2)' where id = $1`, [
          bikes[step].id,
        ]);
      } else {
        await client.query(step);
      }
    }
    await client.query("commit");
    return {
      a: (await bikeVersion(bikes.a.id)) !== before.a,
      b: (await bikeVersion(bikes.b.id)) !== before.b,
    };
  }

  test("a count written by hand moves its category's version; one written at commit moves it too", async () => {
    const { KTM } = await categoryIds(t);
    const client = await connection();
    const before = await categoryVersion(KTM);
    await client.query(
      `update "categoryCounts" set available = available + 1 where "categoryId" = $1`,
      [KTM],
    );
    const afterHand = await categoryVersion(KTM);
    expect(afterHand).not.toBe(before);
    await client.query(
      `update "categoryCounts" set available = available - 1 where "categoryId" = $1`,
      [KTM],
    );

    // A new listing: its bike notes the category, its count is written at commit.
    const seller = await newPerson(t, "seller");
    const beforeListing = await categoryVersion(KTM);
    const countBefore = await availableCount(KTM);
    await listBike(t, seller, KTM, { title: "KTM Adventure, counted at commit" });
    expect(await categoryVersion(KTM)).not.toBe(beforeListing);
    expect(await availableCount(KTM)).toBe(countBefore + 1);
  });

  async function availableCount(categoryId: string) {
    const row = await t.deps.db
      .selectFrom("categoryCounts")
      .select("available")
      .where("categoryId", "=", categoryId)
      .executeTakeFirst();
    return Number(row?.available ?? 0);
  }

  async function bikeVersion(bikeId: string) {
    const { rows } = await sql<{ version: string }>`
      select "version" from "dataVersions" where "key" = ${`bike:${bikeId}`}`.execute(t.deps.db);
    return String(rows[0]?.version);
  }

  async function categoryVersion(categoryId: string) {
    const { rows } = await sql<{ version: string }>`
      select "version" from "dataVersions" where "key" = ${`category:${categoryId}`}`.execute(
      t.deps.db,
    );
    return String(rows[0]?.version);
  }
});
