import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ACCOUNTS_BY_TYPE_INDEX } from "#src/server/db/migrations/032-accounts-by-type-newest";
import type { Page } from "#src/shared/schemas/bikes";
import type { User } from "#src/shared/schemas/users";
import { expectJson } from "#tests/support/builders/api";
import { accounts, everyPage, expectBadPageQueriesRefused } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { expectReadInOrderFrom, planOf } from "#tests/support/query-plans";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { accountsPage } from "./users.queries";

// docs/api.md, GET /api/users: the administrators' All sellers and All
// buyers, newest first, a page at a time, nothing lost or repeated while
// people sign up between pages, and a page's cost not growing with them.

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await theAdmin(t);
});
afterAll(() => t?.close());

const page = async (query: string) =>
  expectJson<Page<User>>(await t.request(`/api/users?${query}`, { cookie: admin.cookie }), 200);

const idsOf = (users: { id: string }[]) => users.map((user) => user.id);

/** Accounts of a type written straight to the table, signed up `minutesAgo` (no password work). */
async function signedUpAgo(accountType: "seller" | "buyer", minutesAgo: number[]) {
  const now = Date.now();
  const rows = minutesAgo.map((minutes) => {
    const at = new Date(now - minutes * 60_000).toISOString();
    const id: string = randomUUID();
    return {
      id,
      name: `Signed up ${minutes}`,
      email: `${id}@example.test`,
      emailVerified: t.deps.dialect === "postgres" ? true : 1,
      image: null,
      accountType,
      verified: t.deps.dialect === "postgres" ? false : 0,
      createdAt: at,
      updatedAt: at,
    };
  });
  await t.deps.db.insertInto("users").values(rows).execute();
  return rows.map((row) => row.id);
}

describe("GET /api/users", () => {
  test("newest first, a page at a time, nothing lost or repeated; a sign-up meanwhile goes on top", async () => {
    const sellers = [await newPerson(t, "seller"), await newPerson(t, "seller")];
    const buyer = await newPerson(t, "buyer");
    const first = await page("accountType=seller&limit=1");
    expect(idsOf(first.items)).toEqual([sellers[1]?.id]);
    expect(first.items[0]).toMatchObject({ accountType: "seller", role: "user" });

    // Someone signs up before the next page is asked for: it is on top, not on that page.
    const newest = await newPerson(t, "seller");
    const second = await page(`accountType=seller&limit=1&cursor=${first.nextCursor}`);
    expect(idsOf(second.items)).toEqual([sellers[0]?.id]);

    const every = idsOf(await accounts(t, admin, "seller"));
    expect(every.slice(0, 3)).toEqual([newest.id, sellers[1]?.id, sellers[0]?.id]);
    expect(new Set(every).size).toBe(every.length);
    expect(every).not.toContain(buyer.id);
    expect(idsOf(await accounts(t, admin, "buyer"))).toContain(buyer.id);
  });

  test("accounts made in the same instant are each listed once, across every page boundary", async () => {
    const ids = await signedUpAgo("buyer", [600, 600, 600, 600]);
    const pages = await everyPage<User>(t, admin, "/api/users?accountType=buyer&limit=1");
    for (const items of pages) expect(items).toHaveLength(1);
    const listed = idsOf(pages.flat()).filter((id) => ids.includes(id));
    expect(listed).toEqual([...ids].sort().reverse());
  });

  test("fifty a page unless asked", async () => {
    await signedUpAgo(
      "seller",
      Array.from({ length: 51 }, (_, i) => 1000 + i),
    );
    const first = await page("accountType=seller");
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
  });

  test("q keeps the accounts whose name or address holds it, any case, a page at a time", async () => {
    const [karim, other] = [
      await newPerson(t, "seller", "Karim Rides"),
      await newPerson(t, "seller"),
    ];
    const buyer = await newPerson(t, "buyer", "Karim the Buyer");
    const [percent, underscore] = await signedUpAgo("seller", [1, 2]);
    await t.deps.db
      .updateTable("users")
      .set({ name: "100% Bikes" })
      .where("id", "=", percent ?? "")
      .execute();
    await t.deps.db
      .updateTable("users")
      .set({ name: "Bikes_R_Us" })
      .where("id", "=", underscore ?? "")
      .execute();

    const named = await page("accountType=seller&q=%20kARIM%20");
    expect(idsOf(named.items)).toEqual([karim.id]);
    expect(named.nextCursor).toBeNull();
    const byAddress = await page(
      `accountType=seller&q=${encodeURIComponent(other.email.slice(0, 12).toUpperCase())}`,
    );
    expect(idsOf(byAddress.items)).toEqual([other.id]);
    // The buyer of the same name is on the buyers' list only.
    expect(idsOf((await page("accountType=buyer&q=karim")).items)).toEqual([buyer.id]);
    // % and _ are what they say, not patterns.
    expect(idsOf((await page("accountType=seller&q=0%25")).items)).toEqual([percent]);
    expect(idsOf((await page("accountType=seller&q=s_r")).items)).toEqual([underscore]);
    expect((await page("accountType=seller&q=nobody%20by%20this%20name")).items).toEqual([]);
    // Pages of matches follow the same cursor.
    const matches = await everyPage<User>(
      t,
      admin,
      "/api/users?accountType=seller&q=bikes&limit=1",
    );
    expect(idsOf(matches.flat())).toEqual([percent, underscore]);
  });

  test("a search of more than 100 characters is refused with 400 and the field", async () => {
    const response = await t.request(`/api/users?accountType=seller&q=${"x".repeat(101)}`, {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { fields: { q: expect.any(String) } } });
  });

  test("a made-up cursor or a limit out of range is refused with 400 and the field", async () => {
    await expectBadPageQueriesRefused(t, admin, "/api/users?accountType=seller");
  });

  test("a page is read in order from the (accountType, createdAt) index, on both databases", async () => {
    const { db, dialect } = t.deps;
    const plan = await planOf(db, dialect, accountsPage(db, "seller", undefined, 50).compile());
    expectReadInOrderFrom(plan, ACCOUNTS_BY_TYPE_INDEX);
  });
});
