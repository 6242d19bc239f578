import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ConversationSummary } from "#src/shared/schemas/conversations";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withConversationTables } from "./conversation-tables";
import { medianReplyMinutes } from "./reply-times";

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

const T0 = Date.parse("2026-03-02T09:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** A conversation about a new bike of `seller`, with its messages written at the given minutes. */
async function conversation(seller: Person, script: [Person, number][]) {
  const buyer = await newPerson(t, "buyer");
  const bike = await listBike(t, seller, categories.YAMAHA);
  const { id } = await expectJson<ConversationSummary>(
    await t.request("/api/conversations", {
      body: { bikeId: bike.id, text: "opening" },
      cookie: buyer.cookie,
    }),
    201,
  );
  const tables = withConversationTables(t.deps.db);
  // The script replaces the opening message, so every time is the test's.
  await tables.deleteFrom("messages").where("conversationId", "=", id).execute();
  for (const [who, minute] of script) {
    const sender = who === seller ? seller.id : buyer.id;
    await tables
      .insertInto("messages")
      .values({ conversationId: id, senderId: sender, text: "…", sentAt: at(minute) })
      .execute();
  }
  return buyer;
}

describe("medianReplyMinutes", () => {
  test("null for a seller who has answered nobody", async () => {
    const seller = await newPerson(t, "seller");
    expect(await medianReplyMinutes(t.deps.db, seller.id)).toBeNull();
    const asker: Person = { ...seller, id: "someone-else" };
    await conversation(seller, [[asker, 0]]);
    expect(await medianReplyMinutes(t.deps.db, seller.id)).toBeNull();
  });

  test("the median of the waits from a buyer's message to the seller's next reply", async () => {
    const seller = await newPerson(t, "seller");
    const buyer: Person = { ...seller, id: "the-buyer" };
    // Waits: 10 (two buyer messages count from the first), then 30; another conversation: 90.
    await conversation(seller, [
      [buyer, 0],
      [buyer, 5],
      [seller, 10],
      [seller, 11],
      [buyer, 20],
      [seller, 50],
    ]);
    await conversation(seller, [
      [buyer, 0],
      [seller, 90],
      [buyer, 100],
    ]);
    expect(await medianReplyMinutes(t.deps.db, seller.id)).toBe(30);
    // A fourth wait of 40 makes the median the mean of the middle two: (30 + 40) / 2.
    await conversation(seller, [
      [buyer, 0],
      [seller, 40],
    ]);
    expect(await medianReplyMinutes(t.deps.db, seller.id)).toBe(35);
  });
});
