import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "#src/server/app";
import { ResponseCache } from "#src/server/cache/response-cache";
import type { ErrorBody } from "#src/shared/errors";
import { cookieHeader, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { requestBooking } from "#tests/support/builders/booking";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/**
 * Issue 6, point 7: one JSON line per request with its id, status and
 * duration; no password, cookie, session token or phone number in any line,
 * at the most verbose level; a 500 is logged with its stack and answered
 * without it.
 */
const lines: string[] = [];
const destination = { write: (line: string) => void lines.push(line) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "trace" }, { logDestination: destination });
});
afterAll(() => t?.close());

interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  err?: { message: string; stack: string };
}

const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

describe("what the logs never contain", () => {
  test("passwords, cookies, session tokens and phone numbers, through a whole marketplace flow", async () => {
    const secrets: string[] = [];
    const keep = (value: string) => {
      secrets.push(value);
      return value;
    };
    const sellerPassword = keep("seller-secret-pw-31");
    const buyerPassword = keep("buyer-secret-pw-47");
    const newPassword = keep("buyer-new-secret-59");
    const listingPhone = keep("+8801711987654");
    const bookingPhone = keep("+8801822345678");

    const seller = uniqueEmail("log-seller");
    const sellerCookie = await signUp(t, {
      name: "Log Seller",
      email: seller,
      password: sellerPassword,
      accountType: "seller",
    });

    const buyer = uniqueEmail("log-buyer");
    await signUp(t, { name: "Log Buyer", email: buyer, password: buyerPassword });
    // A failed and a successful sign-in.
    await t.request("/api/auth/sign-in/email", { body: { email: buyer, password: TEST_PASSWORD } });
    const signIn = await t.request("/api/auth/sign-in/email", {
      body: { email: buyer, password: buyerPassword },
    });
    expect(signIn.status).toBe(200);
    const buyerCookie = cookieHeader(signIn);

    const { SUZUKI } = await categoryIds(t);
    const { id: bikeId } = await listBike(t, { cookie: sellerCookie }, SUZUKI, {
      title: "Logged bike",
      phone: listingPhone,
    });
    const booking = await requestBooking(t, { cookie: buyerCookie }, bikeId, {
      phone: bookingPhone,
    });
    expect(booking.status).toBe(201);
    await t.request("/api/me/sales", { cookie: sellerCookie });
    const changed = await t.request("/api/auth/change-password", {
      cookie: buyerCookie,
      body: { currentPassword: buyerPassword, newPassword },
    });
    expect(changed.status).toBe(200);
    await t.request("/api/auth/sign-out", { cookie: cookieHeader(changed, buyerCookie), body: {} });

    for (const cookie of [sellerCookie, buyerCookie, cookieHeader(changed, buyerCookie)]) {
      for (const pair of cookie.split(";")) {
        const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1).trim());
        keep(value);
        keep(value.split(".")[0] ?? value); // the token without its signature
      }
    }
    const phoneDigits = [listingPhone, bookingPhone].map((phone) => phone.replace(/\D/g, ""));
    secrets.push(...phoneDigits);

    const all = lines.join("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(all.includes(secret), `the logs contain ${secret.slice(0, 4)}…`).toBe(false);
    }
  });
});

describe("one line per request", () => {
  test("with its id (echoed in X-Request-Id), method, path, status and duration", async () => {
    const response = await t.request("/api/categories");
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = parsed().filter((line) => line.requestId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ method: "GET", path: "/api/categories", status: 200 });
    expect(mine[0]?.durationMs).toEqual(expect.any(Number));
  });

  test("a caller's own well-formed request id is kept; a malformed one is replaced", async () => {
    const kept = await t.request("/api/health", { headers: { "x-request-id": "lb-1234.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234.abc");
    const replaced = await t.request("/api/health", {
      headers: { "x-request-id": `bad id <script> ${"x".repeat(80)}` },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("an unexpected error", () => {
  test("is logged with its stack and the request id, and answered as a bare 500", async () => {
    // The same app over a database that fails every query.
    const broken = t.deps.db.withPlugin({
      transformQuery() {
        throw new Error("database on fire");
      },
      async transformResult(args) {
        return args.result;
      },
    });
    // Fresh response cache: the working app's cached responses would not touch the database.
    const app = createApp({ ...t.deps, db: broken, responses: new ResponseCache() });
    const response = await app.request("/api/categories");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/database on fire|\bat \S+ \(|\.ts:\d+/);
    const body = JSON.parse(text) as ErrorBody;
    expect(body.error.code).toBe("INTERNAL");

    const id = response.headers.get("x-request-id");
    const logged = parsed().find((line) => line.requestId === id && line.err);
    expect(logged?.level).toBe(50);
    expect(logged?.err?.message).toBe("database on fire");
    expect(logged?.err?.stack).toMatch(/database on fire\n\s+at /);
    expect(parsed().find((line) => line.requestId === id && line.status === 500)).toBeTruthy();
  });
});
