import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import {
  type AppInstance,
  createAppsOnOneDatabase,
  type SharedDatabaseApps,
} from "#tests/support/shared-database";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";
import type { ErrorBody } from "../../shared/errors";

type Caller = Pick<AppInstance, "request">;

const wrongSignIn = (app: Caller, email: string, headers: Record<string, string> = {}) =>
  app.request("/api/auth/sign-in/email", { body: { email, password: "wrong-password" }, headers });

const rightSignIn = (app: Caller, email: string, headers: Record<string, string> = {}) =>
  app.request("/api/auth/sign-in/email", { body: { email, password: TEST_PASSWORD }, headers });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe("RATE_LIMITED");
  expect(body.error.message).toMatch(/try again in/i);
  return retryAfter;
}

/** A documentation address (RFC 5737) nobody else in the run uses. */
// A new address each call (a random one could repeat, and its failures count against it).
let addresses = 0;
const someAddress = () => {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
const from = (address: string) => ({ "x-forwarded-for": address });

describe("failed passwords per account and address: a growing delay, not a lock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_DELAY: "2/15m",
      RATE_LIMIT_ADMIN_SIGN_IN_DELAY: "1/1h",
      RATE_LIMIT_SIGN_IN_ACCOUNT: "50/5m",
    });
  });
  afterAll(() => t?.close());

  test("another address's failures don't stop the owner signing in from theirs", async () => {
    const email = uniqueEmail("owner");
    await signUp(t, { email });
    const attacker = from("203.0.113.66");
    for (let attempt = 0; attempt < 10; attempt++) await wrongSignIn(t, email, attacker);
    await expectRateLimited(await rightSignIn(t, email, attacker));
    const owner = from("192.0.2.10");
    expect((await wrongSignIn(t, email, owner)).status).toBe(401);
    const signedIn = await rightSignIn(t, email, owner);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().join()).toContain("session_token=");
  });

  test("failures from one address wait 1, 2, 4 s…, even with the right password", async () => {
    const email = uniqueEmail("guessed");
    await signUp(t, { email });
    const here = from(someAddress());
    expect((await wrongSignIn(t, email, here)).status).toBe(401);
    expect((await wrongSignIn(t, email, here)).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const wait = await expectRateLimited(await rightSignIn(t, email, here));
      // Asking again early is refused but does not lengthen the wait.
      expect(await expectRateLimited(await wrongSignIn(t, email, here))).toBeLessThanOrEqual(wait);
      waits.push(wait);
      await pause(wait * 1000 + 50);
      if (round < 2) expect((await wrongSignIn(t, email, here)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    expect((await rightSignIn(t, email, here)).status).toBe(200);
  });

  test("wrong current passwords at change-password count for the same account and address", async () => {
    const email = uniqueEmail("changer");
    const cookie = await signUp(t, { email });
    const here = from(someAddress());
    const change = (currentPassword: string) =>
      t.request("/api/auth/change-password", {
        cookie,
        headers: here,
        body: { currentPassword, newPassword: "a-new-password-1" },
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await change("wrong-guess")).status).toBe(400);
    }
    await expectRateLimited(await change(TEST_PASSWORD));
    await expectRateLimited(await wrongSignIn(t, email, here));
    expect((await wrongSignIn(t, email, from(someAddress()))).status).toBe(401);
  });

  test("administrators wait after fewer failures, from that address only", async () => {
    const here = from(someAddress());
    expect((await wrongSignIn(t, ADMIN_EMAIL, here)).status).toBe(401);
    await expectRateLimited(await wrongSignIn(t, ADMIN_EMAIL, here));
    // An ordinary account's second failure from one address is still answered.
    const email = uniqueEmail("ordinary");
    expect((await wrongSignIn(t, email, here)).status).toBe(401);
    expect((await wrongSignIn(t, email, here)).status).toBe(401);
    const admin = await t.request("/api/auth/sign-in/email", {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      headers: from(someAddress()),
    });
    expect(admin.status).toBe(200);
  });
});

