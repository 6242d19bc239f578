import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withNotificationTables } from "./notification-tables";
import { notify } from "./notify";

describe("notify", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (email: string) =>
    t.deps.db
      .withTables<{
        mailOutbox: { recipient: string; subject: string; text: string; html: string };
      }>()
      .selectFrom("mailOutbox")
      .selectAll()
      .where("recipient", "=", email)
      // Every sign-up is mailed a link to confirm the address; these tests are about the others.
      .where("subject", "!=", "Confirm your e-mail address for ReRide")
      .execute();

  const notificationsOf = (userId: string) =>
    withNotificationTables(t.deps.db)
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", userId)
      .execute();

  it("stores the notification and queues a mail with its link on the public address", async () => {
    const seller = await newPerson(t, "seller");
    const sent = await notify(
      t.deps.db,
      {
        userId: seller.id,
        kind: "booking_made",
        title: "Your bike was booked",
        body: "Bea Buyer booked <Yamaha R15>.",
        link: "/dashboard/bookings",
      },
      { publicUrl: "https://reride.example" },
    );
    expect(sent).toMatchObject({ kind: "booking_made", readAt: null });
    expect(await notificationsOf(seller.id)).toHaveLength(1);

    const [mail] = await mailsTo(seller.email);
    expect(mail?.subject).toBe("Your bike was booked");
    expect(mail?.text).toContain("https://reride.example/dashboard/bookings");
    // The body is text: markup in a bike's title is escaped in the HTML part.
    expect(mail?.html).toContain("&#60;Yamaha R15&#62;");
    expect(mail?.html).not.toContain("<Yamaha");
  });

  it("sends no mail to a user who turned e-mail off, or when the caller says so", async () => {
    const buyer = await newPerson(t, "buyer");
    await withNotificationTables(t.deps.db)
      .insertInto("userPreferences")
      .values({ userId: buyer.id, emailNotifications: 0 })
      .execute();
    const input = {
      userId: buyer.id,
      kind: "booking_accepted" as const,
      title: "Your booking was accepted",
      body: "See where to meet.",
      link: "/dashboard/my-bookings",
    };
    await notify(t.deps.db, input, { publicUrl: "https://reride.example" });

    const other = await newPerson(t, "buyer");
    await notify(t.deps.db, { ...input, userId: other.id, email: false }, { publicUrl: "x" });

    expect(await notificationsOf(buyer.id)).toHaveLength(1);
    expect(await notificationsOf(other.id)).toHaveLength(1);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    expect(await mailsTo(other.email)).toHaveLength(0);
  });

  it("tells nobody about a user who no longer exists", async () => {
    const sent = await notify(
      t.deps.db,
      { userId: "gone", kind: "message", title: "t", body: "b", link: "/" },
      { publicUrl: "https://reride.example" },
    );
    expect(sent).toBeNull();
  });

  it("goes with the account", async () => {
    const buyer = await newPerson(t, "buyer");
    await notify(
      t.deps.db,
      { userId: buyer.id, kind: "message", title: "t", body: "b", link: "/", email: false },
      { publicUrl: "https://reride.example" },
    );
    await t.deps.db.deleteFrom("users").where("id", "=", buyer.id).execute();
    expect(await notificationsOf(buyer.id)).toHaveLength(0);
  });
});
