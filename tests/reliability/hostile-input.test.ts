import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isErrorBody } from "#src/shared/errors";
import { signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { bikeFields, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, buildBooking } from "#tests/support/builders/booking";
import { type DataSummary, summarizeData } from "#tests/support/db-checksum";
import { contentType, hostileBody, hostileId } from "#tests/support/hostile";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

/**
 * Issue 6, point 3: every mutating endpoint gets thousands of generated
 * bodies (fast-check). Whatever arrives, the answer is never a 5xx, an error
 * is always the API's error body, and a refused request leaves every row of
 * every table as it was. FUZZ_RUNS scales the number of runs per endpoint.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (testServerUrl() ? 100 : 200));

let t: TestApp;
let seller: string;
let buyer: string;
let admin: string;
let signOutUser: string;
let sellerId: string;
let bikeId: string;
let bookingId: string;
let categoryId: string;
let data: DataSummary;
/** Every request sent, for the figures in docs/reliability.md. */
const tally = { requests: 0, accepted: 0, refused: 0 };

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp(t, { accountType: "seller" });
  buyer = await signUp(t);
  signOutUser = await signUp(t);
  admin = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  sellerId = ((await (await t.request("/api/me", { cookie: seller })).json()) as { id: string }).id;
  categoryId = (await categoryIds(t)).SUZUKI;
  bikeId = (await listBike(t, { cookie: seller }, categoryId, validBike())).id;
  const booked = await listBike(t, { cookie: seller }, categoryId, validBike());
  bookingId = (await book(t, { cookie: buyer }, booked.id)).id;
  data = await summarizeData(t.deps.db);
});
afterAll(async () => {
  await t?.close();
  process.stdout.write(
    `hostile input: ${tally.requests} requests, ${tally.refused} refused, ${tally.accepted} accepted, 0 server errors\n`,
  );
});

const validBike = () => bikeFields(categoryId, { title: "Fuzz target", description: "A bike" });

interface Sent {
  method: string;
  path: string;
  body: string | undefined;
  type: string | undefined;
}

