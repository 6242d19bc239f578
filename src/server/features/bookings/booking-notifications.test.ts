import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withNotificationTables } from "#src/server/notifications/notification-tables";
import type { Booking } from "#src/shared/schemas/bookings";
import type { User } from "#src/shared/schemas/users";
import { signUp } from "#tests/support/accounts";
import { uniqueEmail } from "#tests/support/builders/account";
import type { Api } from "#tests/support/builders/api";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createAppsOnOneDatabase, type SharedDatabaseApps } from "#tests/support/shared-database";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { expirePendingBookings } from "./expire-bookings";

// PRODUCT.md §8: every booking event tells the right people (in the app and,
// unless they turned it off, by mail) and nobody else.

const HOUR_MS = 3_600_000;

interface Told {
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** Every notification and queued mail each of `people` has, oldest first. */
async function toldSo(api: { deps: TestApp["deps"] }, people: Person[]) {
  const db = withNotificationTables(api.deps.db);
  const out: Record<string, { notes: Told[]; mails: string[] }> = {};
  for (const person of people) {
    const notes = await db
      .selectFrom("notifications")
      .select(["kind", "title", "body", "link"])
      .where("userId", "=", person.id)
      .orderBy("createdAt")
      .execute();
    const mails = await db
      .withTables<{ mailOutbox: { recipient: string; subject: string; createdAt: string } }>()
      .selectFrom("mailOutbox")
      .select("subject")
      .where("recipient", "=", person.email)
      // Every sign-up is mailed a link to confirm the address; that one is about no booking.
      .where("subject", "!=", "Confirm your e-mail address for ReRide")
      .orderBy("createdAt")
      .execute();
    out[person.name] = { notes, mails: mails.map((mail) => mail.subject) };
  }
  return out;
}

describe("booking events", () => {
  let t: TestApp;
  let categories: CategoryIds;
  let seller: Person;
  let buyer: Person;
  let bystander: Person;
  const people = () => [seller, buyer, bystander];

  beforeAll(async () => {
    t = await createTestApp();
    [categories, seller, buyer, bystander] = await Promise.all([
      categoryIds(t),
      newPerson(t, "seller", "Sam Seller"),
      newPerson(t, "buyer", "Bea Buyer"),
      newPerson(t, "buyer", "Ben Bystander"),
    ]);
  });
  afterAll(() => t?.close());

  /** A new bike and, from here on, only what happens to it is counted. */
  async function freshBooking(title: string): Promise<Booking> {
    await withNotificationTables(t.deps.db).deleteFrom("notifications").execute();
    await t.deps.db.withTables<{ mailOutbox: { id: string } }>().deleteFrom("mailOutbox").execute();
    const bike = await listBike(t, seller, categories.YAMAHA, { title });
    return book(t, buyer, bike.id);
  }

  test("a booking tells the seller which bike and who, by mail too; nobody else", async () => {
    await freshBooking("Yamaha R15 V3, blue");
    const told = await toldSo(t, people());
    expect(told["Sam Seller"]?.notes).toEqual([
      {
        kind: "booking_made",
        title: "Bea Buyer booked your bike",
        body: expect.stringContaining("“Yamaha R15 V3, blue”"),
        link: "/dashboard",
      },
    ]);
    expect(told["Sam Seller"]?.mails).toEqual(["Bea Buyer booked your bike"]);
    expect(told["Bea Buyer"]).toEqual({ notes: [], mails: [] });
    expect(told["Ben Bystander"]).toEqual({ notes: [], mails: [] });
  });

  test.each([
    ["accepted", "booking_accepted", "Your booking was accepted"],
    ["declined", "booking_declined", "Your booking was declined"],
  ] as const)("the seller's answer %s tells the buyer only", async (status, kind, title) => {
    const booking = await freshBooking(`Bike ${status}`);
    await withNotificationTables(t.deps.db).deleteFrom("notifications").execute();
    await moveBooking(t, seller, booking.id, status);
    const told = await toldSo(t, people());
    expect(told["Bea Buyer"]?.notes).toEqual([
      {
        kind,
        title,
        body: expect.stringMatching(/^Sam Seller .*“Bike .*”/),
        link: "/dashboard/myBooking",
      },
    ]);
    expect(told["Bea Buyer"]?.mails).toEqual([title]);
    expect(told["Sam Seller"]?.notes).toEqual([]);
    expect(told["Ben Bystander"]?.notes).toEqual([]);
  });

  test("completing an accepted booking tells the buyer; a decline after accepting too", async () => {
    const sold = await freshBooking("Sold bike");
    await moveBooking(t, seller, sold.id, "accepted");
    await moveBooking(t, seller, sold.id, "completed");
    const told = await toldSo(t, people());
    expect(told["Bea Buyer"]?.notes.map((n) => n.kind)).toEqual([
      "booking_accepted",
      "booking_completed",
    ]);
    expect(told["Sam Seller"]?.notes.map((n) => n.kind)).toEqual(["booking_made"]);
    expect(told["Ben Bystander"]?.notes).toEqual([]);
  });

  test("the buyer's cancel tells the seller, naming the buyer and the bike", async () => {
    const booking = await freshBooking("Cancelled bike");
    await moveBooking(t, buyer, booking.id, "cancelled");
    const told = await toldSo(t, people());
    expect(told["Sam Seller"]?.notes.at(-1)).toEqual({
      kind: "booking_cancelled",
      title: "Bea Buyer cancelled a booking",
      body: expect.stringContaining("“Cancelled bike”"),
      link: "/dashboard",
    });
    expect(told["Sam Seller"]?.mails).toEqual([
      "Bea Buyer booked your bike",
      "Bea Buyer cancelled a booking",
    ]);
    expect(told["Bea Buyer"]?.notes).toEqual([]);
  });

  test("a refused move tells nobody", async () => {
    const booking = await freshBooking("Refused move");
    const response = await t.request(`/api/bookings/${booking.id}`, {
      method: "PATCH",
      body: { status: "completed" },
      cookie: seller.cookie,
    });
    expect(response.status).toBe(409);
    const told = await toldSo(t, people());
    expect(told["Bea Buyer"]?.notes).toEqual([]);
    expect(told["Sam Seller"]?.notes.map((n) => n.kind)).toEqual(["booking_made"]);
  });

  /** Runs `check` while `person` has e-mail notifications off. */
  async function withMailOff(person: Person, check: () => Promise<void>) {
    const turn = (emailNotifications: boolean) =>
      t.request("/api/me/preferences", {
        method: "PATCH",
        body: { emailNotifications },
        cookie: person.cookie,
      });
    await expectJson(await turn(false), 200);
    try {
      await check();
    } finally {
      await turn(true);
    }
  }

  test("a seller who turned e-mail off still gets the notification, but no mail", async () => {
    await withMailOff(seller, async () => {
      await freshBooking("Quiet bike");
      const told = await toldSo(t, people());
      expect(told["Sam Seller"]?.notes.map((n) => n.kind)).toEqual(["booking_made"]);
      expect(told["Sam Seller"]?.mails).toEqual([]);
    });
  });

  test("a buyer who turned e-mail off hears the seller's answer in the app only", async () => {
    await withMailOff(buyer, async () => {
      const booking = await freshBooking("Quiet answer");
      await moveBooking(t, seller, booking.id, "declined");
      const told = await toldSo(t, people());
      expect(told["Bea Buyer"]?.notes.map((n) => n.kind)).toEqual(["booking_declined"]);
      expect(told["Bea Buyer"]?.mails).toEqual([]);
      expect(told["Sam Seller"]?.mails).toEqual(["Bea Buyer booked your bike"]);
    });
  });

  test("an admin verifying a seller tells the seller once; unverifying tells nothing", async () => {
    const admin = await theAdmin(t);
    const fresh = await newPerson(t, "seller", "Vera Verified");
    const verify = (verified: boolean) =>
      t.request(`/api/users/${fresh.id}`, {
        method: "PATCH",
        body: { verified },
        cookie: admin.cookie,
      });
    expect((await verify(true)).status).toBe(200);
    expect((await verify(true)).status).toBe(200);
    let told = await toldSo(t, [fresh, admin]);
    expect(told["Vera Verified"]?.notes).toEqual([
      {
        kind: "account_verified",
        title: "Your seller account is verified",
        body: expect.any(String),
        link: `/sellers/${fresh.id}`,
      },
    ]);
    expect(told["Vera Verified"]?.mails).toEqual(["Your seller account is verified"]);
    expect(told[admin.name]?.notes).toEqual([]);
    expect((await verify(false)).status).toBe(200);
    told = await toldSo(t, [fresh]);
    expect(told["Vera Verified"]?.notes).toHaveLength(1);
  });

  test("an admin closing a buyer's account tells the seller their booking was cancelled", async () => {
    const admin = await theAdmin(t);
    const leaving = await newPerson(t, "buyer", "Lea Leaving");
    await withNotificationTables(t.deps.db).deleteFrom("notifications").execute();
    const bike = await listBike(t, seller, categories.YAMAHA, { title: "Orphaned booking" });
    await book(t, leaving, bike.id);
    const deleted = await t.request(`/api/users/${leaving.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    const told = await toldSo(t, [seller]);
    expect(told["Sam Seller"]?.notes.map((n) => n.kind)).toEqual([
      "booking_made",
      "booking_cancelled",
    ]);
    expect(told["Sam Seller"]?.notes[1]?.body).toContain("“Orphaned booking”");
  });
});

describe("expiry run by two processes at once", () => {
  let shared: SharedDatabaseApps;
  beforeAll(async () => {
    shared = await createAppsOnOneDatabase(2);
  });
  afterAll(() => shared?.close());

  async function person(api: Api, accountType: "seller" | "buyer", name: string) {
    const email = uniqueEmail(accountType);
    const cookie = await signUp(api, { accountType, name, email });
    const user = await expectJson<User>(await api.request("/api/me", { cookie }), 200);
    return { ...user, cookie } satisfies Person;
  }

  test("tells both sides exactly once, by notification and by mail", async () => {
    const [one, two] = shared.instances;
    if (!one || !two) throw new Error("two instances expected");
    const categories = await categoryIds(one);
    const seller = await person(one, "seller", "Sid Slow");
    const buyer = await person(two, "buyer", "Bo Waiting");
    const bike = await listBike(one, seller, categories.SUZUKI, { title: "Honda CB Hornet" });
    const booking = await book(two, buyer, bike.id);
    const later = new Date(new Date(booking.createdAt).getTime() + 73 * HOUR_MS);

    const run = (instance: typeof one) =>
      expirePendingBookings(instance.deps.db, later, 72, { publicUrl: instance.env.publicUrl });
    // On PostgreSQL the runs race for real. better-sqlite3 waits for a lock
    // synchronously, which in one test process would stall the holder too, so
    // there the two connections take turns: the second finds nothing left.
    const runs =
      one.deps.dialect === "postgres"
        ? await Promise.all([one, two, one, two].map(run))
        : [await run(one), await run(two)];
    expect(runs.flat()).toEqual([booking.id]);

    const told = await toldSo(one, [seller, buyer]);
    expect(told["Bo Waiting"]?.notes).toEqual([
      {
        kind: "booking_expired",
        title: "Your booking expired",
        body: expect.stringContaining("“Honda CB Hornet”"),
        link: "/dashboard/myBooking",
      },
    ]);
    expect(told["Sid Slow"]?.notes.map((n) => n.kind)).toEqual(["booking_made", "booking_expired"]);
    expect(told["Sid Slow"]?.notes[1]?.body).toContain("Bo Waiting");
    expect(told["Bo Waiting"]?.mails).toEqual(["Your booking expired"]);
    expect(told["Sid Slow"]?.mails).toEqual([
      "Bo Waiting booked your bike",
      "A booking of “Honda CB Hornet” expired",
    ]);
  });
});
