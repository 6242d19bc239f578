import { describe, expect, it } from "vitest";
import { newAccount, registerThroughApi, text } from "./support/app";
import { setupBrowser } from "./support/browser";
import { boxOf, NARROW_PHONE, snapWidths } from "./support/first-screen";
import { cardTitled, createBikeThroughApi, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("home shows bikes and search from the first screen", () => {
  it("one advertised bike sits centred, and the newest others are listed beside it", async () => {
    const { page: sellerPage } = await browser.newTab();
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Home Seller"));
    const promoted = shownBike({ title: "Promoted Yamaha FZ, first owner", category: "YAMAHA" });
    const plain = shownBike({ title: "Plain KTM Duke, city ridden", category: "KTM" });
    const { id } = await createBikeThroughApi(sellerPage, server.url, promoted);
    await createBikeThroughApi(sellerPage, server.url, plain);
    const advertise = await sellerPage.request.patch(`${server.url}/api/bikes/${id}`, {
      data: { advertised: true },
      headers: { origin: server.url },
    });
    expect(advertise.status()).toBe(200);

    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Home Buyer"));
    await page.goto("/");
    const advertised = page.getByRole("region", { name: "Advertised" });
    const card = await boxOf(cardTitled(advertised, promoted.title));
    const section = await boxOf(advertised);
    const middle = section.x + section.width / 2;
    expect(Math.abs(card.x + card.width / 2 - middle), "a lone card is centred").toBeLessThan(8);

    const recent = page.getByRole("region", { name: "Recently listed" });
    await cardTitled(recent, plain.title).waitFor();
    expect(await cardTitled(recent, promoted.title).count(), "not listed twice").toBe(0);
    await snapWidths(page, "first-use-home-signed-in");
    expectNoErrors();
  });

  it("on a 360 px phone the first screen holds the search", async () => {
    const { page, expectNoErrors } = await browser.newTab(NARROW_PHONE);
    await page.goto("/");
    const search = page.getByRole("search", { name: "Search bikes from the home page" });
    const box = await boxOf(search);
    expect(box.bottom).toBeLessThanOrEqual(NARROW_PHONE.height);
    await search.getByRole("searchbox").fill("Gixxer");
    await search.getByRole("button", { name: "Search" }).click();
    // Searching needs an account: the visitor is asked to log in first.
    await page.getByRole("heading", { name: text.loginHeading }).waitFor();
    expectNoErrors();
  });

  it("the footer's entries are links to real pages, and the delivery promise speaks of meeting", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/");
    const entries = page.locator("footer li");
    expect(await entries.count()).toBeGreaterThan(0);
    const hrefs: string[] = [];
    for (const entry of await entries.all()) {
      const link = entry.getByRole("link");
      expect(await link.count(), `"${await entry.textContent()}" is a link`).toBe(1);
      hrefs.push((await link.getAttribute("href")) ?? "");
    }
    for (const href of hrefs) {
      await page.goto(href);
      expect(await page.getByText(text.notFound).count(), `${href} exists`).toBe(0);
    }
    await page.goto("/");
    const promise = page.getByRole("listitem").filter({ hasText: "Free delivery" });
    await promise.getByText(/where to meet the seller/).waitFor();
    expectNoErrors();
  });
});
