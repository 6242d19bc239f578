import type { Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  expectFieldError,
  expectSignedOut,
  fillRegistration,
  newAccount,
  pathOf,
  registerThroughApi,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { expectErrorSummary } from "./support/error-summary";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const isSignUp = (response: Response) =>
  response.url().endsWith("/api/auth/sign-up/email") && response.request().method() === "POST";

describe("registration shows what is wrong beside the field", () => {
  it("a bad email and a 5-character password get their messages and create no account", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const signUps: number[] = [];
    page.on("response", (response) => {
      if (isSignUp(response)) signUps.push(response.status());
    });

    await page.goto("/registration");
    await fillRegistration(page, {
      ...newAccount("buyer", "Karim"),
      email: "karim-at-example",
      password: "12345",
    });
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expectFieldError(page, "Email", "Enter a valid email address");
    await expectFieldError(page, "Password", "Password must be at least 8 characters");
    // Beside the fields, tied to them, and listed at the top with the focus there.
    await expectErrorSummary(page, [
      { label: "Email", message: "Enter a valid email address" },
      { label: "Password", message: "Password must be at least 8 characters" },
    ]);
    await snap(page, "registration-field-errors");

    // Fixing the email alone still leaves the short password refused.
    await page.getByLabel("Email", { exact: true }).fill("karim@example.test");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expectFieldError(page, "Password", "Password must be at least 8 characters");
    expect(await page.getByText("Enter a valid email address").count()).toBe(0);

    expect(pathOf(page)).toBe("/registration");
    await expectSignedOut(page);
    expect(signUps.filter((status) => status < 300)).toEqual([]);

    // And the server agrees nobody was registered: these credentials do not sign in.
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: "karim@example.test", password: "12345" },
      headers: { origin: server.url },
    });
    expect(signIn.status()).toBe(401);

    expectNoErrors();
  });

  it("an email that already has an account is refused beside Email", async () => {
    const first = await browser.newTab();
    const existing = newAccount("seller", "Existing Seller");
    await registerThroughApi(first.page, server.url, existing);

    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/registration");
    await fillRegistration(page, { ...newAccount("buyer", "Someone Else"), email: existing.email });
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expectFieldError(page, "Email", "An account with this email already exists");
    await expectErrorSummary(page, [
      { label: "Email", message: "An account with this email already exists" },
    ]);
    expect(pathOf(page)).toBe("/registration");
    await expectSignedOut(page);
    await snap(page, "registration-email-taken");

    // The browser logs the refused sign-up (409) as a failed resource; that one is the point.
    expectNoErrors([/status of 409 .*\/api\/auth\/sign-up\/email$/]);
  });
});
