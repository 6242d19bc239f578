import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUp } from "../../../tests/support/accounts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
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
