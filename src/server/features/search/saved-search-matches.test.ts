import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedSearch } from "#src/shared/schemas/saved-searches";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import { saveSearch } from "#tests/support/builders/saved-search";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withNotificationTables } from "../../notifications/notification-tables";
import { matchAvailableBikes } from "./saved-search-matches";
import { withSavedSearchTables } from "./saved-search-tables";

const HOUR_MS = 3_600_000;

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

const match = (now = new Date()) => matchAvailableBikes(t.deps, now);

const notificationsOf = (person: Person) =>
  withNotificationTables(t.deps.db)
    .selectFrom("notifications")
    .select(["kind", "title", "body", "link"])
    .where("userId", "=", person.id)
    .orderBy("createdAt")
    .execute();

const mailsTo = (person: Person) =>
  t.deps.db
    .withTables<{ mailOutbox: { recipient: string; subject: string; text: string } }>()
    .selectFrom("mailOutbox")
    .select(["subject", "text"])
    .where("recipient", "=", person.email)
    // Every sign-up is asked to confirm its address; these tests read the other mails.
    .where("subject", "!=", "Confirm your e-mail address for ReRide")
    .execute();

const savedSearchesOf = async (person: Person) => {
  const response = await t.request("/api/me/saved-searches", { cookie: person.cookie });
  return ((await response.json()) as { items: SavedSearch[] }).items;
};

describe("before anyone saves a search", () => {
  it("the first start's demo listings are recorded as listed and dropped at once, telling nobody", async () => {
    const waiting = () =>
      withSavedSearchTables(t.deps.db).selectFrom("bikeAvailability").select("bikeId").execute();
    const demo = await t.deps.db
      .selectFrom("bikes")
      .select("id")
      .where("status", "=", "available")
      .execute();
    expect((await waiting()).map((row) => row.bikeId).sort()).toEqual(
      demo.map((bike) => bike.id).sort(),
    );
    expect(await match()).toBe(0);
    expect(await waiting()).toEqual([]);
  });
});

describe("a bike that is listed", () => {
  it("notifies the owner of each matching search once, and never its own seller", async () => {
    const [buyer, seller, bystander] = await Promise.all([
      newPerson(t, "buyer"),
      newPerson(t, "seller", "Duke Seller"),
      newPerson(t, "buyer"),
    ]);
    const query = { q: "duke", categoryId: categories.KTM, maxPrice: 3000, location: "Dhaka" };
    const search = await saveSearch(t, buyer, query, "Duke under 3000");
    // The same words in a second search of the buyer: still one notification for one bike.
    await saveSearch(t, buyer, { q: "duke 390" });
    // The seller is looking for the same bike.
    await saveSearch(t, seller, query);
    // Searches the bike does not meet, each by one filter.
    await Promise.all([
      saveSearch(t, bystander, { ...query, maxPrice: 2000 }),
      saveSearch(t, bystander, { ...query, categoryId: categories.SUZUKI }),
      saveSearch(t, bystander, { ...query, q: "dukes" }),
      saveSearch(t, bystander, { ...query, location: "Chittagong" }),
      saveSearch(t, bystander, { ...query, maxYearsOfUse: 1 }),
      saveSearch(t, bystander, { ...query, verifiedOnly: true }),
    ]);

    const bike = await listBike(t, seller, categories.KTM, {
      title: "KTM Duke 390, garage kept",
      name: "Duke 390",
      location: "Dhaka, Gulshan",
      resalePrice: 2500,
      yearsOfUse: 2,
    });
    // Nothing is told before the matcher runs: the listing never waits on it.
    expect(await notificationsOf(buyer)).toEqual([]);
    expect(await match()).toBe(1);

    expect(await notificationsOf(buyer)).toEqual([
      {
        kind: "saved_search_match",
        title: "New match for “Duke under 3000”",
        body: "KTM Duke 390, garage kept matches your saved search and is available now.",
        link: `/bikes/${bike.id}`,
      },
    ]);
    const [mail] = await mailsTo(buyer);
    expect(mail?.subject).toBe("New match for “Duke under 3000”");
    expect(mail?.text).toContain(`${t.env.publicUrl}/bikes/${bike.id}`);
    expect(await notificationsOf(seller)).toEqual([]);
    expect(await notificationsOf(bystander)).toEqual([]);

    const listed = (await savedSearchesOf(buyer)).find((s) => s.id === search.id);
    expect(listed?.matchCount).toBe(1);
    expect(listed?.lastMatchedAt).not.toBeNull();

    // Once: running again finds nothing new.
    expect(await match()).toBe(0);
    expect(await notificationsOf(buyer)).toHaveLength(1);
  });

  it("tells nobody about a bike that matches no search", async () => {
    const [buyer, seller] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "seller")]);
    await saveSearch(t, buyer, { q: "interceptor", maxPrice: 4000 });
    await listBike(t, seller, categories.KTM, {
      title: "Royal Enfield Interceptor 650",
      resalePrice: 4500,
    });
    await listBike(t, seller, categories.KTM, {
      title: "Royal Enfield Classic 350",
      resalePrice: 2000,
    });
    expect(await match()).toBe(0);
    expect(await notificationsOf(buyer)).toEqual([]);
    expect(
      await withSavedSearchTables(t.deps.db).selectFrom("bikeAvailability").selectAll().execute(),
    ).toEqual([]);
  });
});

