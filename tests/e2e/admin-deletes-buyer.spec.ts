import { describe, expect, it } from "vitest";
import {
  expectSignedIn,
  expectToast,
  fillLogin,
  logInWithForm,
  newAccount,
  registerThroughApi,
  sideMenu,
  text,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, marketText, snapSettled } from "./support/marketplace";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

// The deleted buyer's browser still holds a dead cookie: the requests it
// makes with it answer 401 (and Chromium logs those), and so does the
// refused sign-in. Both are the point of this journey.
const EXPECTED_401 = /status of 401 .*@ https?:\/\/[^/]+\/api\//;

describe("an admin deletes a buyer", () => {
  it("the buyer is signed out at their next step and can't log in again", async () => {
    const buyerTab = await browser.newTab();
    const buyer = newAccount("buyer", "Sadia Deleted");
    await registerThroughApi(buyerTab.page, server.url, buyer);
    await buyerTab.page.goto("/dashboard/myBooking");
    await buyerTab.page.getByText(`Welcome ${buyer.name}`).waitFor();
    await expectSignedIn(buyerTab.page, buyer.email);

    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/login");
    await logInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto("/dashboard");
    await sideMenu(page).getByRole("link", { name: "All buyers", exact: true }).click();
    await waitForPath(page, "/dashboard/allBuyer");
    await page.getByRole("heading", { name: "All buyers", exact: true }).waitFor();

    // The administrator's own account is listed, marked, and can't be deleted.
    const admin = page.getByRole("article").filter({ hasText: ADMIN_EMAIL });
    // (The seeded admin is also named "Administrator": look for the badge itself.)
    await admin.locator(".badge", { hasText: "Administrator" }).waitFor();
    expect(await admin.getByRole("button", { name: "Delete Buyer" }).count()).toBe(0);

    const account = cardTitled(page, buyer.name);
    await account.getByRole("button", { name: "Delete Buyer", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${buyer.name}?` });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Delete account", exact: true }).click();
    await expectToast(page, marketText.deletedBuyer);
    await account.waitFor({ state: "detached" });
    expect(await snapSettled(page, "all-buyers-after-delete")).toEqual({ phone: 0, desktop: 0 });
    expectNoErrors();

    // The buyer's next move inside the app meets the login guard.
    const buyerPage = buyerTab.page;
    await sideMenu(buyerPage).getByRole("link", { name: "Wishlist", exact: true }).click();
    await expectToast(buyerPage, text.pleaseLogin);
    await waitForPath(buyerPage, "/login");

    // And their password no longer opens the door.
    await fillLogin(buyerPage, buyer.email, buyer.password);
    await buyerPage.getByRole("button", { name: "Login", exact: true }).click();
    await buyerPage
      .getByRole("alert")
      .filter({ hasText: /invalid email or password/i })
      .waitFor();
    expect(new URL(buyerPage.url()).pathname).toBe("/login");
    await snapSettled(buyerPage, "deleted-buyer-login-refused");
    buyerTab.expectNoErrors([EXPECTED_401]);
  }, 90_000);
});
