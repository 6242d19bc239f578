import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { expectAccessible } from "./support/accessibility";
import { expectToast, newAccount, registerThroughApi, sideMenu, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

// PRODUCT.md §8: a settings page where a user turns e-mail off and changes
// their display name; the address is confirmed from the mailed link.

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const server = setupServer(() => ({ SMTP_URL: smtp.url }));
const browser = setupBrowser(server);

function verifyLinkOf(text: string | undefined): string {
  const match = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text ?? "");
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return match[0];
}

describe("a rider's settings", () => {
  it("turns e-mail off and changes the display name; both are kept", async () => {
    const tab = await browser.newTab();
    const page = tab.page;
    const rider = newAccount("buyer", "Tariq Rider");
    await registerThroughApi(page, server.url, rider);

    await page.goto("/dashboard");
    await sideMenu(page).getByRole("link", { name: "Settings", exact: true }).click();
    await waitForPath(page, "/dashboard/settings");
    await page.getByRole("heading", { level: 2, name: "Settings" }).waitFor();
    await expectAccessible(page, "settings");

    const mailToggle = page.getByLabel("E-mail me about bookings and my account", { exact: true });
    expect(await mailToggle.isChecked()).toBe(true);
    await mailToggle.click();
    await page.getByText("Saved: e-mails are off.", { exact: true }).waitFor();

    const name = page.getByLabel("Display name", { exact: true });
    await name.fill("Tariq the Rider");
    await page.getByRole("button", { name: "Save name", exact: true }).click();
    await expectToast(page, "Your name is changed.");
    await page.getByRole("heading", { level: 1, name: "Welcome Tariq the Rider" }).waitFor();

    // A wrong current password is said beside its field.
    await page.getByLabel("Current password", { exact: true }).fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-42");
    await page.getByRole("button", { name: "Change password", exact: true }).click();
    await page.getByText("This is not your current password", { exact: true }).first().waitFor();
    expect(await snapSettled(page, "settings")).toEqual({ phone: 0, desktop: 0 });

    await page.reload();
    await page.getByRole("heading", { level: 2, name: "Settings" }).waitFor();
    expect(await page.getByLabel("Display name", { exact: true }).inputValue()).toBe(
      "Tariq the Rider",
    );
    expect(
      await page.getByLabel("E-mail me about bookings and my account", { exact: true }).isChecked(),
    ).toBe(false);
    tab.expectNoErrors([/status of 400.*change-password/]);
  }, 90_000);

  it("confirms the address from the mailed link; the dashboard notice goes", async () => {
    const tab = await browser.newTab();
    const page = tab.page;
    const rider = newAccount("seller", "Vera Verifying");
    await registerThroughApi(page, server.url, rider);

    await page.goto("/dashboard");
    const notice = page.getByRole("region", { name: "Confirm your e-mail address" });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Send me a new link", exact: true }).click();
    await notice.getByText("We've mailed you a new link.", { exact: false }).waitFor();

    const mail = await smtp.mailTo(rider.email, {
      subject: "Confirm your e-mail address for ReRide",
      timeoutMs: 20_000,
    });
    const link = verifyLinkOf(mail.text);

    // A broken link says so and offers a new one.
    await page.goto("/verify-email?token=broken");
    await page.getByText("This link is not valid.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Send me a new link", exact: true }).waitFor();
    await expectAccessible(page, "verify e-mail failed");

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" }).waitFor();
    await page.getByText("Your e-mail address is confirmed.", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Go to your dashboard", exact: true }).click();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Bookings on my bikes" }).waitFor();
    expect(await notice.count()).toBe(0);
    tab.expectNoErrors([/status of 400.*verify-email/]);
  }, 90_000);
});
