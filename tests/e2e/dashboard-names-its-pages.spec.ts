import { describe, expect, it } from "vitest";
import {
  logInWithForm,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { boxOf, NARROW_PHONE, snapWidths } from "./support/first-screen";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("each role's dashboard names its pages", () => {
  it("a new seller finds 'Bookings on my bikes' in the menu and is pointed to Add product", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const seller = newAccount("seller", "Selim Seller");
    await registerThroughApi(page, server.url, seller);

    await page.goto("/dashboard/addProduct");
    const menu = sideMenu(page);
    await menu.getByRole("link", { name: "Bookings on my bikes", exact: true }).click();
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Bookings on my bikes" }).waitFor();
    expect(
      await menu.getByRole("link", { name: "Bookings on my bikes" }).getAttribute("aria-current"),
    ).toBe("page");
    for (const name of ["Add product", "My products", "My booking", "Wishlist"]) {
      await menu.getByRole("link", { name, exact: true }).waitFor();
    }
    await page.getByText("Seller account", { exact: true }).waitFor();
    await snapWidths(page, "first-use-seller-dashboard");

    // The empty state's own link, not the menu's.
    await page
      .getByRole("main")
      .locator("section")
      .getByRole("link", { name: "Add product", exact: true })
      .click();
    await waitForPath(page, "/dashboard/addProduct");
    expectNoErrors();
  });

  it("the admin's banner says administrator, not buyer", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/login");
    await logInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto("/dashboard/allSeller");
    await page.getByText("Administrator account", { exact: true }).waitFor();
    expect(await page.getByText(/buyer account/i).count()).toBe(0);
    await sideMenu(page).getByRole("link", { name: "All buyers", exact: true }).waitFor();
    await snapWidths(page, "first-use-admin-dashboard");
    expectNoErrors();
  });

  it("at the bottom of a long page the side menu stays under the top bar and its logo", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Scroll Buyer"));
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "My booking" }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const logo = await boxOf(page.getByRole("link", { name: "ReRide", exact: true }).first());
    const onTop = await page.evaluate(
      ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest("header")),
      { x: logo.x + logo.width / 2, y: logo.y + logo.height / 2 },
    );
    expect(onTop, "the logo is drawn on top, not covered by the side menu").toBe(true);
    expectNoErrors();
  });

  it("on a 360 px phone the welcome banner leaves the first screen to the page", async () => {
    const { page, expectNoErrors } = await browser.newTab(NARROW_PHONE);
    await registerThroughApi(page, server.url, newAccount("buyer", "Phone Buyer"));
    await page.goto("/dashboard/wishlist");
    const heading = page.getByRole("heading", { name: "Wishlist", level: 2 });
    await heading.waitFor();
    const banner = await boxOf(page.getByRole("heading", { name: /^Welcome/, level: 1 }));
    const menuButton = await boxOf(page.getByRole("button", { name: "menu", exact: true }));
    // The banner and its 'menu' button share one row under the top bar.
    expect(
      Math.abs(menuButton.y + menuButton.height / 2 - (banner.y + banner.height / 2)),
    ).toBeLessThan(24);
    expect(
      (await boxOf(heading)).y,
      "the page's heading sits high on the first screen",
    ).toBeLessThan(200);
    expectNoErrors();
  });
});
