import { describe, expect, it } from "vitest";
import {
  expectFieldError,
  logInWithForm,
  navbar,
  newAccount,
  registerThroughApi,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import {
  cardTitled,
  categoryId,
  createBikeThroughApi,
  shownBike,
  snapSettled,
} from "./support/marketplace";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const SOLD = shownBike({ title: "Yamaha FZ-S, sold to a reviewer", category: "YAMAHA" });
const ON_SALE = shownBike({ title: "Yamaha R15 V3, still for sale", category: "YAMAHA" });

describe("a buyer reviews the seller after a completed purchase", () => {
  it("book → accept → mark sold → review → the seller replies → the rating shows on the seller's cards and profile → an admin removes it, saying why", async () => {
    const sellerTab = await browser.newTab();
    const sellerPage = sellerTab.page;
    const seller = newAccount("seller", "Rahim Seller");
    await registerThroughApi(sellerPage, server.url, seller);
    const sold = await createBikeThroughApi(sellerPage, server.url, SOLD);
    await createBikeThroughApi(sellerPage, server.url, ON_SALE);
    const me = await sellerPage.request.get(`${server.url}/api/me`);
    const sellerId = ((await me.json()) as { id: string }).id;

    // The buyer books the bike from its page.
    const buyerTab = await browser.newTab();
    const buyerPage = buyerTab.page;
    const buyer = newAccount("buyer", "Nadia Buyer");
    await registerThroughApi(buyerPage, server.url, buyer);
    await buyerPage.goto(`/bikes/${sold.id}`);
    await buyerPage.getByRole("heading", { level: 1, name: SOLD.title }).waitFor();
    await buyerPage.getByRole("link", { name: seller.name, exact: true }).waitFor();
    await buyerPage.getByText("No reviews yet", { exact: true }).first().waitFor();
    await buyerPage.getByRole("button", { name: "Buy", exact: true }).click();
    const dialog = buyerPage.getByRole("dialog", { name: "Book this bike" });
    await dialog.getByLabel("Phone", { exact: true }).fill("+8801811000002");
    await dialog.getByLabel("Meeting location", { exact: true }).fill("Gulshan 2 circle, Dhaka");
    await dialog.getByRole("button", { name: "Confirm booking", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // The seller accepts, then marks it sold.
    await sellerPage.goto("/dashboard");
    const sale = cardTitled(sellerPage, SOLD.title);
    await sale.getByRole("button", { name: "Accept", exact: true }).click();
    await sale.getByRole("button", { name: "Mark sold", exact: true }).click();
    await sellerPage
      .getByRole("dialog", { name: "Mark this bike sold?" })
      .getByRole("button", { name: "Mark sold", exact: true })
      .click();
    await sale.getByText("Sold — completed", { exact: true }).waitFor();

    // The buyer reviews the seller from My booking; a missing rating is said beside its field.
    await buyerPage.goto("/dashboard/myBooking");
    const booking = cardTitled(buyerPage, SOLD.title);
    await booking.getByRole("link", { name: seller.name, exact: true }).waitFor();
    await booking.getByRole("button", { name: "Review the seller", exact: true }).click();
    await booking.getByRole("button", { name: "Post review", exact: true }).click();
    await expectFieldError(buyerPage, "Rating", "Choose a rating from 1 to 5 stars");
    await booking.getByLabel("Rating", { exact: true }).selectOption("4");
    await booking
      .getByLabel("Review (optional)", { exact: true })
      .fill("Friendly and on time; the bike was as described.");
    await booking.getByRole("button", { name: "Post review", exact: true }).click();
    await booking.getByText(`You reviewed ${seller.name}.`).waitFor();
    expect(await snapSettled(buyerPage, "buyer-reviewed-seller")).toEqual({ phone: 0, desktop: 0 });

    // The seller sees the review on their profile and replies, once.
    await sellerPage.goto(`/sellers/${sellerId}`);
    await sellerPage.getByRole("heading", { level: 1, name: seller.name }).waitFor();
    const review = sellerPage
      .getByRole("article")
      .filter({ hasText: "Friendly and on time; the bike was as described." });
    await review.getByRole("button", { name: "Reply", exact: true }).click();
    await review.getByRole("button", { name: "Post reply", exact: true }).click();
    await expectFieldError(sellerPage, "Your reply", "Reply is required");
    await review.getByLabel("Your reply", { exact: true }).fill("Thank you Nadia, ride safe!");
    await review.getByRole("button", { name: "Post reply", exact: true }).click();
    await review.getByText("Thank you Nadia, ride safe!", { exact: true }).waitFor();
    expect(await review.getByRole("button", { name: "Reply", exact: true }).count()).toBe(0);
    expect(await snapSettled(sellerPage, "seller-replied")).toEqual({ phone: 0, desktop: 0 });

    // The rating shows beside the seller's name on their cards; the name leads to the profile.
    await buyerPage.goto(`/title/${await categoryId(buyerPage, server.url, "YAMAHA")}`);
    const card = cardTitled(buyerPage, ON_SALE.title);
    await card.getByText("4.0 out of 5 stars, 1 review", { exact: true }).waitFor();
    await card.getByRole("link", { name: seller.name, exact: true }).click();
    await buyerPage.getByRole("heading", { level: 1, name: seller.name }).waitFor();
    await buyerPage.getByText("4.0 out of 5 stars, 1 review", { exact: true }).first().waitFor();
    await cardTitled(buyerPage, ON_SALE.title).waitFor();
    // Only bikes still for sale: the sold one is not among them.
    expect(await cardTitled(buyerPage, SOLD.title).count()).toBe(0);
    await buyerPage.getByText("Thank you Nadia, ride safe!", { exact: true }).waitFor();
    expect(await buyerPage.getByRole("button", { name: "Reply" }).count()).toBe(0);
    expect(await buyerPage.getByRole("button", { name: "Remove review" }).count()).toBe(0);
    expect(await snapSettled(buyerPage, "seller-profile")).toEqual({ phone: 0, desktop: 0 });

    // An admin removes the review, saying why; the reason is required and kept in the admin log.
    const adminTab = await browser.newTab();
    const admin = adminTab.page;
    await admin.goto("/login");
    await logInWithForm(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await navbar(admin).getByRole("link", { name: "Dashboard", exact: true }).waitFor();
    await admin.goto(`/sellers/${sellerId}`);
    const reviewed = admin
      .getByRole("article")
      .filter({ hasText: "Friendly and on time; the bike was as described." });
    await reviewed.getByRole("button", { name: "Remove review", exact: true }).click();
    await reviewed.getByRole("button", { name: "Remove review", exact: true }).click();
    await expectFieldError(admin, "Why remove this review?", "Reason is required");
    const reason = "Written by a test account, not a real buyer.";
    await reviewed.getByLabel("Why remove this review?", { exact: true }).fill(reason);
    await reviewed.getByRole("button", { name: "Remove review", exact: true }).click();
    await admin.getByText("No reviews yet.", { exact: true }).waitFor();
    expect(await admin.getByText("Thank you Nadia, ride safe!").count()).toBe(0);
    await admin.goto("/dashboard/adminLog");
    await admin.getByText(`Why: ${reason}`).waitFor();

    sellerTab.expectNoErrors();
    buyerTab.expectNoErrors();
    adminTab.expectNoErrors();
  }, 120_000);
});
