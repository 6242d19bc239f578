import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/** What better-auth's own routes answer, once they pass through the API. */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUp(t);
});
afterAll(() => t?.close());

const sessionToken = (header: string) =>
  decodeURIComponent(header.split("=")[1]?.split(".")[0] ?? "");

describe("better-auth's answers", () => {
  test.each(["/api/auth/list-sessions", "/api/auth/list-accounts", "/api/auth/get-session"])(
    "%s is never stored by a cache",
    async (path) => {
      const response = await t.request(path, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );

  test("sign-in's answer, which sets the cookie, is never stored by a cache", async () => {
    const email = uniqueEmail();
    await signUp(t, { email });
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("list-sessions does not hand session tokens to page scripts", async () => {
    const response = await t.request("/api/auth/list-sessions", { cookie });
    const text = await response.text();
    expect(JSON.parse(text)).toHaveLength(1);
    expect(text).not.toContain(sessionToken(cookie));
    expect(text).not.toContain('"token"');
  });

  test("verify-password is not reachable over HTTP", async () => {
    const response = await t.request("/api/auth/verify-password", {
      method: "POST",
      body: { password: TEST_PASSWORD },
      cookie,
    });
    expect(response.status).toBe(404);
  });
});
