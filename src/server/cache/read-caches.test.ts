import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import {
  type AppInstance,
  createAppsOnOneDatabase,
  type SharedDatabaseApps,
} from "#tests/support/shared-database";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RequestOptions } from "#tests/support/test-app";
import type { AccountType } from "../../shared/schemas/auth";
import type { Bike, BikeDetail } from "../../shared/schemas/bikes";
import type { Category } from "../../shared/schemas/categories";
import type { User } from "../../shared/schemas/users";

/**
 * The read caches (docs/decisions/0007-read-caches.md) on two app instances
 * over one database, each with its own connection and memory, as two
 * processes behind a load balancer: every response B has cached must change as
 * soon as A writes. Each read is made twice on B first, so the second response
 * is B's cached one.
 */
let shared: SharedDatabaseApps;
let a: AppInstance;
let b: AppInstance;
let ktm = "";
beforeAll(async () => {
  shared = await createAppsOnOneDatabase(2);
  [a, b] = shared.instances as [AppInstance, AppInstance];
  const categories = await json<Category[]>(a, "/api/categories");
  ktm = categories.find((category) => category.name === "KTM")?.id ?? "";
}, 60_000);
afterAll(() => shared?.close());

interface Account {
  id: string;
  cookie: string;
}

async function json<T>(on: AppInstance, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await on.request(path, options);
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function account(on: AppInstance, accountType: AccountType): Promise<Account> {
  const cookie = await signUp(on, { accountType, email: uniqueEmail(accountType) });
  return { id: (await json<User>(on, "/api/me", { cookie })).id, cookie };
}

async function listBike(on: AppInstance, seller: Account, title: string): Promise<BikeDetail> {
  return json<BikeDetail>(on, "/api/bikes", {
    cookie: seller.cookie,
    body: {
      title,
      name: "390 Duke",
      categoryId: ktm,
      imageUrl: "https://example.com/duke.jpg",
      location: "Chattogram",
      yearsOfUse: 1,
      mileageKm: 12000,
      modelYear: 2023,
      engineCc: 250,
      condition: "good",
      papersUpToDate: true,
      originalPrice: 5000,
      resalePrice: 4200,
      phone: "+8801711000009",
    },
  });
}

/** Read twice on `on` (the second response comes from its cache), return the second. */
async function readTwice<T>(on: AppInstance, path: string, cookie?: string): Promise<T> {
  await json<T>(on, path, { cookie });
  return json<T>(on, path, { cookie });
}

const categoryPage = () => `/api/categories/${ktm}/bikes`;
const itemsOf = (page: { items: Bike[] }, id: string) => page.items.find((item) => item.id === id);
const availableKtm = async (on: AppInstance) =>
  (await json<Category[]>(on, "/api/categories")).find((category) => category.id === ktm)
    ?.availableCount;

describe("cached responses, two instances on one database", () => {
  test("a bike booked on A is booked on B at once: category page, search, home, bike page, counts", async () => {
    const seller = await account(a, "seller");
    const watcher = await account(b, "buyer");
    const booker = await account(a, "buyer");
    const title = `Cachetest ${Date.now().toString(36)} single owner`;
    const bike = await listBike(a, seller, title);
    const advertised = await a.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { advertised: true },
    });
    expect(advertised.status).toBe(200);
    const search = `/api/bikes?q=${encodeURIComponent(title.split(" ")[1] ?? "")}`;

    const page = await readTwice<{ items: Bike[] }>(b, categoryPage(), watcher.cookie);
    expect(itemsOf(page, bike.id)?.status).toBe("available");
    const found = await readTwice<{ items: Bike[] }>(b, search, watcher.cookie);
    expect(found.items.map((item) => item.id)).toEqual([bike.id]);
    const home = await readTwice<{ items: Bike[] }>(b, "/api/bikes/advertised", watcher.cookie);
    expect(itemsOf(home, bike.id)).toBeDefined();
    const detail = await readTwice<BikeDetail>(b, `/api/bikes/${bike.id}`, watcher.cookie);
    expect(detail.status).toBe("available");
    await readTwice<Category[]>(b, "/api/categories", watcher.cookie);
    const countBefore = await availableKtm(b);

    const booking = await a.request("/api/bookings", {
      cookie: booker.cookie,
      body: { bikeId: bike.id, phone: "+8801911000002", meetingLocation: "Agrabad" },
    });
    expect(booking.status).toBe(201);

    const pageAfter = await json<{ items: Bike[] }>(b, categoryPage(), { cookie: watcher.cookie });
    expect(itemsOf(pageAfter, bike.id)?.status).toBe("booked");
    expect((await json<{ items: Bike[] }>(b, search, { cookie: watcher.cookie })).items).toEqual(
      [],
    );
    const homeAfter = await json<{ items: Bike[] }>(b, "/api/bikes/advertised", {
      cookie: watcher.cookie,
    });
    expect(itemsOf(homeAfter, bike.id)).toBeUndefined();
    const detailAfter = await json<BikeDetail>(b, `/api/bikes/${bike.id}`, {
      cookie: watcher.cookie,
    });
    expect(detailAfter.status).toBe("booked");
    expect(await availableKtm(b)).toBe((countBefore ?? 0) - 1);
  });

  test("a wishlist change, a price change and a seller's verification on A show on B", async () => {
    const seller = await account(a, "seller");
    const buyer = await account(a, "buyer");
    const bike = await listBike(a, seller, "Wishlisted on one, seen on the other");
    const before = itemsOf(await readTwice(b, categoryPage(), buyer.cookie), bike.id);
    expect(before).toMatchObject({ wishlisted: false, resalePrice: 4200 });
    expect(before?.seller.verified).toBe(false);

    const wished = await a.request(`/api/me/wishlist/${bike.id}`, {
      method: "PUT",
      cookie: buyer.cookie,
    });
    expect(wished.status).toBe(204);
    expect(itemsOf(await json(b, categoryPage(), { cookie: buyer.cookie }), bike.id)).toMatchObject(
      { wishlisted: true },
    );

    await readTwice(b, categoryPage(), buyer.cookie);
    const repriced = await a.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { resalePrice: 3900 },
    });
    expect(repriced.status).toBe(200);
    expect(itemsOf(await json(b, categoryPage(), { cookie: buyer.cookie }), bike.id)).toMatchObject(
      { resalePrice: 3900 },
    );

    await readTwice(b, categoryPage(), buyer.cookie);
    const admin = await signIn(a, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const verified = await a.request(`/api/users/${seller.id}`, {
      method: "PATCH",
      cookie: admin,
      body: { verified: true },
    });
    expect(verified.status).toBe(200);
    const after = itemsOf(await json(b, categoryPage(), { cookie: buyer.cookie }), bike.id);
    expect(after?.seller.verified).toBe(true);
  });

  test("responses are cached per caller: the seller's phone never reaches a buyer from the cache", async () => {
    const seller = await account(a, "seller");
    const buyer = await account(a, "buyer");
    const bike = await listBike(a, seller, "Own phone shown to its seller only");
    const asSeller = itemsOf(await readTwice(b, categoryPage(), seller.cookie), bike.id);
    expect(asSeller?.phone).toBe("+8801711000009");
    const asBuyer = itemsOf(await readTwice(b, categoryPage(), buyer.cookie), bike.id);
    expect(asBuyer).toBeDefined();
    expect(asBuyer).not.toHaveProperty("phone");
  });

  test("a direct write to the database, outside any request, is seen too", async () => {
    const watcher = await account(b, "buyer");
    const before = await readTwice<Category[]>(b, "/api/categories", watcher.cookie);
    await a.deps.db.updateTable("categories").set({ logo: "/images/logos/ktm-new.svg" }).execute();
    const after = await json<Category[]>(b, "/api/categories", { cookie: watcher.cookie });
    expect(after.map((category) => category.logo)).not.toEqual(
      before.map((category) => category.logo),
    );
    expect(after.every((category) => category.logo === "/images/logos/ktm-new.svg")).toBe(true);
  });
});

