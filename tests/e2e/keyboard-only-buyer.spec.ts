import { describe, expect, it } from "vitest";
import {
  expectToast,
  navbar,
  newAccount,
  registerThroughApi,
  sideMenu,
  text,
  waitForPath,
} from "./support/app";
import { PHONE, setupBrowser } from "./support/browser";
import { expectFocused, tabOnceTo, tabTo } from "./support/keyboard";
import { cardTitled, createBikeThroughApi, marketText, shownBike } from "./support/marketplace";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const BIKE = shownBike({
  title: "Yamaha FZ-S keyboard special",
  name: "FZ-S",
  location: "Chattogram",
  phone: "+8801711000031",
  yearsOfUse: 3,
  originalPrice: 2400,
  resalePrice: 1800,
  category: "YAMAHA",
});

describe("everything a buyer does works with the keyboard alone", () => {
  it("registers, finds a bike, books it and cancels the booking with only Tab, arrows, Enter, Space and Escape", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Kamal Seller"));
    await createBikeThroughApi(sellerTab.page, server.url, BIKE);

    const { page, expectNoErrors } = await browser.newTab();
    const { keyboard } = page;
    const buyer = newAccount("buyer", "Tania Keys");

    // Register: the navbar's link, then each field in turn.
    await page.goto("/");
    await tabTo(page, navbar(page).getByRole("link", { name: "Registration", exact: true }));
    await keyboard.press("Enter");
    await waitForPath(page, "/registration");
    await tabTo(page, page.getByLabel("Name", { exact: true }));
    await keyboard.type(buyer.name);
    await tabOnceTo(page, page.getByLabel("Email", { exact: true }));
    await keyboard.type(buyer.email);
    await tabOnceTo(page, page.getByLabel("Password", { exact: true }));
    await keyboard.type(buyer.password);
    const accountType = page.getByLabel("Account type", { exact: true });
    await tabOnceTo(page, accountType);
    // daisyUI's select is a customizable one: ArrowDown opens its list, Enter picks.
    await keyboard.press("ArrowDown");
    await keyboard.press("ArrowDown");
    await keyboard.press("Enter");
    expect(await accountType.inputValue()).toBe("buyer");
    await expectFocused(accountType);
    await tabOnceTo(page, page.getByRole("button", { name: "Register", exact: true }));
    await keyboard.press("Enter");
    await expectToast(page, text.accountCreated);
    await waitForPath(page, "/");

    // Find the bike with the navbar's search box.
    // From the end of the home page round to the navbar: each card holds its title,
    // its seller's profile link, 'Buy' and the wishlist heart.
    await tabTo(page, navbar(page).getByRole("searchbox", { name: "Search bikes" }), { max: 60 });
    await keyboard.type("keyboard special");
    await keyboard.press("Enter");
    await waitForPath(page, "/bikes");
    const card = cardTitled(page, BIKE.title);
    const buy = card.getByRole("button", { name: "Buy", exact: true });
    await tabTo(page, buy, { max: 60 });

    // The dialog opens on the phone field and keeps Tab inside itself.
    await keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book this bike" });
    await dialog.waitFor();
    const phone = dialog.getByLabel("Phone", { exact: true });
    await expectFocused(phone);
    const close = dialog.getByRole("button", { name: "Close", exact: true });
    const confirm = dialog.getByRole("button", { name: "Confirm booking", exact: true });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await tabTo(page, confirm, { max: 10 });
    await tabOnceTo(page, close);
    await tabOnceTo(page, confirm, true);

    // Escape closes it and gives the focus back to the 'Buy' that opened it.
    await keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocused(buy);

    // Again, this time to book.
    await keyboard.press("Space");
    await dialog.waitFor();
    await expectFocused(phone);
    await keyboard.type("+8801811000032");
    await tabOnceTo(page, dialog.getByLabel("Meeting location", { exact: true }));
    await keyboard.type("Agrabad, Chattogram");
    await tabTo(page, confirm, { max: 10 });
    await snap(page, "keyboard-booking-dialog", ["desktop"]);
    await keyboard.press("Enter");
    await expectToast(page, marketText.bookingConfirm);
    await dialog.waitFor({ state: "detached" });
    await card.getByText("Booked", { exact: true }).waitFor();
    // 'Buy' is disabled now, so the focus lands on the bike's card heading, not on <body>.
    await expectFocused(card.getByRole("heading", { name: BIKE.title }), { indicator: false });

    // Cancel it from the dashboard.
    await tabTo(page, navbar(page).getByRole("link", { name: "Dashboard", exact: true }), {
      backwards: true,
      max: 60,
    });
    await keyboard.press("Enter");
    await waitForPath(page, "/dashboard");
    await tabTo(page, sideMenu(page).getByRole("link", { name: "My booking", exact: true }));
    await keyboard.press("Enter");
    await waitForPath(page, "/dashboard/myBooking");
    const booking = cardTitled(page, BIKE.title);
    const cancel = booking.getByRole("button", { name: "Cancel", exact: true });
    await tabTo(page, cancel);
    await keyboard.press("Enter");

    // The confirmation starts on the safe choice and also traps Tab.
    const question = page.getByRole("dialog", { name: "Cancel this booking?" });
    const keep = question.getByRole("button", { name: "Keep booking", exact: true });
    const cancelBooking = question.getByRole("button", { name: "Cancel booking", exact: true });
    await expectFocused(keep);
    await tabOnceTo(page, cancelBooking);
    await tabOnceTo(page, keep);
    await tabOnceTo(page, cancelBooking, true);
    await keyboard.press("Space");
    await expectToast(page, "Booking cancelled");
    await question.waitFor({ state: "detached" });
    await booking.getByText("Cancelled", { exact: true }).first().waitFor();
    // The card says when, not only that it was once booked.
    await booking.locator("time", { hasText: /^Cancelled / }).waitFor();
    await expectFocused(booking.getByRole("heading", { name: BIKE.title }), { indicator: false });
    await snap(page, "keyboard-booking-cancelled", ["desktop"]);

    expectNoErrors();
  }, 90_000);

  it("on a phone, the menu and the dashboard drawer keep Tab inside, close on Escape and give focus back", async () => {
    const { page, expectNoErrors } = await browser.newTab(PHONE);
    const { keyboard } = page;
    await registerThroughApi(page, server.url, newAccount("buyer", "Rumi Phone"));
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: /Welcome/ }).waitFor();

    // The site menu.
    const menuButton = navbar(page).getByRole("button", { name: "Open menu" });
    await tabTo(page, menuButton);
    await keyboard.press("Enter");
    const open = navbar(page).getByRole("button", { name: "Close menu" });
    expect(await open.getAttribute("aria-expanded")).toBe("true");
    const search = navbar(page).getByRole("searchbox", { name: "Search bikes" });
    await expectFocused(search);
    const lastEntry = navbar(page).getByRole("link", { name: "Dashboard", exact: true });
    await tabTo(page, lastEntry, { max: 6 });
    await tabOnceTo(page, open);
    await tabOnceTo(page, lastEntry, true);
    await snap(page, "keyboard-mobile-menu", ["phone"]);
    await keyboard.press("Escape");
    await expectFocused(menuButton);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(await lastEntry.count()).toBe(0);

    // The dashboard's drawer.
    const drawerButton = page.getByRole("button", { name: "menu", exact: true });
    await tabTo(page, drawerButton);
    await keyboard.press("Enter");
    const entry = (name: string) => sideMenu(page).getByRole("link", { name, exact: true });
    const first = entry("My booking");
    const last = entry("Settings");
    await expectFocused(first);
    for (const name of ["Wishlist", "Saved searches", "Messages", "Notifications"]) {
      await tabOnceTo(page, entry(name));
    }
    await tabOnceTo(page, last);
    await tabOnceTo(page, first);
    await tabOnceTo(page, last, true);
    await snap(page, "keyboard-dashboard-drawer", ["phone"]);
    await keyboard.press("Escape");
    await expectFocused(drawerButton);
    expect(await drawerButton.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => first.isVisible()).toBe(false);

    expectNoErrors();
  }, 60_000);
});
