import { describe, expect, it } from "vitest";
import {
  expectSignedIn,
  logInWithForm,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { snap } from "./support/screenshots";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("the admin menu is for admins only", () => {
  it("an ADMIN_EMAILS account sees 'All sellers' and 'All buyers' in the dashboard menu", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/login");
    await logInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expectSignedIn(page, ADMIN_EMAIL);

    await page.goto("/dashboard");
    const menu = sideMenu(page);
    await menu.getByRole("link", { name: "All sellers", exact: true }).waitFor();
    await menu.getByRole("link", { name: "All buyers", exact: true }).waitFor();
    await snap(page, "admin-dashboard");

    await menu.getByRole("link", { name: "All sellers", exact: true }).click();
    await waitForPath(page, "/dashboard/allSeller");
    await page.getByRole("heading", { name: "All sellers" }).first().waitFor();
    expect(await page.getByText(/not allowed/i).count()).toBe(0);

    expectNoErrors();
  });

  it("an ordinary buyer has no admin menu and is told the seller list is not allowed", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const buyer = newAccount("buyer", "Nadia Buyer");
    await registerThroughApi(page, server.url, buyer);

    await page.goto("/dashboard");
    await page.getByText(`Welcome ${buyer.name}`).waitFor();
    await page
      .getByText(/buyer account/i)
      .first()
      .waitFor();
    const menu = sideMenu(page);
    await menu
      .getByRole("link", { name: /booking/i })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: "All sellers" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "All buyers" }).count()).toBe(0);
    await snap(page, "buyer-dashboard");

    await page.goto("/dashboard/allSeller");
    await page
      .getByText(/not allowed/i)
      .first()
      .waitFor();
    expect(await page.getByText("Delete seller").count()).toBe(0);
    await snap(page, "buyer-not-allowed");

    expectNoErrors();
  });
});
