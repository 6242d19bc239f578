import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ZodType } from "zod";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { completedBooking, review } from "#tests/support/builders/review";
import { saveSearch } from "#tests/support/builders/saved-search";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import type { Operation } from "./operation";
import { operations } from "./operations";

/**
 * The answers the document promises are the answers the app sends: each
 * JSON answer of a read, and of listing and booking a bike, parses with its
 * response schema and loses nothing doing so (a schema drops unknown keys,
 * so an undocumented field fails the comparison).
 */

let t: TestApp;
let caller: Person;
let admin: Person;
/** Values for the path parameters of the reads. */
let params: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const [other, seller, categories] = await Promise.all([
    newPerson(t, "seller", "Other Seller"),
    newPerson(t, "seller", "Calling Seller"),
    categoryIds(t),
  ]);
  caller = seller;
  admin = await theAdmin(t);
  // The caller sells (a booked bike, an advertised one), buys and keeps a wishlist,
  // so every list it reads has something in it.
  const theirs = await listBike(t, other, categories.KTM);
  const sold = await listBike(t, caller, categories.SUZUKI);
  const advertised = await listBike(t, caller, categories.YAMAHA);
  await t.request(`/api/bikes/${advertised.id}`, {
    method: "PATCH",
    body: { advertised: true },
    cookie: caller.cookie,
  });
  await t.request(`/api/me/wishlist/${theirs.id}`, { method: "PUT", cookie: caller.cookie });
  await book(t, caller, theirs.id);
  await saveSearch(t, caller, { q: "duke", maxPrice: 3000 }, "Dukes");
  await book(t, other, sold.id);
  // A conversation with a message, so the conversation reads have something in them.
  const asked = await t.request("/api/conversations", {
    body: { bikeId: theirs.id, text: "Any accidents?" },
    cookie: caller.cookie,
  });
  const { id: conversationId } = (await asked.json()) as { id: string };
  // A reviewed sale of the other seller, an open report of their bike and an
  // admin's action, so the profile, the reports queue and the admin log have rows.
  const { bookingId } = await completedBooking(t, other, caller, categories.KTM);
  await review(t, caller, bookingId, { rating: 5, text: "As described" });
  await t.request(`/api/bikes/${theirs.id}/reports`, {
    body: { reason: "wrong_details" },
    cookie: caller.cookie,
  });
  await t.request(`/api/users/${other.id}`, {
    method: "PATCH",
    body: { verified: true },
    cookie: admin.cookie,
  });
  params = { id: categories.SUZUKI, bikeId: theirs.id, conversationId, sellerId: other.id };
}, 60_000);
afterAll(() => t?.close());

function jsonSchemaOf(operation: Operation, status: 200 | 201): ZodType | null {
  const answer = operation.responses[status];
  return answer && !("contentType" in answer) ? answer : null;
}

/** The reads with a JSON answer, and a path to ask each one with. */
const reads = operations
  .filter((operation) => operation.method === "GET" && jsonSchemaOf(operation, 200))
  .map((operation) => ({ endpoint: `GET ${operation.path}`, operation }));

function pathFor({ path }: Operation): string {
  const filled = path
    .replace("/api/bikes/:id", "/api/bikes/:bikeId")
    .replace("/api/conversations/:id", "/api/conversations/:conversationId")
    .replace("/api/sellers/:id", "/api/sellers/:sellerId")
    .replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
  return filled === "/api/users" ? "/api/users?accountType=seller" : filled;
}

function expectDocumented(schema: ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toStrictEqual(body);
}

describe("answers match the document's response schemas", () => {
  test.each(reads)("$endpoint", async ({ operation }) => {
    const cookie = operation.access === "admin" ? admin.cookie : caller.cookie;
    const response = await t.request(pathFor(operation), { cookie });
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    if (typeof body === "object" && body && "items" in body && Array.isArray(body.items)) {
      expect(body.items.length, "a list with something to check").toBeGreaterThan(0);
    }
    expectDocumented(jsonSchemaOf(operation, 200) as ZodType, body);
  });

  test.each([
    ["POST /api/bikes", () => listBike(t, caller, params.id ?? "")],
    ["POST /api/me/saved-searches", () => saveSearch(t, caller, { location: "Dhaka" })],
    [
      "POST /api/bookings",
      async () => book(t, admin, (await listBike(t, caller, params.id ?? "")).id),
    ],
    [
      "POST /api/conversations",
      async () =>
        (
          await t.request("/api/conversations", {
            body: { bikeId: (await listBike(t, caller, params.id ?? "")).id, text: "Hello" },
            cookie: admin.cookie,
          })
        ).json(),
    ],
    [
      "POST /api/conversations/:id/messages",
      async () =>
        (
          await t.request(`/api/conversations/${params.conversationId}/messages`, {
            body: { text: "Papers in order?" },
            cookie: caller.cookie,
          })
        ).json(),
    ],
  ] as const)("%s", async (endpoint, write) => {
    const operation = operations.find((o) => `${o.method} ${o.path}` === endpoint);
    expectDocumented(jsonSchemaOf(operation as Operation, 201) as ZodType, await write());
  });
});
