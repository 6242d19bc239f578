import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { buildAccount, TEST_PASSWORD } from "#tests/support/builders/account";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { buildBooking } from "#tests/support/builders/booking";
import {
  apiClient,
  PROCESS_ADMIN_EMAIL,
  PROCESS_ADMIN_PASSWORD,
  type ServerProcess,
  startServerProcess,
} from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * Issue 6, point 5: two app processes on one database, on different ports,
 * as behind a load balancer. Nothing one process keeps in memory may matter
 * to the other. Runs on PostgreSQL in the PostgreSQL pass (the scale-out
 * setup) and on one SQLite file in the SQLite pass.
 */
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  const start = () =>
    startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  // PostgreSQL: both start at once (migrations wait on the advisory lock).
  if (database.databaseUrl) [a, b] = await Promise.all([start(), start()]);
  else {
    a = await start();
    b = await start();
  }
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const onA = apiClient(() => a.url);
const onB = apiClient(() => b.url);
let counter = 0;

async function register(api: typeof onA, accountType: "seller" | "buyer" = "buyer") {
  const account = buildAccount({ accountType, name: `Rider ${++counter}` });
  return { email: account.email, cookie: await signUp({ request: api }, account) };
}

describe("two processes, one database", () => {
  test("a session made on one is valid on the other", async () => {
    const { email, cookie } = await register(onA);
    const me = await onB("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    // And signing out on B ends it on A.
    expect((await onB("/api/auth/sign-out", { cookie, body: {} })).status).toBe(200);
    expect((await onA("/api/me", { cookie })).status).toBe(401);
  });

  test("50 concurrent bookings of one bike, split across both: exactly one succeeds", async () => {
    const seller = await register(onA, "seller");
    const { SUZUKI } = await categoryIds({ request: onA });
    const { id: bikeId } = await listBike({ request: onA }, seller, SUZUKI, { title: "Raced for" });
    // 25 buyers, two bookings each: every sign-up hashes a password, and the
    // race is between the 50 requests, whoever sends them.
    const buyers: { cookie: string }[] = [];
    while (buyers.length < 25) {
      const batch = Array.from({ length: 5 }, (_, index) => register(index % 2 ? onB : onA));
      buyers.push(...(await Promise.all(batch)));
    }

    const answers = await Promise.all(
      [...buyers, ...buyers].map((buyer, index) =>
        (index % 2 ? onA : onB)("/api/bookings", {
          cookie: buyer.cookie,
          body: buildBooking(bikeId),
          timeoutMs: 30_000,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const bike = await onB(`/api/bikes/${bikeId}`, { cookie: seller.cookie });
    expect(((await bike.json()) as { status: string }).status).toBe("booked");
    const sales = await onB("/api/me/sales", { cookie: seller.cookie });
    expect(((await sales.json()) as { items: unknown[] }).items).toHaveLength(1);
  }, 60_000);

  test("deleting an account on one ends its session on the other at once", async () => {
    const buyer = await register(onB);
    const me = (await (await onB("/api/me", { cookie: buyer.cookie })).json()) as { id: string };
    const admin = await signIn(
      { request: onA },
      { email: PROCESS_ADMIN_EMAIL, password: PROCESS_ADMIN_PASSWORD },
    );
    expect((await onA(`/api/users/${me.id}`, { method: "DELETE", cookie: admin })).status).toBe(
      204,
    );
    expect((await onB("/api/me", { cookie: buyer.cookie })).status).toBe(401);
    expect((await onB("/api/me/wishlist/x", { method: "PUT", cookie: buyer.cookie })).status).toBe(
      401,
    );
    const again = await onB("/api/auth/sign-in/email", {
      body: { email: buyer.email, password: TEST_PASSWORD },
    });
    expect(again.status).toBe(401);
  });
});
