import { describe, expect, it } from "vitest";
import {
  expectToast,
  logInWithForm,
  navbar,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, createBikeThroughApi, shownBike } from "./support/marketplace";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("a buyer reports a listing and an admin hides it", () => {
  it("the listing leaves search and its page for buyers; its owner sees it hidden, and why", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Rafi Deals"));
    const title = "Suzuki Intruder, deposit first";
    const bike = await createBikeThroughApi(
      sellerTab.page,
      server.url,
      shownBike({ title, name: "Intruder", location: "Sylhet", category: "SUZUKI" }),
    );

    // A buyer reports it from its page.
    const buyerTab = await browser.newTab();
    const { page } = buyerTab;
    await registerThroughApi(page, server.url, newAccount("buyer", "Nadia Careful"));
    await page.goto(`/bikes/${bike.id}`);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Report this listing", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Report this listing" });
    await dialog.getByRole("button", { name: "Send report", exact: true }).click();
    // Nothing chosen: said in the form, nothing sent.
    await dialog.getByText("Choose why you report this listing").first().waitFor();
    await dialog.getByLabel("Reason", { exact: true }).selectOption({ label: "Looks like a scam" });
    await dialog.getByLabel("Details (optional)").fill("Asks for a deposit before any viewing.");
    await dialog.getByRole("button", { name: "Send report", exact: true }).click();
    await expectToast(page, "Thank you. An administrator will look at this listing.");

    // Another buyer still finds it, for now.
    const otherTab = await browser.newTab();
    const other = otherTab.page;
    await registerThroughApi(other, server.url, newAccount("buyer", "Omar Browsing"));
    await other.goto(`/bikes?q=${encodeURIComponent("Intruder deposit")}`);
    await cardTitled(other, title).waitFor();

    // The admin hides it from the Reports page, with a reason.
    const adminTab = await browser.newTab();
    const admin = adminTab.page;
    await admin.goto("/login");
    await logInWithForm(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await navbar(admin).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(admin).getByRole("link", { name: "Reports", exact: true }).click();
    await waitForPath(admin, "/dashboard/reports");
    const report = cardTitled(admin, title);
    await report.getByText("Asks for a deposit before any viewing.").waitFor();
    await report.getByText("Nadia Careful", { exact: false }).waitFor();
    await report.getByRole("button", { name: "Hide listing", exact: true }).click();
    const hideDialog = admin.getByRole("dialog", { name: "Hide listing" });
    const reason = "Sellers may not ask for a deposit before a viewing.";
    await hideDialog.getByLabel("Reason shown to the owner").fill(reason);
    await hideDialog.getByRole("button", { name: "Hide listing", exact: true }).click();
    await expectToast(admin, "Listing hidden");
    await admin.getByText("No open reports.").waitFor();

    // Gone for other buyers: not in search, and its page says it is no longer listed.
    await other.goto(`/bikes?q=${encodeURIComponent("Intruder deposit")}`);
    await other.getByText("No bikes match.").waitFor();
    expect(await cardTitled(other, title).count()).toBe(0);
    await other.goto(`/bikes/${bike.id}`);
    await other.getByRole("heading", { name: "This bike is no longer listed." }).waitFor();

    // Its owner sees it hidden, and why.
    const seller = sellerTab.page;
    await seller.goto("/dashboard/MyProduct");
    const mine = cardTitled(seller, "Intruder");
    await mine.getByText("Hidden by an administrator: buyers can't see this listing.").waitFor();
    await mine.getByText(`Reason: ${reason}`).waitFor();

    // The admin log says who did it and why.
    await sideMenu(admin).getByRole("link", { name: "Admin log", exact: true }).click();
    await waitForPath(admin, "/dashboard/adminLog");
    await admin.getByText(`Why: ${reason}`).waitFor();

    for (const tab of [sellerTab, buyerTab, adminTab]) tab.expectNoErrors();
    // The hidden bike's own request answers 404, which the browser logs.
    otherTab.expectNoErrors([new RegExp(`status of 404 .*/api/bikes/${bike.id}$`)]);
  }, 120_000);
});
