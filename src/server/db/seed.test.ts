import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { uniqueEmail } from "#tests/support/builders/account";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";
import type { AppDb } from "./database";

async function bikesByCategory(db: AppDb) {
  return db
    .selectFrom("bikes")
    .innerJoin("categories", "categories.id", "bikes.categoryId")
    .innerJoin("users", "users.id", "bikes.sellerId")
    .select([
      "bikes.id",
      "bikes.imageUrl",
      "categories.name as category",
      "users.id as sellerId",
      "users.verified",
    ])
    .execute();
}

async function snapshot(db: AppDb) {
  const ids = async (table: "users" | "categories" | "bikes") =>
    (await db.selectFrom(table).select("id").orderBy("id").execute()).map((row) => row.id);
  return {
    users: await ids("users"),
    categories: await ids("categories"),
    bikes: await ids("bikes"),
  };
}

describe("the first start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test("lists at least 4 demo bikes per category, from several sellers, exactly one verified", async () => {
    const bikes = await bikesByCategory(t.deps.db);
    for (const category of ["SUZUKI", "YAMAHA", "KTM"]) {
      expect(bikes.filter((bike) => bike.category === category).length).toBeGreaterThanOrEqual(4);
    }
    const sellers = new Map(
      bikes.map((bike) => [bike.sellerId, bike.verified === true || bike.verified === 1]),
    );
    expect(sellers.size).toBeGreaterThanOrEqual(2);
    expect([...sellers.values()].filter(Boolean)).toHaveLength(1);
  });

  test("every picture the seed refers to ships in public/", async () => {
    const logos = await t.deps.db.selectFrom("categories").select("logo as url").execute();
    const pictures = await t.deps.db.selectFrom("bikes").select("imageUrl as url").execute();
    const missing = [...logos, ...pictures]
      .map(({ url }) => url)
      .filter((url) => !existsSync(path.join("public", url)));
    expect(missing).toEqual([]);
  });
});

describe("a second start on the same database", () => {
  let first: TestApp;
  let second: TestApp;
  const sellerEmail = uniqueEmail("kept");
  let cookieFromBefore = "";
  let deletedBikeId = "";
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    first = await createTestApp();
    cookieFromBefore = await signUp(first, { email: sellerEmail, accountType: "seller" });
    // A seller removed a demo listing: the seed must not bring it back.
    const bike = await first.deps.db.selectFrom("bikes").select("id").executeTakeFirstOrThrow();
    deletedBikeId = bike.id;
    await first.deps.db.deleteFrom("bikes").where("id", "=", bike.id).execute();
    before = await snapshot(first.deps.db);
    second = await first.restart();
  });
  afterAll(() => second?.close() ?? first?.close());

  test("keeps every account, category and listing, and adds none", async () => {
    expect(await snapshot(second.deps.db)).toEqual(before);
    expect(before.bikes).not.toContain(deletedBikeId);
  });

  test("keeps sessions and passwords working", async () => {
    expect((await second.request("/api/me", { cookie: cookieFromBefore })).status).toBe(200);
    expect(await signIn(second, { email: sellerEmail })).toContain("session_token=");
    expect(await signIn(second, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).toContain(
      "session_token=",
    );
  });
});

describe("a first start that died before its listings were written", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  test("the next start seeds the catalogue fully, reusing the demo sellers it already made", async () => {
    const sellersBefore = await t.deps.db
      .selectFrom("users")
      .select("id")
      .where("accountType", "=", "seller")
      .execute();
    // What a crash inside the catalogue transaction leaves: accounts, no catalogue.
    await t.deps.db.deleteFrom("bikes").execute();
    await t.deps.db.deleteFrom("categories").execute();

    t = await t.restart();
    const bikes = await bikesByCategory(t.deps.db);
    expect(new Set(bikes.map((bike) => bike.category))).toEqual(
      new Set(["SUZUKI", "YAMAHA", "KTM"]),
    );
    expect(bikes.length).toBeGreaterThanOrEqual(12);
    const sellersAfter = await t.deps.db
      .selectFrom("users")
      .select("id")
      .where("accountType", "=", "seller")
      .execute();
    expect(sellersAfter.map((row) => row.id).sort()).toEqual(
      sellersBefore.map((row) => row.id).sort(),
    );
    expect(
      bikes.filter((bike) => bike.verified === true || bike.verified === 1).length,
    ).toBeGreaterThan(0);
  });
});
