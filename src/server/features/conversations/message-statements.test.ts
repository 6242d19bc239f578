import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { User } from "#src/shared/schemas/users";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { sendMessage, startConversation } from "./send-message";

// A message that mails the other side writes its notification and the mail in one
// statement on PostgreSQL (docs/decisions/0021, sixteenth pass); its conversation is
// locked, not updated, before the message goes in: the insert's trigger moves it to the
// top (migration 034), and a new conversation is written already mailed.
describe("the statements of a message", () => {
  let t: TestApp;
  let seller: Person;
  let buyer: User;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await newPerson(t, "seller");
    const person = await newPerson(t, "buyer");
    buyer = await expectJson<User>(await t.request("/api/me", { cookie: person.cookie }), 200);
  });
  afterAll(() => t?.close());

  test("that mails are as few as the rules allow, and the mail goes out all the same", async () => {
    const bike = await listBike(t, seller, (await categoryIds(t)).SUZUKI, { title: "Chatty" });
    const options = { publicUrl: t.env.publicUrl, dialect: t.deps.dialect };
    const first = countingStatements(t.deps.db);
    const { conversationId } = await startConversation(
      first.db,
      buyer,
      { bikeId: bike.id, text: "Is it still for sale?" },
      options,
    );
    // The bike; the new conversation, marked mailed; the message with whom to tell; then the
    // notice and its mail.
    expect(first.seen).toHaveLength(t.deps.dialect === "postgres" ? 4 : 5);
    // A quarter of an hour on, the seller is mailed again about the unread conversation.
    const later = countingStatements(t.deps.db);
    await sendMessage(later.db, buyer, conversationId, "Could I see it on Saturday?", {
      ...options,
      now: new Date(Date.now() + 16 * 60 * 1000),
    });
    // The conversation locked; the message with whom to tell; marked mailed; then the notice
    // and its mail: one statement on PostgreSQL, two on SQLite.
    expect(later.seen).toHaveLength(t.deps.dialect === "postgres" ? 4 : 5);
    const mails = await t.deps.db
      .withTables<{ mailOutbox: { recipient: string; subject: string } }>()
      .selectFrom("mailOutbox")
      .select("subject")
      .where("recipient", "=", seller.email)
      .where("subject", "!=", "Confirm your e-mail address for ReRide")
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `New message from ${buyer.name}`,
      `New message from ${buyer.name}`,
    ]);
  });
});
