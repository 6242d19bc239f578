import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  expectSignedIn,
  expectToast,
  fillRegistration,
  navbar,
  newAccount,
  text,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { boxOf, NARROW_PHONE, snapWidths } from "./support/first-screen";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

/**
 * The toast with this text, once it has finished sliding in. Only the toast's
 * own animations are awaited: its progress bar runs for the whole 5 s and
 * the toast closes when that ends, so waiting for every animation in the
 * page would wait until the toast was on its way out (and no longer a
 * status: the library drops the role as the toast leaves).
 */
async function shownToast(page: Page, message: string) {
  await expectToast(page, message);
  const toast = page.getByRole("status").filter({ hasText: message }).first();
  await toast.evaluate((element) =>
    // A cancelled animation rejects `finished`; the toast has stopped moving either way.
    Promise.allSettled(element.getAnimations().map((animation) => animation.finished)),
  );
  return boxOf(toast);
}

describe("toasts say what just happened and hide nothing", () => {
  for (const size of [NARROW_PHONE, { width: 1280, height: 800 }]) {
    it(`at ${size.width} px the login warning goes once the visitor moves on, and no toast covers the header`, async () => {
      const { page, expectNoErrors } = await browser.newTab(size);
      const buyer = newAccount("buyer", `Toast Reader ${size.width}`);

      await page.goto("/dashboard");
      await expectToast(page, text.pleaseLogin);
      await waitForPath(page, "/login");
      const warning = await shownToast(page, text.pleaseLogin);
      const header = await boxOf(page.locator("header").first());
      expect(warning.y, "the warning sits below the header").toBeGreaterThanOrEqual(header.bottom);

      // Within the app, as a visitor would: a reload would clear every toast anyway.
      await page
        .getByRole("main")
        .getByRole("link", { name: /Registration/ })
        .click();
      await waitForPath(page, "/registration");
      await fillRegistration(page, buyer);
      await page.getByRole("button", { name: "Register", exact: true }).click();
      await expectSignedIn(page, buyer.email);
      const created = await shownToast(page, text.accountCreated);
      await page
        .getByRole("status")
        .filter({ hasText: text.pleaseLogin })
        .waitFor({ state: "detached" });

      const top = await boxOf(navbar(page));
      expect(
        created.y,
        "'Account created' leaves the header and its search free",
      ).toBeGreaterThanOrEqual(top.bottom);
      await snapWidths(page, `first-use-toast-after-registration-${size.width}`);
      expectNoErrors();
    });
  }
});
