import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/accessibility";
import { expectToast, newAccount, registerThroughApi, sideMenu, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, createBikeThroughApi, shownBike, snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const BIKE = shownBike({ title: "Suzuki Gixxer SF, garage kept", resalePrice: 1750 });

/** What the API does for a page's browser: one call as the account signed in there. */
async function post(page: Page, path: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(`${server.url}${path}`, {
    data,
    headers: { origin: server.url },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

describe("the buyer who booked and the seller each see their own part in a bike", () => {
  it("booked: 'You booked this bike' at the booked price; own bike: no price, no heart; sales at the listed price, replies confirmed", async () => {
    const sellerTab = await browser.newTab();
    const sellerPage = sellerTab.page;
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Selim Seller"));
    const bike = await createBikeThroughApi(sellerPage, server.url, BIKE);

    const buyerTab = await browser.newTab();
    const buyerPage = buyerTab.page;
    await registerThroughApi(buyerPage, server.url, newAccount("buyer", "Bushra Buyer"));
    await buyerPage.request.put(`${server.url}/api/me/wishlist/${bike.id}`, {
      headers: { origin: server.url },
    });
    await post(buyerPage, "/api/bookings", {
      bikeId: bike.id,
      phone: "+8801811000002",
      meetingLocation: "Banani 11",
    });

    // The bike page tells the buyer it is their booking, at the price they booked it for.
    await buyerPage.goto(`/bikes/${bike.id}`);
    const yours = buyerPage.getByRole("region", { name: "You booked this bike" });
    await yours.waitFor();
    await yours.getByText("$1,400", { exact: true }).waitFor();
    expect(await buyerPage.getByText("Someone has booked this bike.").count()).toBe(0);
    expect(await buyerPage.getByRole("heading", { name: "Your price", exact: true }).count()).toBe(
      0,
    );
    expect(await snapSettled(buyerPage, "bike-you-booked")).toEqual({ phone: 0, desktop: 0 });
    await expectAccessible(buyerPage, "bike you booked");

    // So does the wishlist card, with the way to the booking.
    await buyerPage.goto("/dashboard/wishlist");
    const saved = cardTitled(buyerPage, BIKE.title);
    await saved.getByText("You booked this bike.", { exact: true }).waitFor();
    expect(await saved.getByText("Someone has booked this bike.").count()).toBe(0);
    await snapSettled(buyerPage, "wishlist-you-booked");
    await expectAccessible(buyerPage, "wishlist you booked");
    await saved.getByRole("link", { name: "See your booking", exact: true }).click();
    await waitForPath(buyerPage, "/dashboard/myBooking");

    // The booking's card leads back to the bike.
    const booking = cardTitled(buyerPage, BIKE.title);
    await booking.getByRole("link", { name: BIKE.title, exact: true }).click();
    await waitForPath(buyerPage, `/bikes/${bike.id}`);
    await buyerPage.getByRole("region", { name: "You booked this bike" }).waitFor();

    // The seller's own listing has no price box and no heart.
    await sellerPage.goto(`/bikes/${bike.id}`);
    const own = sellerPage.getByRole("region", { name: "Your listing" });
    await own.waitFor();
    expect(await sellerPage.getByRole("heading", { name: "Your price", exact: true }).count()).toBe(
      0,
    );
    expect(await sellerPage.getByRole("button", { name: "Add to wishlist" }).count()).toBe(0);
    expect(await sellerPage.getByText("first booking").count()).toBe(0);
    await snapSettled(sellerPage, "bike-own-booked");
    await expectAccessible(sellerPage, "own bike, booked");

    // The sale shows the listed price and says who bears the buyer's discount.
    await sellerPage.goto("/dashboard");
    await sellerPage.getByRole("heading", { name: "Bookings on my bikes" }).waitFor();
    const sale = cardTitled(sellerPage, BIKE.title);
    await sale.getByText("$1,750", { exact: true }).waitFor();
    await sale.getByText(/ReRide bears the difference/).waitFor();
    expect(await snapSettled(sellerPage, "sale-listed-price")).toEqual({ phone: 0, desktop: 0 });
    await expectAccessible(sellerPage, "sale at the listed price");

    // 'Decline' asks first; keeping the booking leaves it as it was.
    await sale.getByRole("button", { name: "Decline", exact: true }).click();
    const decline = sellerPage.getByRole("dialog", { name: "Decline this booking?" });
    await decline.getByRole("button", { name: "Keep booking", exact: true }).click();
    await decline.waitFor({ state: "detached" });
    await sale.getByRole("button", { name: "Accept", exact: true }).click();
    await expectToast(sellerPage, "Booking accepted");

    // 'Mark sold' asks first too.
    await sale.getByRole("button", { name: "Mark sold", exact: true }).click();
    const sold = sellerPage.getByRole("dialog", { name: "Mark this bike sold?" });
    await snapSettled(sellerPage, "mark-sold-confirm");
    await expectAccessible(sellerPage, "mark sold confirmation");
    await sold.getByRole("button", { name: "Mark sold", exact: true }).click();
    await expectToast(sellerPage, "Marked as sold");
    await sale.getByText("Sold — completed", { exact: true }).waitFor();

    // The sale's card leads to the bike, which now says it is sold and quotes nothing.
    await sale.getByRole("link", { name: BIKE.title, exact: true }).click();
    await waitForPath(sellerPage, `/bikes/${bike.id}`);
    await own.getByText("You sold this bike.", { exact: true }).waitFor();
    await snapSettled(sellerPage, "bike-own-sold");
    await expectAccessible(sellerPage, "own bike, sold");

    // My products link to the ad as buyers see it.
    await sellerPage.goto("/dashboard/MyProduct");
    await sideMenu(sellerPage).waitFor();
    await cardTitled(sellerPage, BIKE.name)
      .getByRole("link", { name: BIKE.name, exact: true })
      .click();
    await waitForPath(sellerPage, `/bikes/${bike.id}`);

    sellerTab.expectNoErrors();
    buyerTab.expectNoErrors();
  }, 120_000);
});
