import { describe, expect, it } from "vitest";
import {
  brandDetailsLink,
  expectToast,
  fillRegistration,
  navbar,
  newAccount,
  sideMenu,
  text,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import {
  cardTitled,
  fillBikeForm,
  marketText,
  shownBike,
  snapSettled,
  snapWindow,
} from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const BIKE = shownBike({
  title: "Suzuki Gixxer SF, one careful owner",
  resalePrice: 2000,
  originalPrice: 2600,
  description: "Serviced every 3,000 km. New tyres last spring.",
});

describe("a seller lists a bike, a buyer books it, the seller sells it", () => {
  it("add product → advertise → home → book with 20% off → accept → mark sold → the buyer sees it sold", async () => {
    const sellerTab = await browser.newTab();
    const seller = newAccount("seller", "Rahim Seller");
    const sellerPage = sellerTab.page;

    // The seller registers and lists a bike through 'Add product'.
    await sellerPage.goto("/registration");
    await fillRegistration(sellerPage, seller);
    await sellerPage.getByRole("button", { name: "Register", exact: true }).click();
    await expectToast(sellerPage, text.accountCreated);
    await navbar(sellerPage).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(sellerPage).getByRole("link", { name: "Add product", exact: true }).click();
    await waitForPath(sellerPage, "/dashboard/addProduct");

    const field = (label: string) => sellerPage.getByLabel(label, { exact: true });
    expect(await field("Email").inputValue()).toBe(seller.email);
    expect(await field("Name").inputValue()).toBe(seller.name);
    await fillBikeForm(sellerPage, BIKE);
    await snapSettled(sellerPage, "add-product-filled");
    await sellerPage.getByRole("button", { name: "submit", exact: true }).click();
    await expectToast(sellerPage, marketText.addProductDone);
    // The seller lands on the new listing.
    await sellerPage.getByRole("heading", { level: 1, name: BIKE.title }).waitFor();
    await snapSettled(sellerPage, "add-product-done");

    // It shows in 'My product'; advertising it puts it on the home page.
    await navbar(sellerPage).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(sellerPage).getByRole("link", { name: "My products", exact: true }).click();
    const product = cardTitled(sellerPage, BIKE.name);
    await product.getByRole("button", { name: "Advertise", exact: true }).click();
    await expectToast(sellerPage, "Advertised on the home page");
    await product.getByRole("button", { name: "Stop advertising", exact: true }).waitFor();
    expect(await snapSettled(sellerPage, "my-products-advertised")).toEqual({
      phone: 0,
      desktop: 0,
    });

    await navbar(sellerPage).getByRole("link", { name: "Home", exact: true }).click();
    const advertised = sellerPage.getByRole("region", { name: "Advertised", exact: true });
    await cardTitled(advertised, BIKE.title).waitFor();
    expect(await snapSettled(sellerPage, "home-advertised")).toEqual({ phone: 0, desktop: 0 });
    sellerTab.expectNoErrors();

    // A buyer registers, opens the SUZUKI page and books the bike with the first-booking discount.
    const buyerTab = await browser.newTab();
    const buyer = newAccount("buyer", "Nadia Buyer");
    const buyerPage = buyerTab.page;
    await buyerPage.goto("/registration");
    await fillRegistration(buyerPage, buyer);
    await buyerPage.getByRole("button", { name: "Register", exact: true }).click();
    await expectToast(buyerPage, text.accountCreated);
    await brandDetailsLink(buyerPage, "SUZUKI").click();
    await buyerPage.getByRole("heading", { level: 1, name: "SUZUKI" }).waitFor();
    const card = cardTitled(buyerPage, BIKE.title);
    await card.getByRole("button", { name: "Buy", exact: true }).click();

    const dialog = buyerPage.getByRole("dialog", { name: "Book this bike" });
    await dialog.waitFor();
    const dialogField = (label: string) => dialog.getByLabel(label, { exact: true });
    expect(await dialogField("Title").inputValue()).toBe(BIKE.title);
    expect(await dialogField("Price").inputValue()).toBe("$2,000");
    expect(await dialogField("Email").inputValue()).toBe(buyer.email);
    await dialog.getByText("−20% first booking", { exact: true }).waitFor();
    await dialog.getByText("$1,600", { exact: true }).waitFor();
    await dialog.getByText("Free delivery", { exact: true }).waitFor();
    await dialogField("Phone").fill("+8801811000002");
    await dialogField("Meeting location").fill("Gulshan 2 circle, Dhaka");
    await snapWindow(buyerPage, "booking-dialog");
    await dialog.getByRole("button", { name: "Confirm booking", exact: true }).click();
    await expectToast(buyerPage, marketText.bookingConfirm);
    await dialog.waitFor({ state: "detached" });
    await card.getByText("Booked", { exact: true }).waitFor();
    await card.getByText("You booked this bike.", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Buy", exact: true }).count()).toBe(0);
    expect(await snapSettled(buyerPage, "category-booked")).toEqual({ phone: 0, desktop: 0 });

    // The seller sees the booking on the dashboard, accepts it, then marks it sold.
    await navbar(sellerPage).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sellerPage.getByRole("heading", { name: "Bookings on my bikes" }).waitFor();
    const sale = cardTitled(sellerPage, BIKE.title);
    await sale.getByText(buyer.name, { exact: true }).waitFor();
    await sale.getByText("Gulshan 2 circle, Dhaka", { exact: true }).waitFor();
    await snapSettled(sellerPage, "seller-sees-booking");
    await sale.getByRole("button", { name: "Accept", exact: true }).click();
    await expectToast(sellerPage, "Booking accepted");
    await sale.getByRole("button", { name: "Mark sold", exact: true }).click();
    await sellerPage
      .getByRole("dialog", { name: "Mark this bike sold?" })
      .getByRole("button", { name: "Mark sold", exact: true })
      .click();
    await expectToast(sellerPage, "Marked as sold");
    await sale.getByText("Sold — completed", { exact: true }).waitFor();
    expect(await sale.getByRole("button").count()).toBe(0);
    expect(await snapSettled(sellerPage, "seller-marked-sold")).toEqual({ phone: 0, desktop: 0 });

    // The buyer's bookings show it sold, at the discounted price, with the seller's phone.
    await navbar(buyerPage).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(buyerPage).getByRole("link", { name: "My booking", exact: true }).click();
    const booking = cardTitled(buyerPage, BIKE.title);
    await booking.getByText("Sold — completed", { exact: true }).waitFor();
    await booking.getByText("$1,600", { exact: true }).waitFor();
    await booking.getByText(BIKE.phone, { exact: true }).waitFor();
    expect(await booking.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    expect(await snapSettled(buyerPage, "buyer-booking-sold")).toEqual({ phone: 0, desktop: 0 });

    sellerTab.expectNoErrors();
    buyerTab.expectNoErrors();
  }, 120_000);
});
