import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBooking } from "#tests/support/builders/booking";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { expectAccessible } from "./support/accessibility";
import {
  expectToast,
  navbar,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, createBikeThroughApi, shownBike, snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

// PRODUCT.md §8: a seller is told (in the app and by mail) when their bike
// is booked, and the buyer when the seller accepts.

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const server = setupServer(() => ({ SMTP_URL: smtp.url }));
const browser = setupBrowser(server);

const BIKE = shownBike({ title: "Yamaha MT-15, garage kept" });

describe("a seller told of a booking", () => {
  it("gets a notification and a mail when the bike is booked; the buyer when it is accepted", async () => {
    const sellerTab = await browser.newTab();
    const sellerPage = sellerTab.page;
    const seller = newAccount("seller", "Selina Seller");
    await registerThroughApi(sellerPage, server.url, seller);
    const bike = await createBikeThroughApi(sellerPage, server.url, BIKE);

    const buyerTab = await browser.newTab();
    const buyerPage = buyerTab.page;
    const buyer = newAccount("buyer", "Bashir Buyer");
    await registerThroughApi(buyerPage, server.url, buyer);
    const booked = await buyerPage.request.post(`${server.url}/api/bookings`, {
      data: buildBooking(bike.id),
      headers: { origin: server.url },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    // The seller's mail names the buyer and the bike and links to the dashboard.
    const sellerMail = await smtp.mailTo(seller.email, {
      subject: "Bashir Buyer booked your bike",
      timeoutMs: 20_000,
    });
    expect(sellerMail.text).toContain(`“${BIKE.title}”`);
    expect(sellerMail.text).toContain(`${server.url}/dashboard`);

    // In the app: the notifications page, from the dashboard menu, shows it unread.
    await sellerPage.goto("/dashboard");
    await sideMenu(sellerPage).getByRole("link", { name: "Notifications", exact: true }).click();
    await waitForPath(sellerPage, "/dashboard/notifications");
    await sellerPage.getByRole("heading", { level: 2, name: "Notifications" }).waitFor();
    const list = sellerPage.getByRole("list", { name: "Notifications" });
    const item = list.getByRole("listitem").filter({ hasText: "Bashir Buyer booked your bike" });
    await item.getByText("Unread", { exact: true }).waitFor();
    await item.getByText(`“${BIKE.title}”`, { exact: false }).waitFor();
    await sellerPage.getByText("1 unread", { exact: true }).waitFor();
    await expectAccessible(sellerPage, "notifications");
    expect(await snapSettled(sellerPage, "seller-notifications")).toEqual({ phone: 0, desktop: 0 });

    // Opening it marks it read and goes to the bookings on the seller's bikes.
    await item.getByRole("link").click();
    await waitForPath(sellerPage, "/dashboard");
    const sale = cardTitled(sellerPage, BIKE.title);
    await sale.getByRole("button", { name: "Accept", exact: true }).click();
    await expectToast(sellerPage, "Booking accepted");
    await sideMenu(sellerPage).getByRole("link", { name: "Notifications", exact: true }).click();
    await sellerPage.getByText("Nothing unread.", { exact: true }).waitFor();
    expect(await list.getByText("Unread", { exact: true }).count()).toBe(0);

    // The buyer is told of the acceptance, by mail and in the app.
    const buyerMail = await smtp.mailTo(buyer.email, {
      subject: "Your booking was accepted",
      timeoutMs: 20_000,
    });
    expect(buyerMail.text).toContain("Selina Seller accepted your booking");
    expect(buyerMail.text).toContain(`${server.url}/dashboard/myBooking`);

    await buyerPage.goto("/dashboard/notifications");
    const buyerList = buyerPage.getByRole("list", { name: "Notifications" });
    const accepted = buyerList
      .getByRole("listitem")
      .filter({ hasText: "Your booking was accepted" });
    await accepted.getByText("Unread", { exact: true }).waitFor();
    // The seller's notification is theirs alone.
    expect(await buyerList.getByText("Bashir Buyer booked your bike").count()).toBe(0);
    await buyerPage.getByRole("button", { name: "Mark all as read", exact: true }).click();
    await buyerPage.getByText("Nothing unread.", { exact: true }).waitFor();
    await navbar(buyerPage).getByRole("link", { name: "Dashboard", exact: true }).waitFor();

    sellerTab.expectNoErrors();
    buyerTab.expectNoErrors();
  }, 120_000);
});
