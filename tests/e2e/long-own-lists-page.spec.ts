import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectToast, newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, createBikeThroughApi, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

/** One call as the account signed in on `page`; fails unless it works. */
async function call(page: Page, method: "post" | "patch", path: string, data: unknown) {
  const response = await page.request[method](`${server.url}${path}`, {
    data,
    headers: { origin: server.url },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

const book = (page: Page, bikeId: string) =>
  call(page, "post", "/api/bookings", {
    bikeId,
    phone: "+8801811000002",
    meetingLocation: "Banani 11",
  });

describe("long lists of one's own come a page at a time", () => {
  it("bookings and sales show twenty, products twenty-four; 'Load more' brings the rest, and what is on a later page can be changed there", async () => {
    const sellerPage = (await browser.newTab()).page;
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Selim Seller"));
    const bikes: { id: string }[] = [];
    for (let i = 1; i <= 25; i++) {
      const bike = shownBike({ title: `Bike ${i}`, name: `Model ${i}` });
      bikes.push(await createBikeThroughApi(sellerPage, server.url, bike));
    }

    // Bikes 5 to 25 are booked: the first booking stays pending, the twenty after it are cancelled.
    const buyerPage = (await browser.newTab()).page;
    await registerThroughApi(buyerPage, server.url, newAccount("buyer", "Bushra Buyer"));
    for (const [i, bike] of bikes.slice(4).entries()) {
      const booking = await book(buyerPage, bike.id);
      if (i > 0) {
        await call(buyerPage, "patch", `/api/bookings/${booking.id}`, { status: "cancelled" });
      }
    }

    await buyerPage.goto("/dashboard/myBooking");
    const bookings = buyerPage.getByRole("main").getByRole("article");
    await cardTitled(buyerPage, "Bike 25").waitFor();
    expect(await bookings.count()).toBe(20);
    expect(await cardTitled(buyerPage, "Bike 5").count()).toBe(0);

    // From the keyboard: once the page is in, focus is on the first booking it brought.
    await buyerPage.getByRole("button", { name: "Load more", exact: true }).focus();
    await buyerPage.keyboard.press("Enter");
    const oldest = cardTitled(buyerPage, "Bike 5");
    await oldest.waitFor();
    await expect
      .poll(() => oldest.evaluate((card) => card.contains(document.activeElement)))
      .toBe(true);
    expect(await bookings.count()).toBe(21);
    expect(await buyerPage.getByRole("button", { name: "Load more", exact: true }).count()).toBe(0);

    // Cancelling on the second page changes that card where it is.
    await oldest.getByRole("button", { name: "Cancel", exact: true }).click();
    await buyerPage.getByRole("button", { name: "Cancel booking", exact: true }).click();
    await expectToast(buyerPage, "Booking cancelled");
    await oldest.getByText("Cancelled", { exact: true }).waitFor();
    expect(await bookings.count()).toBe(21);

    // The seller's sales page the same way.
    await sellerPage.goto("/dashboard");
    const sales = sellerPage.getByRole("main").getByRole("article");
    await cardTitled(sellerPage, "Bike 25").waitFor();
    expect(await sales.count()).toBe(20);
    await sellerPage.getByRole("button", { name: "Load more", exact: true }).click();
    await cardTitled(sellerPage, "Bike 5").waitFor();
    expect(await sales.count()).toBe(21);

    // The seller's products: twenty-four, then the oldest, advertised from the second page.
    await sellerPage.goto("/dashboard/MyProduct");
    const products = sellerPage.getByRole("main").getByRole("article");
    await cardTitled(sellerPage, "Model 25").waitFor();
    expect(await products.count()).toBe(24);
    expect(await cardTitled(sellerPage, "Model 1").count()).toBe(0);
    await sellerPage.getByRole("button", { name: "Load more", exact: true }).click();
    const first = cardTitled(sellerPage, "Model 1");
    await first.waitFor();
    expect(await products.count()).toBe(25);
    await first.getByRole("button", { name: "Advertise", exact: true }).click();
    await expectToast(sellerPage, "Advertised on the home page");
    await first.getByRole("button", { name: "Stop advertising", exact: true }).waitFor();
    expect(await products.count()).toBe(25);
  });

  it("the wishlist shows twenty-four, newest first; the promotion's bike is marked on whichever page it is, and only while it is saved", async () => {
    const sellerPage = (await browser.newTab()).page;
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Sadia Seller"));
    const buyerPage = (await browser.newTab()).page;
    await registerThroughApi(buyerPage, server.url, newAccount("buyer", "Badal Buyer"));
    // Saved in order, Saved 1 first: the 5% promotion is that bike's for good.
    for (let i = 1; i <= 25; i++) {
      const bike = await createBikeThroughApi(
        sellerPage,
        server.url,
        shownBike({ title: `Saved ${i}`, name: `Wish ${i}` }),
      );
      const saved = await buyerPage.request.put(`${server.url}/api/me/wishlist/${bike.id}`, {
        headers: { origin: server.url },
      });
      expect(saved.status()).toBe(204);
    }
    const promotion = "5% off — your first wishlist bike";

    await buyerPage.goto("/dashboard/wishlist");
    const saved = buyerPage.getByRole("main").getByRole("article");
    await cardTitled(buyerPage, "Saved 25").waitFor();
    expect(await saved.count()).toBe(24);
    expect(await cardTitled(buyerPage, "Saved 1").count()).toBe(0);
    // Not on the first card of the list: the promotion's bike is not among the newest.
    expect(await buyerPage.getByText(promotion).count()).toBe(0);

    await buyerPage.getByRole("button", { name: "Load more", exact: true }).focus();
    await buyerPage.keyboard.press("Enter");
    const first = cardTitled(buyerPage, "Saved 1");
    await first.waitFor();
    await expect
      .poll(() => first.evaluate((card) => card.contains(document.activeElement)))
      .toBe(true);
    await first.getByText(promotion).waitFor();
    expect(await buyerPage.getByText(promotion).count()).toBe(1);

    // Its heart, on the second page, takes it off; no other bike takes the promotion over.
    await first.getByRole("button", { name: "Remove from wishlist", exact: true }).click();
    await expect.poll(() => first.count()).toBe(0);
    expect(await saved.count()).toBe(24);
    await buyerPage.reload();
    await cardTitled(buyerPage, "Saved 25").waitFor();
    expect(await saved.count()).toBe(24);
    expect(await buyerPage.getByText(promotion).count()).toBe(0);
    expect(await buyerPage.getByRole("button", { name: "Load more", exact: true }).count()).toBe(0);
  });
});