describe("ETag and revalidation", () => {
  test("an unchanged response is 304 without a body; after a write on A, 200 with a new tag", async () => {
    const seller = await account(a, "seller");
    const buyer = await account(b, "buyer");
    const bike = await listBike(a, seller, "Revalidated by its ETag");
    const first = await b.request(categoryPage(), { cookie: buyer.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await b.request(categoryPage(), {
      cookie: buyer.cookie,
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    await a.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { resalePrice: 4100 },
    });
    const changed = await b.request(categoryPage(), {
      cookie: buyer.cookie,
      headers: { "if-none-match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(itemsOf((await changed.json()) as { items: Bike[] }, bike.id)?.resalePrice).toBe(4100);
  });

  test("responses that are not cached keep no-store", async () => {
    const buyer = await account(b, "buyer");
    const me = await b.request("/api/me", { cookie: buyer.cookie });
    expect(me.headers.get("cache-control")).toBe("no-store");
    const missing = await b.request("/api/bikes/no-such-bike", { cookie: buyer.cookie });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("etag")).toBeNull();
  });
});

describe("cached sessions, two instances on one database", () => {
  test("B reads a session it has never seen from the database, without asking better-auth", async () => {
    const buyer = await account(a, "buyer");
    const askedBetterAuth = vi.spyOn(b.deps.auth.api, "getSession");
    try {
      const me = await json<User>(b, "/api/me", { cookie: buyer.cookie });
      expect(me.id).toBe(buyer.id);
      expect(askedBetterAuth).not.toHaveBeenCalled();
    } finally {
      askedBetterAuth.mockRestore();
    }
  });

  test("a session due its daily refresh still goes to better-auth, which extends it", async () => {
    const buyer = await account(a, "buyer");
    const { expiresIn, updateAge } = b.deps.auth.options.session;
    // A day and a minute old: due its refresh, far from expiring.
    const dueSince = Date.now() + (expiresIn - updateAge - 60) * 1000;
    await a.deps.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(dueSince).toISOString() })
      .where("userId", "=", buyer.id)
      .execute();
    const askedBetterAuth = vi.spyOn(b.deps.auth.api, "getSession");
    try {
      const response = await b.request("/api/me", { cookie: buyer.cookie });
      expect(response.status).toBe(200);
      expect(askedBetterAuth).toHaveBeenCalledTimes(1);
      expect(response.headers.getSetCookie().join(";")).toContain("session_token");
    } finally {
      askedBetterAuth.mockRestore();
    }
  });

  test("signing out on A ends the session B has cached", async () => {
    const buyer = await account(a, "buyer");
    await readTwice(b, "/api/me", buyer.cookie);
    const out = await a.request("/api/auth/sign-out", { cookie: buyer.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await b.request("/api/me", { cookie: buyer.cookie })).status).toBe(401);
  });

  test("a password changed on A ends the other session B has cached", async () => {
    const email = uniqueEmail("buyer");
    const laptop = await signUp(a, { email });
    const phone = await signIn(b, { email });
    await readTwice(b, "/api/me", phone);
    const changed = await a.request("/api/auth/change-password", {
      cookie: laptop,
      body: { currentPassword: TEST_PASSWORD, newPassword: "another-horse-43" },
    });
    expect(changed.status).toBe(200);
    expect((await b.request("/api/me", { cookie: phone })).status).toBe(401);
  });

  test("an account deleted on A is signed out on B at once, reads and writes", async () => {
    const buyer = await account(a, "buyer");
    await readTwice(b, "/api/me", buyer.cookie);
    await readTwice(b, categoryPage(), buyer.cookie);
    const admin = await signIn(a, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const deleted = await a.request(`/api/users/${buyer.id}`, { method: "DELETE", cookie: admin });
    expect(deleted.status).toBe(204);
    expect((await b.request("/api/me", { cookie: buyer.cookie })).status).toBe(401);
    expect((await b.request(categoryPage(), { cookie: buyer.cookie })).status).toBe(401);
  });

  test("a session that expired (its row changed on A) is refused on B", async () => {
    const buyer = await account(a, "buyer");
    await readTwice(b, "/api/me", buyer.cookie);
    await a.deps.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("userId", "=", buyer.id)
      .execute();
    expect((await b.request("/api/me", { cookie: buyer.cookie })).status).toBe(401);
  });
});
