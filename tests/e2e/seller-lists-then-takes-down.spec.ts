import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/accessibility";
import {
  brandDetailsLink,
  expectToast,
  navbar,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import {
  cardTitled,
  fillBikeForm,
  marketText,
  shownBike,
  snapSettled,
} from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const BIKE = shownBike({ title: "Suzuki Gixxer SF, one season old", resalePrice: 2300 });

describe("a seller lists a bike, then takes it down while a buyer looks", () => {
  it("submit lands on the new listing; the gone bike says so, with the way back to its brand", async () => {
    const sellerTab = await browser.newTab();
    const sellerPage = sellerTab.page;
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Shanta Seller"));
    await sellerPage.goto("/dashboard/addProduct");
    await fillBikeForm(sellerPage, BIKE);
    await sellerPage.getByRole("button", { name: "submit", exact: true }).click();
    await expectToast(sellerPage, marketText.addProductDone);

    // The seller lands on the new listing, at its top, as buyers will see it.
    await sellerPage.waitForURL((url) => url.pathname.startsWith("/bikes/"));
    const bikeId = new URL(sellerPage.url()).pathname.split("/").pop() ?? "";
    const heading = sellerPage.getByRole("heading", { level: 1, name: BIKE.title });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await sellerPage.evaluate(() => window.scrollY)).toBe(0);
    await sellerPage.getByRole("region", { name: "Your listing" }).waitFor();
    expect(await snapSettled(sellerPage, "bike-just-listed")).toEqual({ phone: 0, desktop: 0 });
    await expectAccessible(sellerPage, "bike just listed");

    // A buyer sees it on the SUZUKI page.
    const buyerTab = await browser.newTab();
    const buyerPage = buyerTab.page;
    await registerThroughApi(buyerPage, server.url, newAccount("buyer", "Bokul Buyer"));
    await buyerPage.goto("/");
    await brandDetailsLink(buyerPage, "SUZUKI").click();
    const card = cardTitled(buyerPage, BIKE.title);
    await card.waitFor();

    // The seller deletes it meanwhile.
    await navbar(sellerPage).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(sellerPage).getByRole("link", { name: "My products", exact: true }).click();
    await cardTitled(sellerPage, BIKE.name).getByRole("button", { name: "Delete" }).click();
    await sellerPage
      .getByRole("dialog")
      .getByRole("button", { name: "Delete product", exact: true })
      .click();
    await expectToast(sellerPage, marketText.productDeleted);

    // The buyer opens it: it is no longer listed, and the way back leads to SUZUKI.
    await card.getByRole("link", { name: BIKE.title, exact: true }).click();
    await waitForPath(buyerPage, `/bikes/${bikeId}`);
    await buyerPage
      .getByRole("heading", { level: 1, name: "This bike is no longer listed." })
      .waitFor();
    expect(await buyerPage.getByText("the address may have a typo").count()).toBe(0);
    expect(await snapSettled(buyerPage, "bike-no-longer-listed")).toEqual({
      phone: 0,
      desktop: 0,
    });
    await expectAccessible(buyerPage, "bike no longer listed");
    await buyerPage.getByRole("link", { name: "More SUZUKI bikes", exact: true }).click();
    await buyerPage.getByRole("heading", { level: 1, name: "SUZUKI" }).waitFor();

    // A link to it opened afresh knows no brand: every brand is offered.
    await buyerPage.goto(`/bikes/${bikeId}`);
    await buyerPage
      .getByRole("heading", { level: 1, name: "This bike is no longer listed." })
      .waitFor();
    for (const brand of ["SUZUKI", "YAMAHA", "KTM"]) {
      await buyerPage.getByRole("link", { name: `More ${brand} bikes`, exact: true }).waitFor();
    }

    sellerTab.expectNoErrors();
    // The gone bike's 404 is the point of the journey.
    buyerTab.expectNoErrors([/status of 404 .*\/api\/bikes\//]);
  }, 120_000);
});
