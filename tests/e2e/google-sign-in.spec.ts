import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedIn, text } from "./support/app";
import { setupBrowser } from "./support/browser";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

// Google itself can't be reached from a test: a local OpenID Connect server
// stands in for it, through GOOGLE_ISSUER_URL (src/server/auth.ts).
const GOOGLE_USER = {
  sub: "google-user-1",
  email: "rider@gmail.test",
  name: "Google Rider",
  email_verified: true,
} as const;

describe("with Google sign-in configured", () => {
  const oidc = new OAuth2Server();
  beforeAll(async () => {
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(0, "127.0.0.1");
    oidc.service.on("beforeTokenSigning", (token) => {
      Object.assign(token.payload, GOOGLE_USER);
    });
    oidc.service.on("beforeUserinfo", (userinfo) => {
      userinfo.body = { ...GOOGLE_USER };
    });
  });
  afterAll(async () => {
    await oidc.stop();
  });

  const server = setupServer(() => ({
    GOOGLE_CLIENT_ID: "reride-test",
    GOOGLE_CLIENT_SECRET: "secret",
    GOOGLE_ISSUER_URL: oidc.issuer.url ?? "",
  }));
  const browser = setupBrowser(server);

  it("'Register With Google' goes to the provider and comes back signed in as a buyer", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const issuer = new URL(oidc.issuer.url ?? "");
    const visitedProvider: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.host === issuer.host && request.isNavigationRequest())
        visitedProvider.push(url.pathname);
    });

    await page.goto("/registration");
    const google = page.getByRole("button", { name: text.registerWithGoogle, exact: true });
    await google.waitFor();
    await snap(page, "google-registration");
    await google.click();

    await expectSignedIn(page, GOOGLE_USER.email);
    expect(visitedProvider).toContain("/authorize");
    await snap(page, "google-signed-in");

    await page.goto("/dashboard");
    await page.getByText(`Welcome ${GOOGLE_USER.name}`).waitFor();
    await page
      .getByText(/buyer account/i)
      .first()
      .waitFor();
    await snap(page, "google-dashboard");

    expectNoErrors();
  });
});

describe("without Google sign-in configured", () => {
  const server = setupServer();
  const browser = setupBrowser(server);

  it("shows no Google button on /login or /registration", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    for (const [path, submit] of [
      ["/login", "Login"],
      ["/registration", "Register"],
    ] as const) {
      const config = page.waitForResponse((response) => response.url().endsWith("/api/config"));
      await page.goto(path);
      await config;
      await page.getByRole("button", { name: submit, exact: true }).waitFor();
      expect(await page.getByRole("button", { name: /google/i }).count()).toBe(0);
      expect(await page.getByRole("link", { name: /google/i }).count()).toBe(0);
    }
    expectNoErrors();
  });
});
