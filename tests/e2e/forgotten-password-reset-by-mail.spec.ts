import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetLinkOf, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { expectAccessible } from "./support/accessibility";
import {
  expectSignedIn,
  expectToast,
  logInWithForm,
  newAccount,
  registerThroughApi,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { setupServer } from "./support/server";

// Started before the server, which is told to send its mail here.
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const server = setupServer(() => ({ SMTP_URL: smtp.url }));
const browser = setupBrowser(server);

const NEW_PASSWORD = "a-fresh-start-2026";

describe("a rider who forgot their password", () => {
  it("asks for a link on the login page, sets a new password from the mail and logs in with it", async () => {
    const rider = newAccount("buyer", "Rafi Rider");
    const otherDevice = await browser.newTab();
    await registerThroughApi(otherDevice.page, server.url, rider);

    const tab = await browser.newTab();
    const page = tab.page;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?", exact: true }).click();
    await waitForPath(page, "/forgot-password");
    await page.getByRole("heading", { level: 1, name: "Forgot your password?" }).waitFor();
    await expectAccessible(page, "forgot password");
    await page.getByLabel("Email", { exact: true }).fill(rider.email);
    await page.getByRole("button", { name: "Send me a link", exact: true }).click();
    await page.getByText("we've mailed it a link to choose a new password").waitFor();

    const mail = await smtp.mailTo(rider.email, {
      subject: "Reset your ReRide password",
      timeoutMs: 20_000,
    });
    expect(mail.subject).toBe("Reset your ReRide password");
    const link = resetLinkOf(mail.text);
    expect(link.origin).toBe(server.url);

    await page.goto(link.href);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await expectAccessible(page, "choose a new password");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password", exact: true }).click();
    await expectToast(page, "Password changed. Log in with your new password.");
    await waitForPath(page, "/login");

    await logInWithForm(page, rider.email, NEW_PASSWORD);
    await expectSignedIn(page, rider.email);

    // The session the other device held ended with the reset.
    const me = await otherDevice.page.request.get(`${server.url}/api/me`);
    expect(me.status()).toBe(401);

    // The link worked once.
    await page.goto(link.href);
    await page.getByLabel("New password", { exact: true }).fill("another-password-99");
    await page.getByRole("button", { name: "Set new password", exact: true }).click();
    await page
      .getByText("This link has expired or was already used.", { exact: false })
      .first()
      .waitFor();
    tab.expectNoErrors([/status of 400.*@ .*\/reset-password/]);
  }, 90_000);
});
