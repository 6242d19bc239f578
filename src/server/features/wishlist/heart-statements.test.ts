import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { User } from "#src/shared/schemas/users";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { addToWishlist } from "./wishlist.queries";

// Hearts are the most frequent write: on PostgreSQL the check that the bike is shown and
// both inserts are one statement (docs/decisions/0021, sixteenth pass).
describe("a heart", () => {
  let t: TestApp;
  let seller: Person;
  let wisher: User;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await newPerson(t, "seller");
    const person = await newPerson(t, "buyer");
    wisher = await expectJson<User>(await t.request("/api/me", { cookie: person.cookie }), 200);
  });
  afterAll(() => t?.close());

  const entriesOf = async (userId: string) =>
    (
      await t.deps.db.selectFrom("wishlist").select("bikeId").where("userId", "=", userId).execute()
    ).map((row) => row.bikeId);

  test("is one statement on PostgreSQL, and is written only for a bike the wisher may see", async () => {
    const categories = await categoryIds(t);
    const shown = await listBike(t, seller, categories.KTM, { title: "Hearted" });
    const hidden = await listBike(t, seller, categories.KTM, { title: "Taken down" });
    await t.deps.db.updateTable("bikes").set({ hidden: 1 }).where("id", "=", hidden.id).execute();

    const heart = countingStatements(t.deps.db);
    expect(await addToWishlist(heart.db, t.deps.dialect, wisher, shown.id)).toBe(true);
    // SQLite: the check, the entry and the first wish, each a statement of its own.
    expect(heart.seen).toHaveLength(t.deps.dialect === "postgres" ? 1 : 3);
    // Twice is not an error, and adds nothing.
    expect(await addToWishlist(t.deps.db, t.deps.dialect, wisher, shown.id)).toBe(true);

    expect(await addToWishlist(t.deps.db, t.deps.dialect, wisher, hidden.id)).toBe(false);
    expect(await addToWishlist(t.deps.db, t.deps.dialect, wisher, "no-such-bike")).toBe(false);
    expect(await entriesOf(wisher.id)).toEqual([shown.id]);
    const firstWish = await t.deps.db
      .selectFrom("firstWishes")
      .select("bikeId")
      .where("userId", "=", wisher.id)
      .executeTakeFirst();
    expect(firstWish?.bikeId).toBe(shown.id);
  });
});
