import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { User } from "#src/shared/schemas/users";
import { cookieHeader, parseSetCookies, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: "Nadia Rider",
    email: uniqueEmail("reg"),
    password: TEST_PASSWORD,
    accountType: "seller",
    ...overrides,
  };
}

async function me(cookie: string): Promise<User> {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as User;
}

describe("registering", () => {
  test.each(["seller", "buyer"] as const)(
    "as a %s signs in and /api/me shows the account",
    async (accountType) => {
      const body = registration({ accountType, email: uniqueEmail(accountType) });
      const response = await t.request("/api/auth/sign-up/email", { body });
      expect(response.status).toBe(200);

      const user = await me(cookieHeader(response));
      expect(user).toEqual({
        id: expect.any(String),
        name: body.name,
        email: body.email,
        accountType,
        role: "user",
        verified: false,
        // A link is mailed; the address is proved only when it is opened.
        emailVerified: false,
        createdAt: expect.any(String),
      });
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
      expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(60_000);
    },
  );

  test("the session cookie is HttpOnly and SameSite=Lax, and the body does not repeat the token", async () => {
    const response = await t.request("/api/auth/sign-up/email", { body: registration() });
    const session = parseSetCookies(response).find((c) => c.name.endsWith("session_token"));
    expect(session).toBeDefined();
    expect(session?.attributes).toHaveProperty("httponly");
    expect(session?.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(session?.attributes).not.toHaveProperty("secure");

    // The cookie value is "<token>.<signature>"; page scripts must never see the token.
    const token = decodeURIComponent(session?.value ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const text = await response.text();
    expect(text).not.toContain(token);
    expect(JSON.parse(text)).not.toHaveProperty("token");
  });
});

describe("registration is refused with 400 and a message for the field", () => {
  test.each([
    ["accountType", { accountType: "admin" }],
    ["accountType", { accountType: undefined }],
    ["email", { email: "not-an-email" }],
    ["password", { password: "7-chars" }],
    ["name", { name: undefined }],
    ["name", { name: "   " }],
  ])("%s: %j", async (field, overrides) => {
    const response = await t.request("/api/auth/sign-up/email", { body: registration(overrides) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields?.[field]).toEqual(expect.any(String));
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("a refused registration creates no account", async () => {
    const email = uniqueEmail("refused");
    await t.request("/api/auth/sign-up/email", {
      body: registration({ email, password: "short" }),
    });
    const fixed = await t.request("/api/auth/sign-up/email", { body: registration({ email }) });
    expect(fixed.status).toBe(200);
  });
});

describe("a registration cannot grant itself more than it chose", () => {
  test("role and verified in the body are ignored", async () => {
    const body = registration({ role: "admin", verified: true, emailVerified: true });
    const response = await t.request("/api/auth/sign-up/email", { body });
    expect(response.status).toBe(200);
    const user = await me(cookieHeader(response));
    expect(user.role).toBe("user");
    expect(user.verified).toBe(false);
  });

  test("the account type cannot be changed afterwards through the auth library", async () => {
    const cookie = await signUp(t, { accountType: "buyer" });
    for (const accountType of ["seller", "admin"]) {
      const response = await t.request("/api/auth/update-user", { cookie, body: { accountType } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toMatch(/account type/i);
    }
    expect((await me(cookie)).accountType).toBe("buyer");
  });

  test("the name cannot be blanked afterwards either", async () => {
    const cookie = await signUp(t, { name: "Kept Name" });
    const response = await t.request("/api/auth/update-user", { cookie, body: { name: " " } });
    expect(response.status).toBe(400);
    expect((await me(cookie)).name).toBe("Kept Name");
  });

  test("no path around the schema reaches the sign-up of the auth library", async () => {
    const body = registration({ accountType: "admin" });
    for (const path of [
      "/api/auth/sign-up/email/",
      "/api/auth/SIGN-UP/email",
      "/api/auth//sign-up/email",
    ]) {
      const response = await t.request(path, { body });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
  });
});

describe("an email address is one account", () => {
  test("a second registration is a 409 naming the email field, whatever the letter case", async () => {
    const email = uniqueEmail("taken");
    await signUp(t, { email });
    for (const again of [email, email.toUpperCase()]) {
      const response = await t.request("/api/auth/sign-up/email", {
        body: registration({ email: again }),
      });
      expect(response.status).toBe(409);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe("EMAIL_TAKEN");
      expect(body.error.fields?.email).toEqual(expect.any(String));
    }
  });
});

describe("with an https PUBLIC_URL", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: "https://reride.example" });
  });
  afterAll(() => secure?.close());

  test("the session cookie is also Secure, and still signs the user in", async () => {
    const response = await secure.request("/api/auth/sign-up/email", { body: registration() });
    expect(response.status).toBe(200);
    const session = parseSetCookies(response).find((c) => c.name.endsWith("session_token"));
    expect(session?.attributes).toHaveProperty("secure");
    expect(session?.attributes).toHaveProperty("httponly");
    expect(session?.attributes.samesite?.toLowerCase()).toBe("lax");
    const meResponse = await secure.request("/api/me", { cookie: cookieHeader(response) });
    expect(meResponse.status).toBe(200);
  });
});
