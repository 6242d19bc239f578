import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, newAccount, registerThroughApi, sideMenu, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { fillBikeForm, marketText, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

// A made-up word, so no demo bike matches the saved search.
const WORD = "Quasarbike";
// The matcher looks every 5 s in every server process.
const MATCH_WAIT_MS = 30_000;

/** Reloads the saved searches until the card shows a match (the matcher runs in the background). */
async function waitForMatch(page: Page, text: string) {
  const deadline = Date.now() + MATCH_WAIT_MS;
  for (;;) {
    if (await page.getByText(text, { exact: true }).isVisible()) return;
    if (Date.now() > deadline) throw new Error(`no "${text}" after ${MATCH_WAIT_MS} ms`);
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.getByRole("heading", { name: "Saved searches", exact: true }).waitFor();
  }
}

describe("a saved search tells its owner of a matching bike", () => {
  it("buyer saves a search → seller lists a matching bike → the buyer's search shows the match", async () => {
    const buyerTab = await browser.newTab();
    const buyer = buyerTab.page;
    await registerThroughApi(buyer, server.url, newAccount("buyer", "Sara Saver"));

    // The buyer searches for a bike nobody sells yet, and saves the search.
    await buyer.goto(`/bikes?q=${WORD.toLowerCase()}&maxPrice=3000`);
    await buyer
      .getByRole("heading", { level: 1, name: `Bikes matching “${WORD.toLowerCase()}”` })
      .waitFor();
    await buyer.getByText("No bikes match.", { exact: true }).waitFor();
    await buyer.getByRole("button", { name: "Save this search", exact: true }).click();
    // By keyboard: the name field has the focus, Enter saves, the focus returns to the button.
    const nameField = buyer
      .getByRole("form", { name: "Save this search" })
      .getByLabel("Name (optional)", { exact: true });
    await expect.poll(() => nameField.evaluate((el) => el === document.activeElement)).toBe(true);
    await buyer.keyboard.type("Quasar under 3000");
    await buyer.keyboard.press("Enter");
    await buyer.getByText("Search saved: you will be told", { exact: false }).waitFor();
    const saveButton = buyer.getByRole("button", { name: "Save this search", exact: true });
    expect(await saveButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // It is listed in the dashboard, in words, with no match yet.
    await buyer.getByRole("link", { name: "Your saved searches", exact: true }).click();
    await waitForPath(buyer, "/dashboard/saved-searches");
    const card = buyer.getByRole("listitem").filter({
      has: buyer.getByRole("heading", { name: "Quasar under 3000", exact: true }),
    });
    await card.getByText(`“${WORD.toLowerCase()}” · price up to 3,000`, { exact: true }).waitFor();
    await card.getByText("No new matches yet.", { exact: true }).waitFor();

    // A seller, in another browser context, lists a matching bike through Add product.
    const sellerTab = await browser.newTab();
    const seller = sellerTab.page;
    await registerThroughApi(seller, server.url, newAccount("seller", "Selim Seller"));
    await seller.goto("/dashboard/addProduct");
    const bike = shownBike({
      title: `${WORD} 250, one owner`,
      name: "Quasar 250",
      resalePrice: 2500,
    });
    await fillBikeForm(seller, bike);
    await seller.getByRole("button", { name: "submit", exact: true }).click();
    await expectToast(seller, marketText.addProductDone);
    await seller.getByRole("heading", { level: 1, name: bike.title }).waitFor();
    const bikeId = new URL(seller.url()).pathname.split("/").pop();

    // The buyer's saved search shows the match, and the notification names the bike.
    await waitForMatch(buyer, "1 new match");
    const notifications = await buyer.request.get(`${server.url}/api/me/notifications`);
    if (notifications.status() !== 404) {
      // GET /api/me/notifications (the notifications page's endpoint) lists it.
      const body = (await notifications.json()) as { items: { kind: string; link: string }[] };
      expect(body.items).toContainEqual(
        expect.objectContaining({ kind: "saved_search_match", link: `/bikes/${bikeId}` }),
      );
    }

    // Running the search shows the new bike.
    await card.getByRole("link", { name: "Run search: Quasar under 3000", exact: true }).click();
    await waitForPath(buyer, "/bikes");
    await buyer.getByText("1 bike found", { exact: true }).waitFor();
    await buyer.getByRole("link", { name: bike.title, exact: true }).waitFor();

    // Deleting it empties the list; the menu leads back to it.
    await buyer.goto("/dashboard");
    await sideMenu(buyer).getByRole("link", { name: "Saved searches", exact: true }).click();
    await waitForPath(buyer, "/dashboard/saved-searches");
    await card.getByRole("button", { name: "Delete", exact: true }).click();
    await buyer.getByRole("button", { name: "Delete search", exact: true }).click();
    await buyer.getByText("You have no saved searches.", { exact: true }).waitFor();

    buyerTab.expectNoErrors();
    sellerTab.expectNoErrors();
  });
});
