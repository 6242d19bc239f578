import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { User } from "#src/shared/schemas/users";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { createBooking } from "./bookings.queries";
import { changeBookingStatus } from "./change-booking-status";

// On PostgreSQL every statement is a round trip, and a round trip costs this
// process and the database more CPU than most of these statements' own work
// (docs/decisions/0021, sixteenth pass): a booking and its answers write
// several rows in as few statements as their rules allow. SQLite has no round
// trips and no writes in `with`: there each row is its own statement.

describe("the statements of a booking and of its answer", () => {
  let t: TestApp;
  let seller: Person;
  let buyer: User;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await newPerson(t, "seller");
    const person = await newPerson(t, "buyer");
    buyer = {
      id: person.id,
      name: person.name,
      email: person.email,
      accountType: "buyer",
      role: "user",
      verified: false,
      emailVerified: true,
      createdAt: new Date().toISOString(),
    };
  });
  afterAll(() => t?.close());

  test("are as few as the rules allow, and tell the other party all the same", async () => {
    const bike = await listBike(t, seller, (await categoryIds(t)).YAMAHA, { title: "Counted" });
    const rules = { dialect: t.deps.dialect, maxActive: 3, publicUrl: "https://reride.example" };

    const booking = countingStatements(t.deps.db);
    const made = await createBooking(
      booking.db,
      buyer,
      { bikeId: bike.id, phone: "01711111111", meetingLocation: "Dhaka" },
      rules,
    );
    const cancel = countingStatements(t.deps.db);
    const cancelled = await changeBookingStatus(cancel.db, buyer, made.id, "cancelled", rules);

    expect(cancelled.status).toBe("cancelled");
    if (t.deps.dialect === "postgres") {
      // The account lock; the bike with the buyer's records; the flip with the booking; the
      // seller's notification with its mail.
      expect(booking.seen).toHaveLength(4);
      // The move with the bike and the party to tell; the notification with its mail.
      expect(cancel.seen).toHaveLength(2);
    } else {
      expect(booking.seen).toHaveLength(6);
      expect(cancel.seen).toHaveLength(4);
    }
    const bikeNow = await t.deps.db
      .selectFrom("bikes")
      .select("status")
      .where("id", "=", bike.id)
      .executeTakeFirstOrThrow();
    expect(bikeNow.status).toBe("available");
    const mails = await t.deps.db
      .withTables<{ mailOutbox: { recipient: string; subject: string } }>()
      .selectFrom("mailOutbox")
      .select("subject")
      .where("recipient", "=", seller.email)
      .where("subject", "!=", "Confirm your e-mail address for ReRide")
      .execute();
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "Bea Buyer booked your bike",
      "Bea Buyer cancelled a booking",
    ]);
  });
});
