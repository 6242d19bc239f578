import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { documentedEndpoints } from "#tests/support/api-docs";
import { TEST_PASSWORD } from "#tests/support/builders/account";
import { summarizeData } from "#tests/support/db-checksum";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";
import type { ErrorBody } from "../../shared/errors";

let t: TestApp;
let sellerCookie: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  sellerCookie = await signUp(t, { accountType: "seller" });
  const categories = (await (await t.request("/api/categories")).json()) as { id: string }[];
  categoryId = categories[0]?.id ?? "";
});
afterAll(() => t?.close());

const listing = () => ({
  title: "Cross-site test bike",
  name: "Duke 200",
  categoryId,
  imageUrl: "https://example.com/bike.jpg",
  location: "Dhaka",
  yearsOfUse: 1,
  mileageKm: 12000,
  modelYear: 2023,
  engineCc: 250,
  condition: "good",
  papersUpToDate: true,
  originalPrice: 2000,
  resalePrice: 1500,
  phone: "+8801700000000",
});

async function countListings() {
  const row = await t.deps.db
    .selectFrom("bikes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe("cookie-authenticated writes from another site", () => {
  test("a foreign Origin is refused with 403 and changes nothing", async () => {
    const before = await countListings();
    const response = await t.request("/api/bikes", {
      method: "POST",
      cookie: sellerCookie,
      body: listing(),
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/cross-site/i);
    expect(await countListings()).toBe(before);
  });

  test("a request the browser marks cross-site is refused even without Origin", async () => {
    const response = await t.app.request("/api/bikes", {
      method: "POST",
      headers: {
        cookie: sellerCookie,
        "content-type": "application/json",
        "sec-fetch-site": "cross-site",
      },
      body: JSON.stringify(listing()),
    });
    expect(response.status).toBe(403);
  });

  test("the same write from ReRide's own origin succeeds", async () => {
    const response = await t.request("/api/bikes", {
      method: "POST",
      cookie: sellerCookie,
      body: listing(),
    });
    expect(response.status).toBe(201);
  });

  test("a foreign Origin can't sign someone out either", async () => {
    const response = await t.request("/api/auth/sign-out", {
      method: "POST",
      cookie: sellerCookie,
      body: {},
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await t.request("/api/me", { cookie: sellerCookie })).status).toBe(200);
  });
});

describe("every write endpoint, the app's and the auth library's", () => {
  let buyerCookie: string;
  let adminCookie: string;
  let bikeId: string;
  let bookingId: string;
  let sellerId: string;

  beforeAll(async () => {
    buyerCookie = await signUp(t);
    adminCookie = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const created = await t.request("/api/bikes", { cookie: sellerCookie, body: listing() });
    bikeId = ((await created.json()) as { id: string }).id;
    const other = await t.request("/api/bikes", { cookie: sellerCookie, body: listing() });
    const booking = await t.request("/api/bookings", {
      cookie: buyerCookie,
      body: {
        bikeId: ((await other.json()) as { id: string }).id,
        phone: "+8801700000001",
        meetingLocation: "Gulshan",
      },
    });
    bookingId = ((await booking.json()) as { id: string }).id;
    sellerId = (
      (await (await t.request("/api/me", { cookie: sellerCookie })).json()) as { id: string }
    ).id;
  });

  // Each with a body that would succeed from ReRide's own pages.
  const writes = (): [string, string, unknown][] => [
    [
      "POST /api/auth/sign-up/email",
      sellerCookie,
      { name: "X", email: "csrf@example.test", password: TEST_PASSWORD, accountType: "buyer" },
    ],
    ["POST /api/auth/sign-in/email", "", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }],
    ["POST /api/auth/sign-out", buyerCookie, {}],
    ["POST /api/auth/sign-in/social", "", { provider: "google", callbackURL: "/" }],
    [
      "POST /api/auth/change-password",
      buyerCookie,
      { currentPassword: TEST_PASSWORD, newPassword: "csrf-new-password" },
    ],
    ["POST /api/auth/update-user", buyerCookie, { name: "Renamed by another site" }],
    ["POST /api/auth/revoke-sessions", buyerCookie, {}],
    [
      "POST /api/auth/request-password-reset",
      "",
      { email: ADMIN_EMAIL, redirectTo: "/reset-password" },
    ],
    [
      "POST /api/auth/reset-password",
      "",
      { token: "a-token-from-another-site", newPassword: "csrf-new-password" },
    ],
    ["POST /api/bikes", sellerCookie, listing()],
    [`PATCH /api/bikes/${bikeId}`, sellerCookie, { title: "Changed by another site" }],
    [`DELETE /api/bikes/${bikeId}`, sellerCookie, undefined],
    ["POST /api/uploads", sellerCookie, undefined],
    [
      "POST /api/bookings",
      buyerCookie,
      { bikeId, phone: "+8801700000002", meetingLocation: "Banani" },
    ],
    [`PATCH /api/bookings/${bookingId}`, buyerCookie, { status: "cancelled" }],
    [`PUT /api/me/wishlist/${bikeId}`, buyerCookie, undefined],
    [`DELETE /api/me/wishlist/${bikeId}`, buyerCookie, undefined],
    ["POST /api/me/saved-searches", buyerCookie, { query: { q: "duke" } }],
    ["DELETE /api/me/saved-searches/any-saved-search", buyerCookie, undefined],
    ["POST /api/conversations", buyerCookie, { bikeId, text: "Sent by another site" }],
    ["POST /api/conversations/any/messages", buyerCookie, { text: "Sent by another site" }],
    ["POST /api/conversations/any/read", buyerCookie, {}],
    [`POST /api/bikes/${bikeId}/reports`, buyerCookie, { reason: "scam" }],
    ["PATCH /api/reports/any-report", adminCookie, { action: "dismiss" }],
    ["POST /api/auth/send-verification-email", buyerCookie, { email: "csrf@example.test" }],
    ["POST /api/bookings/any-booking/review", buyerCookie, { rating: 5 }],
    ["POST /api/reviews/any-review/reply", sellerCookie, { text: "Sent by another site" }],
    ["DELETE /api/reviews/any-review", adminCookie, { reason: "Sent by another site" }],
    ["POST /api/me/notifications/read", buyerCookie, {}],
    ["PATCH /api/me/preferences", buyerCookie, { emailNotifications: false }],
    [`PATCH /api/users/${sellerId}`, adminCookie, { verified: true }],
    [`DELETE /api/users/${sellerId}`, adminCookie, undefined],
  ];

  test("the list above covers every write docs/api.md documents", () => {
    const covered = new Set(
      writes().map(([endpoint]) =>
        endpoint
          .replace(/^(\S+ \/api\/(bikes|bookings|users|reports|reviews))\/[^/]+$/, "$1/:id")
          .replace(/\/me\/wishlist\/[^/]+$/, "/me/wishlist/:bikeId")
          .replace(/\/me\/saved-searches\/[^/]+$/, "/me/saved-searches/:id")
          .replace(/\/api\/bikes\/[^/]+\/reports$/, "/api/bikes/:id/reports")
          .replace(/\/api\/bookings\/[^/]+\/review$/, "/api/bookings/:id/review")
          .replace(/\/api\/reviews\/[^/]+\/reply$/, "/api/reviews/:id/reply")
          .replace(/\/conversations\/[^/]+\/(messages|read)$/, "/conversations/:id/$1"),
      ),
    );
    const documented = documentedEndpoints().filter((endpoint) => !endpoint.startsWith("GET "));
    expect(documented.filter((endpoint) => !covered.has(endpoint))).toEqual([]);
  });

  test("each refuses a foreign Origin with 403 and changes nothing", async () => {
    const before = await summarizeData(t.deps.db);
    for (const [endpoint, cookie, body] of writes()) {
      const [method = "POST", path = ""] = endpoint.split(" ");
      const response = await t.request(path, {
        method,
        cookie,
        body,
        headers: { origin: "https://evil.example" },
      });
      expect(response.status, endpoint).toBe(403);
    }
    expect(await summarizeData(t.deps.db)).toEqual(before);
    expect((await t.request("/api/me", { cookie: buyerCookie })).status).toBe(200);
  });
});
