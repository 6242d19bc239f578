import { type KyselyPlugin, SelectQueryNode, TableNode } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AppDb } from "#src/server/db/database";
import type { ListedBike } from "#src/shared/schemas/bikes";
import { categoryBikesQuerySchema } from "#src/shared/schemas/search";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { tellingVersions } from "#tests/support/version-reads";
import { listBikes } from "./bike-listing";
import { ownPartOf, readCategoryPage } from "./category-page";
import type { Cursor } from "./cursor";

/**
 * A category page's bikes are read once for every caller and completed with
 * each caller's own hearts and bookings (cache/shared-reads.ts). What one
 * caller owns never shows on another's page, and a write to the category
 * reads the bikes again for everyone.
 */
const TOKEN = "category-page-metrics-token";
let t: TestApp;
let seller: Person;
let ann: Person;
let ben: Person;
let admin: Person;
let ktm = "";
let hearted = "";
let booked = "";

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  ktm = (await categoryIds(t)).KTM;
  [seller, ann, ben, admin] = await Promise.all([
    newPerson(t, "seller"),
    newPerson(t, "buyer", "Ann Buyer"),
    newPerson(t, "buyer", "Ben Buyer"),
    theAdmin(t),
  ]);
  hearted = (await listBike(t, seller, ktm, { title: "KTM Duke, hearted by Ann" })).id;
  booked = (await listBike(t, seller, ktm, { title: "KTM RC, booked by Ann" })).id;
  expect(
    (await t.request(`/api/me/wishlist/${hearted}`, { method: "PUT", cookie: ann.cookie })).status,
  ).toBe(204);
  await book(t, ann, booked);
});
afterAll(() => t?.close());

async function pageOf(who: Person): Promise<Map<string, ListedBike>> {
  const response = await t.request(`/api/categories/${ktm}/bikes`, { cookie: who.cookie });
  const { items } = await expectJson<{ items: ListedBike[] }>(response, 200);
  return new Map(items.map((bike) => [bike.id, bike]));
}

/** How often the shared part was found, and how often read. */
async function sharedCounts() {
  const response = await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await response.text();
  const count = (name: string) =>
    Number(new RegExp(`^${name}\\{cache="shared"\\} (\\d+)`, "m").exec(text)?.[1] ?? 0);
  return { found: count("reride_cache_hits_total"), read: count("reride_cache_misses_total") };
}

describe("a category page shared between callers", () => {
  test("each caller sees their own hearts and bookings, and no one else's", async () => {
    const before = await sharedCounts();
    const ans = await pageOf(ann);
    const bens = await pageOf(ben);
    // Ben's page was completed from what Ann's request read.
    expect(await sharedCounts()).toEqual({ found: before.found + 1, read: before.read + 1 });

    expect(ans.get(hearted)?.wishlisted).toBe(true);
    expect(ans.get(booked)?.yourBookingId).toEqual(expect.any(String));
    expect(bens.get(hearted)?.wishlisted).toBe(false);
    expect(bens.get(booked)?.yourBookingId).toBeNull();
    // Everything else on the two pages is the same.
    const common = (page: Map<string, ListedBike>) =>
      [...page.values()].map(({ wishlisted: _w, yourBookingId: _b, ...bike }) => bike);
    expect(common(bens)).toEqual(common(ans));
    expect(bens.get(booked)?.status).toBe("booked");
  });

  test("the phone number only for the bikes' seller and for admins", async () => {
    const shown = (page: Map<string, ListedBike>) => page.get(hearted)?.phone;
    expect(shown(await pageOf(ben))).toBeUndefined();
    expect(shown(await pageOf(seller))).toEqual(expect.any(String));
    expect(shown(await pageOf(admin))).toEqual(expect.any(String));
    expect(shown(await pageOf(ann))).toBeUndefined();
  });

  test("a booking in the category reads the bikes again for everyone", async () => {
    await pageOf(ann);
    await book(t, ben, hearted);
    const before = await sharedCounts();
    const ans = await pageOf(ann);
    expect(await sharedCounts()).toEqual({ found: before.found, read: before.read + 1 });
    expect(ans.get(hearted)?.status).toBe("booked");
    expect(ans.get(hearted)?.yourBookingId).toBeNull();
    expect((await pageOf(ben)).get(hearted)?.yourBookingId).toEqual(expect.any(String));
  });

  test("read afresh, asks for its version and its fair prices' together: one read of the versions", async () => {
    const versions = t.deps.dataVersion;
    // What each turn of the event loop asked of the versions: one turn's questions share a read.
    const turns: string[][] = [];
    let thisTurn: string[] | null = null;
    const asked = (question: string) => {
      if (!thisTurn) {
        const turn: string[] = [];
        turns.push(turn);
        thisTurn = turn;
        setImmediate(() => {
          thisTurn = null;
        });
      }
      thisTurn.push(question);
    };
    t.deps.dataVersion = tellingVersions(versions, asked);
    try {
      await listBike(t, seller, ktm, { title: "KTM Adventure, listed to move the page" });
      await pageOf(ann);
    } finally {
      t.deps.dataVersion = versions;
    }
    const pricesAsked = turns.filter((turn) => turn.includes(`keys prices:${ktm}`));
    expect(pricesAsked).toEqual([[`scope category:${ktm} prices:${ktm}`, `keys prices:${ktm}`]]);
  });

  test("a caller's own part is one statement: hearts and bookings, both on one bike too", async () => {
    const both = (await listBike(t, seller, ktm, { title: "KTM Adventure, hearted and booked" }))
      .id;
    expect(
      (await t.request(`/api/me/wishlist/${both}`, { method: "PUT", cookie: ann.cookie })).status,
    ).toBe(204);
    await book(t, ann, both);
    const annUser = { id: await userIdOf(ann), role: "user" as const };
    const query = categoryBikesQuerySchema.parse({});
    const shared = await readCategoryPage(t.deps.db, t.deps.dialect, ktm, query, null);
    if (!shared) throw new Error("no such category");

    const counted = countingStatements(t.deps.db);
    const own = await ownPartOf(counted.db, t.deps.dialect, shared, ktm, query, annUser);
    expect(counted.seen).toHaveLength(1);
    const bike = (id: string) => own.items.find((item) => item.id === id);
    expect(bike(both)).toMatchObject({ wishlisted: true, yourBookingId: expect.any(String) });
    expect(bike(hearted)).toMatchObject({ wishlisted: true, yourBookingId: null });
    expect(bike(booked)).toMatchObject({ wishlisted: false, yourBookingId: expect.any(String) });
    // The same as the endpoint answers her.
    const page = await pageOf(ann);
    for (const item of own.items) {
      expect(page.get(item.id)).toMatchObject({
        wishlisted: item.wishlisted,
        yourBookingId: item.yourBookingId,
      });
    }
  });
});

