import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isErrorBody } from "#src/shared/errors";
import { signIn, signUp } from "#tests/support/accounts";
import { bikeFields } from "#tests/support/builders/bike";
import { type DataSummary, summarizeData } from "#tests/support/db-checksum";
import { contentType } from "#tests/support/hostile";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

/**
 * The security review's hostile bodies (docs/reliability.md, "Findings and
 * fixes"): JSON under wrong and missing Content-Types, padded and
 * control-character names, and oversize ids, sent to every route that reads
 * a body. Never a 5xx; a refused request stores nothing.
 */
const RUNS = Math.round(Number(process.env.FUZZ_RUNS ?? (testServerUrl() ? 100 : 200)) / 4);

let t: TestApp;
let seller: string;
let buyer: string;
let admin: string;
let sellerId: string;
let bikeId: string;
let bookingId: string;
let categoryId: string;
let data: DataSummary;

const validBike = () => bikeFields(categoryId);

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t, { accountType: "seller" });
  buyer = await signUp(t);
  admin = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  sellerId = ((await (await t.request("/api/me", { cookie: seller })).json()) as { id: string }).id;
  const categories = (await (await t.request("/api/categories")).json()) as { id: string }[];
  categoryId = categories[0]?.id ?? "";
  const listed = async () => {
    const response = await t.request("/api/bikes", { cookie: seller, body: validBike() });
    return ((await response.json()) as { id: string }).id;
  };
  bikeId = await listed();
  const booked = await listed();
  const booking = await t.request("/api/bookings", {
    cookie: buyer,
    body: { bikeId: booked, phone: "+8801700000001", meetingLocation: "Gulshan" },
  });
  bookingId = ((await booking.json()) as { id: string }).id;
  data = await summarizeData(t.deps.db);
});
afterAll(() => t?.close());

interface Route {
  method: string;
  path: () => string;
  cookie: () => string;
  /** A body the route would accept, with `text` in its text field and `id` in its id field. */
  body: (text: string, id: string) => Record<string, unknown>;
  /** The body names another record by id. */
  takesId?: boolean;
}

const routes: Route[] = [
  {
    method: "POST",
    path: () => "/api/bikes",
    cookie: () => seller,
    body: (text, id) => ({ ...validBike(), title: text, categoryId: id }),
  },
  {
    method: "PATCH",
    path: () => `/api/bikes/${bikeId}`,
    cookie: () => seller,
    body: (text, id) => ({ location: text, categoryId: id }),
  },
  {
    method: "POST",
    path: () => "/api/bookings",
    cookie: () => buyer,
    body: (text, id) => ({ bikeId: id, phone: "+8801700000002", meetingLocation: text }),
    takesId: true,
  },
  {
    method: "PATCH",
    path: () => `/api/bookings/${bookingId}`,
    cookie: () => buyer,
    body: (text) => ({ status: text }),
  },
  {
    method: "PATCH",
    path: () => `/api/users/${sellerId}`,
    cookie: () => admin,
    body: (text) => ({ verified: text }),
  },
  {
    method: "POST",
    path: () => "/api/auth/update-user",
    cookie: () => seller,
    body: (text) => ({ name: text }),
  },
];

/** Text a form never produces: NUL, other controls, broken characters (padding: update-user.test.ts). */
const badText = fc.constantFrom(
  "a\u0000b",
  "Nadia\u0007",
  "x\u001b[2J",
  "tab\tin a line",
  "\u0085next",
  "x\uD800",
  "\uDC00x",
);
const oversizeId = fc.integer({ min: 65, max: 5_000 }).map((length) => "a".repeat(length));
const notJsonType = contentType.filter((type) => !type?.startsWith("application/json"));

async function send(route: Route, body: unknown, type: string | undefined): Promise<number> {
  const headers: Record<string, string> = { origin: t.env.publicUrl, cookie: route.cookie() };
  if (type) headers["content-type"] = type;
  const response = await t.app.request(route.path(), {
    method: route.method,
    headers,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const shown = `${route.method} ${route.path()} ${type} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, shown).toBeLessThan(500);
  if (response.status >= 400) {
    expect(isErrorBody(JSON.parse(text)), shown).toBe(true);
    expect(await summarizeData(t.deps.db), `a refused request changed data: ${shown}`).toEqual(
      data,
    );
  } else {
    data = await summarizeData(t.deps.db);
  }
  return response.status;
}

describe.each(routes)("$method $path", (route) => {
  test("a JSON body under any other Content-Type, or none, is refused with 415", async () => {
    await fc.assert(
      fc.asyncProperty(notJsonType, fc.constantFrom("ok", "a\u0000b"), async (type, text) => {
        expect(await send(route, route.body(text, categoryId), type)).toBe(415);
      }),
      { numRuns: RUNS },
    );
  });

  test("control characters and broken characters in text are refused", async () => {
    await fc.assert(
      fc.asyncProperty(badText, async (text) => {
        expect(await send(route, route.body(text, categoryId), "application/json")).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });

  test.runIf(route.takesId)("an oversize id is refused and said so", async () => {
    await fc.assert(
      fc.asyncProperty(oversizeId, contentType, async (id, type) => {
        const status = await send(route, route.body("ok", id), type);
        expect([400, 404, 415]).toContain(status);
      }),
      { numRuns: RUNS },
    );
  });
});

test("an oversize bikeId names the problem, not a missing field", async () => {
  const response = await t.request("/api/bookings", {
    cookie: buyer,
    body: { bikeId: "b".repeat(65), phone: "+8801700000002", meetingLocation: "Gulshan" },
  });
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as { error: { fields?: Record<string, string> } };
  expect(error.fields?.bikeId).toBe("There is no such bike");
});

test("a resale price far above the original is refused", async () => {
  const response = await t.request("/api/bikes", {
    cookie: seller,
    body: { ...validBike(), originalPrice: 1, resalePrice: 9_000_000 },
  });
  expect(response.status).toBe(400);
});

test.each([
  "/uploads/../api/me",
  "/images/./x.svg",
  "/uploads/%2e%2e/api/me",
  "https://example.com/a/../b.jpg",
  "https://example.com/%2E%2E/b.jpg",
  "https://example.com/a/..%2fb.jpg",
])("an image link with a dot segment is refused (%s)", async (imageUrl) => {
  const response = await t.request("/api/bikes", {
    cookie: seller,
    body: { ...validBike(), imageUrl },
  });
  expect(response.status).toBe(400);
  expect(await summarizeData(t.deps.db)).toEqual(data);
});