describe("failed sign-ins per account, and writes per user", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_ACCOUNT: "3/15m",
      RATE_LIMIT_WRITES: "3/1m",
    });
  });
  afterAll(() => t?.close());

  test("failures from many addresses reach the account's ceiling, which refuses even the right password", async () => {
    const email = uniqueEmail("locked");
    await signUp(t, { email });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await wrongSignIn(t, email, from(someAddress()))).status).toBe(401);
    }
    const retryAfter = await expectRateLimited(await wrongSignIn(t, email, from(someAddress())));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const right = await rightSignIn(t, email.toUpperCase(), from(someAddress()));
    await expectRateLimited(right);
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  test("another account from the same address is not affected", async () => {
    const locked = uniqueEmail("locked");
    for (let attempt = 0; attempt < 4; attempt++) await wrongSignIn(t, locked);
    const other = uniqueEmail("other");
    await signUp(t, { email: other });
    expect(await signIn(t, { email: other })).toContain("session_token=");
  });

  test("successful sign-ins don't count", async () => {
    const email = uniqueEmail("regular");
    await signUp(t, { email });
    for (let attempt = 0; attempt < 4; attempt++) await signIn(t, { email });
    expect((await wrongSignIn(t, email)).status).toBe(401);
  });

  test("an unknown address is limited the same way, so a 429 tells nothing about accounts", async () => {
    const nobody = uniqueEmail("nobody");
    for (let attempt = 0; attempt < 3; attempt++) await wrongSignIn(t, nobody);
    await expectRateLimited(await wrongSignIn(t, nobody));
  });

  test("wrong current passwords at change-password count against the same account", async () => {
    const email = uniqueEmail("changer");
    const cookie = await signUp(t, { email });
    const change = (currentPassword: string) =>
      t.request("/api/auth/change-password", {
        cookie,
        body: { currentPassword, newPassword: "a-new-password-1" },
      });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await change("wrong-guess")).status).toBe(400);
    await expectRateLimited(await change(TEST_PASSWORD));
    await expectRateLimited(await wrongSignIn(t, email));
  });

  test("the 4th write in a minute is refused; reads and other users carry on", async () => {
    const buyer = await signUp(t);
    const wishlist = (cookie: string) =>
      t.request(`/api/me/wishlist/${randomBytes(8).toString("hex")}`, { method: "PUT", cookie });
    for (let attempt = 0; attempt < 3; attempt++) expect((await wishlist(buyer)).status).toBe(404);
    await expectRateLimited(await wishlist(buyer));
    expect((await t.request("/api/me/wishlist", { cookie: buyer })).status).toBe(200);
    expect((await wishlist(await signUp(t))).status).toBe(404);
  });
});

describe("per client address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_IP: "3/15m",
      RATE_LIMIT_SIGN_UP_IP: "2/1h",
    });
  });
  afterAll(() => t?.close());

  test("failed sign-ins across many accounts from one address are refused after the limit", async () => {
    const address = someAddress();
    const from = { "x-forwarded-for": address };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await wrongSignIn(t, uniqueEmail("spray"), from)).status).toBe(401);
    }
    await expectRateLimited(await wrongSignIn(t, uniqueEmail("spray"), from));
    // Another address still gets through.
    expect(
      (await wrongSignIn(t, uniqueEmail("spray"), { "x-forwarded-for": "192.0.2.1" })).status,
    ).toBe(401);
  });

  test("sign-ups per address", async () => {
    const from = { "x-forwarded-for": someAddress() };
    const register = () =>
      t.request("/api/auth/sign-up/email", {
        headers: from,
        body: {
          name: "Rider",
          email: uniqueEmail(),
          password: TEST_PASSWORD,
          accountType: "buyer",
        },
      });
    expect((await register()).status).toBe(200);
    expect((await register()).status).toBe(200);
    await expectRateLimited(await register());
  });

  test("only the entry the trusted proxy appended counts: a client can't pose as others", async () => {
    const real = someAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      // The client prepends a made-up address; the proxy appends the real one.
      const forwarded = `10.0.0.${attempt}, ${real}`;
      await wrongSignIn(t, uniqueEmail("spoof"), { "x-forwarded-for": forwarded });
    }
    await expectRateLimited(
      await wrongSignIn(t, uniqueEmail("spoof"), { "x-forwarded-for": `10.9.9.9, ${real}` }),
    );
  });
});

describe("without TRUST_PROXY, X-Forwarded-For is ignored", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN_IP: "2/15m" });
  });
  afterAll(() => t?.close());

  test("changing the header does not escape the limit", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      await wrongSignIn(t, uniqueEmail(), { "x-forwarded-for": someAddress() });
    }
    await expectRateLimited(
      await wrongSignIn(t, uniqueEmail(), { "x-forwarded-for": someAddress() }),
    );
  });
});

describe("limits hold across app processes sharing one store", () => {
  let shared: SharedDatabaseApps;
  beforeAll(async () => {
    shared = await createAppsOnOneDatabase(2, {
      RATE_LIMIT_SIGN_IN_ACCOUNT: "4/15m",
      RATE_LIMIT_WRITES: "6/1m",
    });
  });
  afterAll(() => shared?.close());

  test("failed sign-ins alternating between two instances are counted together", async () => {
    const [a, b] = shared.instances as [AppInstance, AppInstance];
    const email = uniqueEmail("roaming");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await wrongSignIn(attempt % 2 ? b : a, email)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  test("concurrent writes through both instances: exactly the limit gets through", async () => {
    const [a, b] = shared.instances as [AppInstance, AppInstance];
    const cookie = await signUp(a);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? b : a).request(`/api/me/wishlist/${randomBytes(8).toString("hex")}`, {
          method: "PUT",
          cookie,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 404)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });
});