describe("a category page's category", () => {
  test("is named by the page's bikes, read with their photos; only an empty page, or none, asks for it apart", async () => {
    const query = categoryBikesQuerySchema.parse({});
    const page = readingTables(t.deps.db);
    const listed = await readCategoryPage(page.db, t.deps.dialect, ktm, query, null);
    expect(listed?.category).toEqual({ id: ktm, name: "KTM" });
    expect(listed?.items.length).toBeGreaterThan(0);
    // A round trip fewer on PostgreSQL for every page read after a write.
    expect(page.tables).not.toContain("categories");
    // The photos come with the bikes (catalog/bike-reads.ts), not in a statement of their own.
    expect(page.tables).not.toContain("bikePhotos");

    // A filter no KTM matches: the page is empty, and still names its category.
    const nothing = categoryBikesQuerySchema.parse({ location: "Nowhere at all" });
    const empty = readingTables(t.deps.db);
    const none = await readCategoryPage(empty.db, t.deps.dialect, ktm, nothing, null);
    expect(none).toEqual({ category: { id: ktm, name: "KTM" }, items: [], nextCursor: null });
    expect(empty.tables).toContain("categories");

    expect(await readCategoryPage(t.deps.db, t.deps.dialect, "nope", query, null)).toBeNull();
    const missing = await t.request("/api/categories/nope/bikes", { cookie: ann.cookie });
    expect(missing.status).toBe(404);
  });

  test("is read with its bikes and their page's ids in one statement, page after page", async () => {
    const sorted = categoryBikesQuerySchema.parse({ sort: "price_asc", limit: 50 });
    const whole = await readCategoryPage(t.deps.db, t.deps.dialect, ktm, sorted, null);
    const walked: string[] = [];
    let cursor: Cursor | null = null;
    do {
      const counted = countingStatements(t.deps.db);
      const page = await listBikes(
        counted.db,
        t.deps.dialect,
        null,
        { categoryId: ktm, availableOnly: false },
        { sort: "price_asc", cursor, limit: 2 },
      );
      expect(counted.seen).toHaveLength(1);
      walked.push(...page.items.map((bike) => bike.id));
      cursor = page.next;
    } while (cursor);
    expect(walked.length).toBeGreaterThan(2);
    expect(walked).toEqual(whole?.items.map((bike) => bike.id));
    const missing = await t.request("/api/categories/nope/bikes", { cookie: ann.cookie });
    expect(missing.status).toBe(404);
  });
});

/** `db`, noting the table each statement it runs selects from first. */
function readingTables(db: AppDb): { db: AppDb; tables: string[] } {
  const tables: string[] = [];
  const noter: KyselyPlugin = {
    transformQuery(args) {
      const from = SelectQueryNode.is(args.node) ? args.node.from?.froms[0] : undefined;
      if (from && TableNode.is(from)) tables.push(from.table.identifier.name);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(noter), tables };
}

async function userIdOf(who: Person): Promise<string> {
  const response = await t.request("/api/me", { cookie: who.cookie });
  return (await expectJson<{ id: string }>(response, 200)).id;
}
