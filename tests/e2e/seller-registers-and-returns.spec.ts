import { describe, expect, it } from "vitest";
import {
  expectSignedIn,
  expectSignedOut,
  expectToast,
  fillLogin,
  fillRegistration,
  navbar,
  newAccount,
  sideMenu,
  text,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("a seller registers and comes back", () => {
  it("registers, stays signed in across a reload, logs out, and logging in returns to the dashboard", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const seller = newAccount("seller", "Rahim Uddin");

    await page.goto("/registration");
    await fillRegistration(page, seller);
    await snap(page, "seller-registration-filled");
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await expectToast(page, text.accountCreated);
    await expectSignedIn(page, seller.email);
    await snap(page, "seller-registered");

    await page.reload();
    await expectSignedIn(page, seller.email);

    await navbar(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expectSignedOut(page);

    await page.goto("/dashboard");
    await expectToast(page, text.pleaseLogin);
    await waitForPath(page, "/login");
    await page.getByRole("heading", { name: text.loginHeading }).waitFor();
    await snap(page, "seller-sent-to-login");

    // Hold the sign-in answer back a moment so the button's loading state can be seen.
    await page.route("**/api/auth/sign-in/email", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await fillLogin(page, seller.email, seller.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const loading = page.getByRole("button", { name: "Loading...", exact: true });
    await loading.waitFor();
    expect(await loading.isDisabled()).toBe(true);

    await expectToast(page, text.loginDone);
    await waitForPath(page, "/dashboard");
    await page.getByText(`Welcome ${seller.name}`).waitFor();
    await page
      .getByText(/seller account/i)
      .first()
      .waitFor();
    await expectSignedIn(page, seller.email);

    const menu = sideMenu(page);
    await menu.getByRole("link", { name: "Add product", exact: true }).waitFor();
    await menu.getByRole("link", { name: "My products", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "All sellers" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "All buyers" }).count()).toBe(0);
    await snap(page, "seller-dashboard");

    expectNoErrors();
  });
});
