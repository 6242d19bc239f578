import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { cookieHeader, signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function expectUnauthenticated(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toEqual(expect.any(String));
  expect(body.error.message).toEqual(expect.any(String));
}

describe("login", () => {
  test("the right password signs in with a fresh session", async () => {
    const email = uniqueEmail("login");
    const registered = await signUp(t, { email });
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
    const cookie = cookieHeader(response);
    expect(cookie).not.toBe(registered);
    const me = await t.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
  });

  test("the email is matched whatever its letter case", async () => {
    const email = uniqueEmail("case");
    await signUp(t, { email });
    expect(await signIn(t, { email: email.toUpperCase() })).toContain("session_token=");
  });

  test("a wrong password and an unknown email get the same 401, and no cookie", async () => {
    const email = uniqueEmail("wrong");
    await signUp(t, { email });
    const bodies: ErrorBody[] = [];
    for (const body of [
      { email, password: "not-the-password" },
      { email: uniqueEmail("nobody"), password: TEST_PASSWORD },
    ]) {
      const response = await t.request("/api/auth/sign-in/email", { body });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
      bodies.push((await response.json()) as ErrorBody);
    }
    expect(bodies[0]?.error.code).toBe("INVALID_CREDENTIALS");
    // Telling them apart would let anyone probe which addresses have accounts.
    expect(bodies[1]).toEqual(bodies[0]);
  });

  test("a malformed login is a 400 naming the field", async () => {
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email: "nope", password: "" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(["email", "password"]);
  });
});

describe("a session ends", () => {
  test("at sign-out: the old cookie no longer works", async () => {
    const cookie = await signUp(t);
    const out = await t.request("/api/auth/sign-out", { method: "POST", cookie });
    expect(out.status).toBe(200);
    await expectUnauthenticated(await t.request("/api/me", { cookie }));
  });

  test("signing out one device leaves the other signed in", async () => {
    const email = uniqueEmail("two-devices");
    const phone = await signUp(t, { email });
    const laptop = await signIn(t, { email });
    await t.request("/api/auth/sign-out", { method: "POST", cookie: phone });
    expect((await t.request("/api/me", { cookie: laptop })).status).toBe(200);
  });

  test("at once when the account is deleted from the database", async () => {
    const cookie = await signUp(t);
    const me = (await (await t.request("/api/me", { cookie })).json()) as { id: string };
    await t.deps.db.deleteFrom("users").where("id", "=", me.id).execute();
    await expectUnauthenticated(await t.request("/api/me", { cookie }));
  });
});

describe("no session, no access", () => {
  test.each([
    ["no cookie", ""],
    ["a garbage cookie", "reride.session_token=garbage"],
    [
      "a well-formed but unknown token",
      "reride.session_token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.c2lnbmF0dXJl",
    ],
  ])("%s gets 401 from /api/me", async (_label, cookie) => {
    await expectUnauthenticated(await t.request("/api/me", { cookie }));
  });

  test("a real token with a forged signature gets 401", async () => {
    const cookie = await signUp(t);
    const forged = cookie.replace(/(session_token=[^.;]+\.)[^;]+/, "$1Zm9yZ2Vk");
    expect(forged).not.toBe(cookie);
    await expectUnauthenticated(await t.request("/api/me", { cookie: forged }));
  });

  test("a real token with a forged signature of the right shape gets 401", async () => {
    // 44 characters of base64, as an HMAC-SHA256 signature is: the server checks it, not its shape.
    const cookie = await signUp(t);
    const forged = cookie.replace(/(session_token=[^.;]+\.)[^;]+/, `$1${"A".repeat(43)}%3D`);
    expect(forged).not.toBe(cookie);
    await expectUnauthenticated(await t.request("/api/me", { cookie: forged }));
  });
});