describe("a bike that becomes available again", () => {
  it("notifies after a booking is cancelled or declined, not while it is booked", async () => {
    const [watcher, seller, booker] = await Promise.all([
      newPerson(t, "buyer"),
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
    ]);
    const bike = await listBike(t, seller, categories.YAMAHA, { title: "Yamaha MT-15 V2" });
    await match();
    // The watcher saves the search after the bike was listed and then booked.
    const first = await book(t, booker, bike.id);
    await saveSearch(t, watcher, { q: "mt 15", categoryId: categories.YAMAHA });
    expect(await match()).toBe(0);

    await moveBooking(t, booker, first.id, "cancelled");
    expect(await match()).toBe(1);
    expect(await notificationsOf(watcher)).toMatchObject([{ link: `/bikes/${bike.id}` }]);

    const second = await book(t, booker, bike.id);
    await moveBooking(t, seller, second.id, "declined");
    expect(await match()).toBe(1);
    expect(await notificationsOf(watcher)).toHaveLength(2);

    // Booked again before the matcher's turn: nothing to tell about it.
    const third = await book(t, booker, bike.id);
    await moveBooking(t, booker, third.id, "cancelled");
    await book(t, booker, bike.id);
    expect(await match()).toBe(0);
    expect(await notificationsOf(watcher)).toHaveLength(2);
  });
});

describe("with several processes", () => {
  it("two matchers running at once notify about each bike once", async () => {
    const [buyer, seller] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "seller")]);
    await saveSearch(t, buyer, { q: "pulsar" });
    const bikes = [];
    for (let i = 0; i < 6; i++) {
      bikes.push(await listBike(t, seller, categories.SUZUKI, { title: `Bajaj Pulsar no. ${i}` }));
    }
    const now = new Date();
    const [a, b] = await Promise.all([match(now), match(now)]);
    expect(a + b).toBe(6);
    const links = (await notificationsOf(buyer)).map((n) => n.link).sort();
    expect(links).toEqual(bikes.map((bike) => `/bikes/${bike.id}`).sort());
  });

  it("a bike claimed by a process that died is matched once its lease ends", async () => {
    const [buyer, seller] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "seller")]);
    await saveSearch(t, buyer, { q: "hornet" });
    const bike = await listBike(t, seller, categories.SUZUKI, { title: "Honda Hornet 2.0" });
    const now = Date.now();
    // Claimed as a matcher would, which then died before it finished.
    await withSavedSearchTables(t.deps.db)
      .updateTable("bikeAvailability")
      .set({ claimedUntil: now + 60_000 })
      .where("bikeId", "=", bike.id)
      .execute();
    expect(await match(new Date(now))).toBe(0);
    expect(await match(new Date(now + 61_000))).toBe(1);
    expect(await notificationsOf(buyer)).toMatchObject([{ link: `/bikes/${bike.id}` }]);
  });
});

describe("mail", () => {
  it("goes at most once a day per saved search; later matches that day are in the app only", async () => {
    const [buyer, seller] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "seller")]);
    await saveSearch(t, buyer, { q: "apache" }, "Apaches");
    const start = Date.now();
    const listAndMatch = async (title: string, at: number) => {
      await listBike(t, seller, categories.SUZUKI, { title });
      expect(await match(new Date(at))).toBe(1);
    };

    await listAndMatch("TVS Apache RTR 160", start);
    await listAndMatch("TVS Apache RTR 200", start + 1 * HOUR_MS);
    await listAndMatch("TVS Apache RR 310", start + 23 * HOUR_MS);
    expect(await notificationsOf(buyer)).toHaveLength(3);
    expect((await mailsTo(buyer)).map((mail) => mail.text)).toEqual([
      expect.stringContaining("TVS Apache RTR 160"),
    ]);

    // A day after the last mail, the next match is mailed again.
    await listAndMatch("TVS Apache RTR 180", start + 24 * HOUR_MS);
    expect(await notificationsOf(buyer)).toHaveLength(4);
    expect(await mailsTo(buyer)).toHaveLength(2);
  });
});
