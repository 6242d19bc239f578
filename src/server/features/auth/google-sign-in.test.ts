import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PublicConfig } from "#src/shared/schemas/config";
import type { User } from "#src/shared/schemas/users";
import { cookieHeader } from "#tests/support/accounts";
import { type OidcProvider, startOidcProvider } from "#tests/support/oidc-provider";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let google: OidcProvider;
let t: TestApp;
beforeAll(async () => {
  google = await startOidcProvider();
  t = await createTestApp({
    GOOGLE_CLIENT_ID: "reride-test-client",
    GOOGLE_CLIENT_SECRET: "reride-test-secret",
    GOOGLE_ISSUER_URL: google.issuerUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

interface Started {
  /** The browser's cookies after the app sent it to the provider (the state cookie). */
  cookie: string;
  /** Where the provider sends the browser back to. */
  callback: URL;
}

/** The "Register With Google" click, up to the provider's redirect back to the app. */
async function startGoogleSignIn(): Promise<Started> {
  const config = (await (await t.request("/api/config")).json()) as PublicConfig;
  expect(config.googleSignIn).toBe("social");
  const started = await t.request(`/api/auth/sign-in/${config.googleSignIn}`, {
    body: { provider: "google", callbackURL: `${t.env.publicUrl}/` },
  });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  expect(url.startsWith(`${google.issuerUrl}/`)).toBe(true);

  const authorize = await fetch(url, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get("location") ?? "");
  expect(`${callback.origin}${callback.pathname}`).toBe(
    `${t.env.publicUrl}/api/auth/callback/google`,
  );
  return { cookie: cookieHeader(started), callback };
}

async function finish({ cookie, callback }: Started): Promise<Response> {
  return t.request(`${callback.pathname}${callback.search}`, { cookie });
}

async function me(cookie: string): Promise<User> {
  const response = await t.request("/api/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as User;
}

describe("Google sign-in against a local OpenID Connect provider", () => {
  test("a new person comes back signed in as a buyer with Google's email and name", async () => {
    google.signInAs({ sub: "g-1001", email: "rider.one@gmail.test", name: "Rider One" });
    const started = await startGoogleSignIn();
    const done = await finish(started);

    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${t.env.publicUrl}/`);
    const user = await me(cookieHeader(done, started.cookie));
    expect(user).toMatchObject({
      email: "rider.one@gmail.test",
      name: "Rider One",
      accountType: "buyer",
      role: "user",
      verified: false,
      // Google vouches for the address (its email_verified claim).
      emailVerified: true,
    });
  });

  test("signing in with Google again reaches the same account", async () => {
    google.signInAs({ sub: "g-1002", email: "rider.two@gmail.test", name: "Rider Two" });
    const first = await startGoogleSignIn();
    const firstUser = await me(cookieHeader(await finish(first), first.cookie));
    const second = await startGoogleSignIn();
    const secondUser = await me(cookieHeader(await finish(second), second.cookie));
    expect(secondUser.id).toBe(firstUser.id);
  });

  test("a callback without the browser's state cookie signs nobody in", async () => {
    google.signInAs({ sub: "g-1003", email: "rider.three@gmail.test", name: "Rider Three" });
    const { callback } = await startGoogleSignIn();
    // e.g. an attacker's link carrying their own code into a victim's browser.
    const done = await finish({ cookie: "", callback });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/error/);
    const cookie = cookieHeader(done);
    expect((await t.request("/api/me", { cookie })).status).toBe(401);
  });
});
