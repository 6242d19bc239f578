import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { User } from "#src/shared/schemas/users";
import { signIn, signUp } from "#tests/support/accounts";
import { uniqueEmail } from "#tests/support/builders/account";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";

const SECOND_ADMIN = "ops@reride.test";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL}, ${SECOND_ADMIN}` });
});
afterAll(() => t?.close());

async function me(cookie: string): Promise<User> {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as User;
}

describe("GET /api/me", () => {
  test("without a session is 401 with the error shape", async () => {
    const response = await t.request("/api/me");
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("UNAUTHENTICATED");
  });

  test("is never stored by a shared cache", async () => {
    const response = await t.request("/api/me", { cookie: await signUp(t) });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/session", () => {
  test("responds 200 with a null user for a signed-out visitor", async () => {
    const response = await t.request("/api/session");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
  });

  test("responds with the caller once signed in", async () => {
    const cookie = await signUp(t, { accountType: "buyer" });
    const response = await t.request("/api/session", { cookie });
    const body = (await response.json()) as { user: User };
    expect(body.user).toMatchObject({ accountType: "buyer", role: "user" });
  });

  test("better-auth's get-session does not hand the session token to page scripts", async () => {
    const cookie = await signUp(t);
    const response = await t.request("/api/auth/get-session", { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const token = decodeURIComponent(cookie.split("=")[1]?.split(".")[0] ?? "");
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).toHaveProperty("user");
  });
});

describe("admin rights come from ADMIN_EMAILS only (features/users/admin-accounts.test.ts)", () => {
  test("the first-start admin account exists and signs in with ADMIN_PASSWORD", async () => {
    const cookie = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(await me(cookie)).toMatchObject({ email: ADMIN_EMAIL, role: "admin" });
  });

  test.each(["seller", "buyer"] as const)("an ordinary %s is a user", async (accountType) => {
    const cookie = await signUp(t, { accountType, email: uniqueEmail(accountType) });
    expect((await me(cookie)).role).toBe("user");
  });

  test("an address merely resembling an admin's is a user", async () => {
    const cookie = await signUp(t, { email: `x${ADMIN_EMAIL}` });
    expect((await me(cookie)).role).toBe("user");
  });
});
