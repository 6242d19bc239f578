import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieHeader, signIn, signUp } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/** Issue 6, point 8: sessions end on the server: at sign-out, on a password change, on expiry. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (cookie: string) => t.request("/api/me", { cookie });

async function sessionRows(email: string) {
  return t.deps.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["sessions.id", "sessions.expiresAt"])
    .where("users.email", "=", email)
    .execute();
}

describe("sign-out", () => {
  test("removes the session row, so the old cookie is refused everywhere", async () => {
    const email = uniqueEmail("out");
    const cookie = await signUp(t, { email });
    expect(await sessionRows(email)).toHaveLength(1);
    expect((await t.request("/api/auth/sign-out", { cookie, body: {} })).status).toBe(200);
    expect(await sessionRows(email)).toHaveLength(0);
    // A stolen copy of the cookie is as dead as the browser's.
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("changing the password", () => {
  test.each([
    ["when the request asks for it", { revokeOtherSessions: true }],
    ["when the request doesn't say", {}],
    ["even when the request asks to keep them", { revokeOtherSessions: false }],
  ])("ends every other session %s", async (_label, extra) => {
    const email = uniqueEmail("change");
    const phone = await signUp(t, { email });
    const laptop = await signIn(t, { email });
    const newPassword = "brand-new-password-7";
    const response = await t.request("/api/auth/change-password", {
      cookie: phone,
      body: { currentPassword: TEST_PASSWORD, newPassword, ...extra },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    // The device that changed it carries on with the fresh session it was given.
    const fresh = cookieHeader(response, phone);
    expect((await me(fresh)).status).toBe(200);
    expect(await sessionRows(email)).toHaveLength(1);
    // And the old password is gone.
    const old = await t.request("/api/auth/sign-in/email", {
      body: { email, password: TEST_PASSWORD },
    });
    expect(old.status).toBe(401);
    expect(await signIn(t, { email, password: newPassword })).toContain("session_token=");
  });

  test("a wrong current password changes nothing and ends nothing", async () => {
    const email = uniqueEmail("wrong-current");
    const phone = await signUp(t, { email });
    const laptop = await signIn(t, { email });
    const response = await t.request("/api/auth/change-password", {
      cookie: phone,
      body: { currentPassword: "not-my-password", newPassword: "whatever-password-1" },
    });
    expect(response.status).toBe(400);
    expect((await me(phone)).status).toBe(200);
    expect((await me(laptop)).status).toBe(200);
  });
});

describe("expiry", () => {
  test("a session whose expiry has passed is refused and can't be refreshed", async () => {
    const email = uniqueEmail("expired");
    const cookie = await signUp(t, { email });
    const [row] = await sessionRows(email);
    if (!row) throw new Error("no session row");
    // ISO text: what SQLite stores, and what PostgreSQL reads into timestamptz.
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.deps.db
      .updateTable("sessions")
      .set({ expiresAt: past })
      .where("id", "=", row.id)
      .execute();
    expect((await me(cookie)).status).toBe(401);
    expect((await t.request("/api/session", { cookie })).status).toBe(200);
    expect(await (await t.request("/api/session", { cookie })).json()).toEqual({ user: null });
    expect((await t.request("/api/me/wishlist/x", { method: "PUT", cookie })).status).toBe(401);
  });

  test("a session in use is extended once a day, and the browser's cookie with it", async () => {
    const email = uniqueEmail("active");
    const cookie = await signUp(t, { email });
    const [row] = await sessionRows(email);
    if (!row) throw new Error("no session row");
    const day = 24 * 60 * 60 * 1000;
    // As if signed in two days ago: 28 days left, past the daily refresh.
    const twoDaysIn = new Date(Date.now() + 28 * day).toISOString();
    await t.deps.db
      .updateTable("sessions")
      .set({ expiresAt: twoDaysIn })
      .where("id", "=", row.id)
      .execute();
    const response = await t.request("/api/session", { cookie });
    expect(response.status).toBe(200);
    const [extended] = await sessionRows(email);
    expect(new Date(extended?.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(29 * day);
    // Without a new cookie the browser would drop the session 30 days after sign-in, in use or not.
    const refreshed = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("reride.session_token="));
    expect(refreshed).toMatch(/Max-Age=(\d+)/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshed ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
    expect(refreshed).toMatch(/HttpOnly/i);
    // The same cookie still works, and the next request needs no refresh.
    const again = await t.request("/api/me", { cookie });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  test("a new session lasts 30 days", async () => {
    const email = uniqueEmail("lifetime");
    await signUp(t, { email });
    const [row] = await sessionRows(email);
    const lifetime = new Date(row?.expiresAt ?? 0).getTime() - Date.now();
    const day = 24 * 60 * 60 * 1000;
    expect(lifetime).toBeGreaterThan(30 * day - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * day);
  });
});