/** Sends one request and checks the rules; returns a description on failure (for fast-check). */
async function send(cookie: string | undefined, request: Sent): Promise<void> {
  const headers: Record<string, string> = { origin: t.env.publicUrl };
  if (cookie) headers.cookie = cookie;
  if (request.type) headers["content-type"] = request.type;
  const response = await t.app.request(request.path, {
    method: request.method,
    headers,
    body: request.body,
  });
  tally.requests++;
  const text = await response.text();
  const shown = `${request.method} ${request.path.slice(0, 200)} ${request.type} ${JSON.stringify(request.body?.slice(0, 300))} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, shown).toBeLessThan(500);
  // No handler may leave its mark on Object.prototype.
  expect(Object.keys(Object.prototype), shown).toEqual([]);
  expect(({} as Record<string, unknown>).isAdmin, shown).toBeUndefined();
  const after = await summarizeData(t.deps.db);
  if (response.status >= 400) {
    tally.refused++;
    expect(isErrorBody(JSON.parse(text)), shown).toBe(true);
    expect(after, `a refused request changed data: ${shown}`).toEqual(data);
  } else {
    tally.accepted++;
  }
  data = after;
}

interface Target {
  method: string;
  /** The path pattern; ":id" is filled with a real or hostile id. */
  path: string;
  ids?: () => string[];
  cookie: () => string | undefined;
  /** The valid body the mutations start from. */
  base: () => Record<string, unknown>;
  /**
   * Runs on a scale where the default is 250 (scaled by FUZZ_RUNS / 250):
   * fewer where a well-shaped body costs a password hash or nothing varies.
   */
  runs?: number;
}

const targets: Target[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    cookie: () => undefined,
    runs: 120,
    base: () => ({
      name: "Fuzz",
      email: "fuzz-taken@example.test",
      password: TEST_PASSWORD,
      accountType: "buyer",
    }),
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    cookie: () => undefined,
    runs: 120,
    base: () => ({ email: uniqueEmail("fuzz"), password: TEST_PASSWORD }),
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    cookie: () => buyer,
    runs: 100,
    // The current password is wrong: no mutation can make it right.
    base: () => ({
      currentPassword: "not-the-password",
      newPassword: "new-password-123",
      revokeOtherSessions: true,
    }),
  },
  {
    method: "POST",
    path: "/api/auth/update-user",
    cookie: () => buyer,
    base: () => ({ name: "New Name" }),
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    cookie: () => signOutUser,
    base: () => ({}),
    runs: 60,
  },
  { method: "POST", path: "/api/bikes", cookie: () => seller, base: validBike },
  {
    method: "PATCH",
    path: "/api/bikes/:id",
    ids: () => [bikeId],
    cookie: () => seller,
    base: () => ({ title: "Renamed", advertised: true }),
  },
  {
    method: "DELETE",
    path: "/api/bikes/:id",
    ids: () => [],
    cookie: () => seller,
    base: () => ({}),
    runs: 100,
  },
  {
    method: "POST",
    path: "/api/bookings",
    cookie: () => buyer,
    base: () => buildBooking(bikeId),
  },
  {
    method: "PATCH",
    path: "/api/bookings/:id",
    ids: () => [bookingId],
    cookie: () => seller,
    base: () => ({ status: "accepted" }),
  },
  {
    method: "PUT",
    path: "/api/me/wishlist/:id",
    ids: () => [bikeId],
    cookie: () => buyer,
    base: () => ({}),
    runs: 100,
  },
  {
    method: "DELETE",
    path: "/api/me/wishlist/:id",
    ids: () => [bikeId],
    cookie: () => buyer,
    base: () => ({}),
    runs: 100,
  },
  {
    method: "PATCH",
    path: "/api/users/:id",
    ids: () => [sellerId],
    cookie: () => admin,
    base: () => ({ verified: true }),
  },
  {
    method: "DELETE",
    path: "/api/users/:id",
    ids: () => [],
    cookie: () => admin,
    base: () => ({}),
    runs: 100,
  },
  {
    method: "POST",
    path: "/api/uploads",
    cookie: () => seller,
    base: () => ({ file: "not a photo" }),
    runs: 100,
  },
];

// First, while the data is only the seed and the fixtures: the fuzzing below adds listings
// whose words a literal search would rightly find.
describe("query parameters with SQL metacharacters match literally", () => {
  const metacharacters = [
    "'; drop table bikes; --",
    "' OR '1'='1",
    '" OR 1=1 --',
    "%",
    "_",
    "\\",
    "%%",
    "a%",
    "\\%",
    "[a-z]*",
    "1; select pg_sleep(5)",
    "\u0000",
    "\uD800",
  ];

  test("on every GET that takes a parameter: no 5xx, data intact", async () => {
    const before = await summarizeData(t.deps.db);
    const q = (value: string) => encodeURIComponent(value);
    for (const value of metacharacters) {
      const encoded = (() => {
        try {
          return q(value);
        } catch {
          return "%ED%A0%80";
        }
      })();
      const paths = [
        `/api/bikes?q=${encoded}`,
        `/api/bikes?location=${encoded}&sort=${encoded}`,
        `/api/bikes?minPrice=${encoded}&cursor=${encoded}&limit=${encoded}`,
        `/api/bikes?categoryId=${encoded}&verifiedOnly=${encoded}&maxYearsOfUse=${encoded}`,
        `/api/categories/${categoryId}/bikes?q=${encoded}&location=${encoded}`,
        `/api/categories/${categoryId}/bikes?cursor=${encoded}&sort=${encoded}&maxPrice=${encoded}`,
        `/api/categories/${encoded}/bikes`,
        `/api/bikes/${encoded}`,
        `/api/users?accountType=${encoded}`,
        `/uploads/${encoded}`,
      ];
      for (const path of paths) {
        const response = await t.request(path, { cookie: admin });
        expect(response.status, `${path} → ${await response.clone().text()}`).toBeLessThan(500);
        tally.requests++;
      }
    }
    expect(await summarizeData(t.deps.db)).toEqual(before);
  });

  test("LIKE wildcards and quotes are plain text: they don't match everything", async () => {
    const all = async (query: string) => {
      const response = await t.request(`/api/categories/${categoryId}/bikes?limit=50&${query}`, {
        cookie: buyer,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: { title: string; location: string }[] }).items;
    };
    expect((await all("")).length).toBeGreaterThan(0);
    for (const value of ["%", "_", "%%", "\\", "'", "' OR '1'='1"]) {
      expect(await all(`q=${encodeURIComponent(value)}`), `q=${value}`).toEqual([]);
      expect(await all(`location=${encodeURIComponent(value)}`), `location=${value}`).toEqual([]);
    }
    // A word next to metacharacters still finds what the word finds, and only that.
    const dhaka = await all("location=Dhaka");
    expect(dhaka.length).toBeGreaterThan(0);
    expect(await all(`location=${encodeURIComponent("Dhaka%")}`)).toEqual(dhaka);
    expect(await all(`location=${encodeURIComponent("'Dhaka'; --")}`)).toEqual(dhaka);
    expect(await all(`location=${encodeURIComponent("Dh_ka")}`)).toEqual([]);
  });
});

describe("every mutating endpoint refuses hostile bodies with a 4xx and changes nothing", () => {
  test.each(targets.map((target) => [`${target.method} ${target.path}`, target] as const))(
    "%s",
    async (_name, target) => {
      const path = target.path.includes(":id")
        ? hostileId(target.ids?.() ?? []).map((id) => target.path.replace(":id", id))
        : fc.constant(target.path);
      const request = fc.record({
        method: fc.constant(target.method),
        path,
        body: hostileBody(target.base()),
        type: contentType,
      });
      await fc.assert(
        fc.asyncProperty(request, (sent) => send(target.cookie(), sent)),
        { numRuns: target.runs ? Math.ceil((target.runs * RUNS) / 250) : RUNS },
      );
    },
    120_000,
  );
});
