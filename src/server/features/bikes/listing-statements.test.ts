import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { bikeInputSchema } from "#src/shared/schemas/bikes";
import { bikeFields, categoryIds } from "#tests/support/builders/bike";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { createBike } from "./create-bike";

// A listing without photos is one statement, whole on its own: no transaction, and the
// category's existence is part of the insert (docs/decisions/0021, sixteenth pass).
describe("a new listing without photos", () => {
  let t: TestApp;
  let seller: Person;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await newPerson(t, "seller");
  });
  afterAll(() => t?.close());

  test("is one statement, and none is written into a category that doesn't exist", async () => {
    const fields = bikeFields((await categoryIds(t)).KTM, { title: "One statement bike" });
    const listing = countingStatements(t.deps.db);
    const id = await createBike(listing.db, seller.id, bikeInputSchema.parse(fields));
    expect(listing.seen).toHaveLength(1);
    const written = await t.deps.db
      .selectFrom("bikes")
      .select(["title", "status", "sellerId"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(written).toEqual({
      title: "One statement bike",
      status: "available",
      sellerId: seller.id,
    });

    const before = await t.deps.db
      .selectFrom("bikes")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    const nowhere = bikeInputSchema.parse({ ...fields, categoryId: "no-such-category" });
    await expect(createBike(t.deps.db, seller.id, nowhere)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { categoryId: "Select category" },
    });
    const after = await t.deps.db
      .selectFrom("bikes")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });
});
