import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  expectSignedIn,
  expectSignedOut,
  expectToast,
  fillLogin,
  fillRegistration,
  newAccount,
  registerThroughApi,
  text,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import {
  type ExpectedError,
  errorSummary,
  expectDescribedError,
  expectErrorSummary,
  expectSummaryLinksFocusFields,
} from "./support/error-summary";
import { expectFocused } from "./support/keyboard";
import { cardTitled, createBikeThroughApi, shownBike } from "./support/marketplace";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const BIKE = shownBike({
  title: "KTM Duke 200, garage kept",
  name: "Duke 200",
  location: "Sylhet",
  phone: "+8801711000041",
  yearsOfUse: 4,
  originalPrice: 3000,
  resalePrice: 2100,
  category: "KTM",
});

async function submit(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).press("Enter");
}

/**
 * The failure is said in the page as a role=alert just below `control` (at
 * most a line's gap away, overlapping it sideways), not only in a toast.
 */
async function expectSaidBelow(control: Locator, said: Locator) {
  await said.waitFor();
  const [button, message] = await Promise.all([control.boundingBox(), said.boundingBox()]);
  if (!button || !message) throw new Error("the control or its message is not on screen");
  const gap = message.y - (button.y + button.height);
  expect(gap, "the message starts just below the control").toBeGreaterThanOrEqual(0);
  expect(gap, "the message starts just below the control").toBeLessThan(32);
  expect(message.x, "the message is under the control").toBeLessThan(button.x + button.width);
  expect(message.x + message.width, "the message is under the control").toBeGreaterThan(button.x);
}

/** The browser logs each refused request; these ones the test provokes. */
const refused = (status: number, path: string) => new RegExp(`status of ${status} .*${path}`);

describe("forms say what is wrong at the top and beside each field", () => {
  it("login: empty, then a wrong password, end in the summary; success is a polite toast", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const account = newAccount("buyer", "Lima Login");
    await registerThroughApi(page, server.url, account);
    await page.context().clearCookies();

    await page.goto("/login");
    await submit(page, "Login");
    const empty: ExpectedError[] = [
      { label: "Email", message: "Email is required" },
      { label: "Password", message: "Password is required" },
    ];
    const summary = await expectErrorSummary(page, empty);
    await expectSummaryLinksFocusFields(page, summary, page, empty);
    await snap(page, "login-error-summary", ["phone"]);

    // The server's refusal belongs to no one field: it is said in the summary, which takes focus.
    await fillLogin(page, account.email, "not-the-password");
    await submit(page, "Login");
    await expectErrorSummary(page, [{ message: "Invalid email or password" }]);
    await snap(page, "login-wrong-password", ["desktop"]);

    await fillLogin(page, account.email, account.password);
    await submit(page, "Login");
    await expectToast(page, text.loginDone);
    const toast = page.getByRole("status").filter({ hasText: text.loginDone }).first();
    expect(
      await toast.evaluate((element) => element.closest("[aria-live]")?.getAttribute("aria-live")),
    ).toBe("polite");
    expectNoErrors([refused(401, "/api/auth/sign-in/email")]);
  });

  it("registration: every field empty, then an email already in use, beside Email and in the summary", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/registration");
    await submit(page, "Register");
    const empty: ExpectedError[] = [
      { label: "Name", message: "Name is required" },
      { label: "Email", message: "Email is required" },
      { label: "Password", message: "Password must be at least 8 characters" },
      { label: "Account type", message: "Choose seller or buyer" },
    ];
    const summary = await expectErrorSummary(page, empty);
    await expectSummaryLinksFocusFields(page, summary, page, empty);
    // The hint stays, and the field is described by both.
    await expectDescribedError(page, "Password", "At least 8 characters.");

    const first = await browser.newTab();
    const existing = newAccount("seller", "Already Here");
    await registerThroughApi(first.page, server.url, existing);
    await fillRegistration(page, { ...newAccount("buyer", "Second Try"), email: existing.email });
    await submit(page, "Register");
    const taken = [{ label: "Email", message: "An account with this email already exists" }];
    const again = await expectErrorSummary(page, taken);
    await expectSummaryLinksFocusFields(page, again, page, taken);
    await snap(page, "registration-error-summary", ["phone"]);
    expectNoErrors([refused(409, "/api/auth/sign-up/email")]);
  });

  it("add product, edit product and the booking dialog list their errors the same way", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("seller", "Sumi Seller"));
    await page.goto("/dashboard/addProduct");
    await page.getByLabel("Title", { exact: true }).waitFor();
    await submit(page, "submit");
    const empty: ExpectedError[] = [
      { label: "Title", message: "Title is required" },
      { label: "Phone Number", message: "Phone number is required" },
      { label: "Location", message: "Location is required" },
      { label: "Resale price", message: "Resale price must be a whole number" },
      { label: "Original price", message: "Original price must be a whole number" },
      { label: "Image link", message: "Add a photo or paste an image link" },
      { label: "Bike Name", message: "Bike name is required" },
      { label: "Years of use", message: "Years of use must be a whole number" },
      { label: "Category", message: "Select category" },
      { label: "Model year", message: "Model year must be a whole number" },
      { label: "Mileage (km)", message: "Mileage must be a whole number" },
      { label: "Engine (cc)", message: "Engine size must be a whole number" },
      { label: "Condition", message: "Select condition" },
      { label: "Papers up to date", message: "Say whether the papers are up to date" },
    ];
    const summary = await expectErrorSummary(page, empty);
    await expectSummaryLinksFocusFields(page, summary, page, empty.slice(-3));
    await snap(page, "add-product-error-summary", ["phone"]);

    // Edit: clearing the title is refused the same way.
    const bike = await createBikeThroughApi(page, server.url, BIKE);
    await page.goto(`/dashboard/MyProduct/${bike.id}/edit`);
    const title = page.getByLabel("Title", { exact: true });
    await expect.poll(() => title.inputValue()).toBe(BIKE.title);
    await title.fill("");
    await submit(page, "Save changes");
    await expectErrorSummary(page, [{ label: "Title", message: "Title is required" }]);
    expectNoErrors();

    // The booking dialog, as a buyer: its summary is inside the dialog and takes the focus there.
    const buyerTab = await browser.newTab();
    const buyerPage = buyerTab.page;
    await registerThroughApi(buyerPage, server.url, newAccount("buyer", "Bina Buyer"));
    await buyerPage.goto(`/bikes?q=${encodeURIComponent("garage kept")}`);
    const buy = cardTitled(buyerPage, BIKE.title).getByRole("button", { name: "Buy", exact: true });
    await buy.press("Enter");
    const dialog = buyerPage.getByRole("dialog", { name: "Book this bike" });
    const confirm = dialog.getByRole("button", { name: "Confirm booking", exact: true });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.press("Enter");
    const bookingErrors: ExpectedError[] = [
      { label: "Phone", message: "Phone number is required" },
      { label: "Meeting location", message: "Meeting location is required" },
    ];
    const inDialog = await expectErrorSummary(dialog, bookingErrors);
    await expectSummaryLinksFocusFields(buyerPage, inDialog, dialog, bookingErrors);
    await snap(buyerPage, "booking-error-summary", ["desktop"]);
    expect(await errorSummary(buyerPage).count()).toBe(1);
    buyerTab.expectNoErrors();
  });

  it("a refused cancel is said in its dialog, not only in a toast", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Dipu Seller"));
    const bike = await createBikeThroughApi(sellerTab.page, server.url, {
      ...BIKE,
      title: "KTM RC 390, track days only",
    });

    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Nila Buyer"));
    const booked = await page.request.post(`${server.url}/api/bookings`, {
      data: { bikeId: bike.id, phone: "+8801811000042", meetingLocation: "Zindabazar" },
      headers: { origin: server.url },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    await page.goto("/dashboard/myBooking");
    const card = cardTitled(page, "KTM RC 390, track days only");
    const cancel = card.getByRole("button", { name: "Cancel", exact: true });
    await cancel.waitFor();

    // Meanwhile the seller declines it, so the buyer's cancel can no longer go through.
    const declined = await sellerTab.page.request.patch(`${server.url}/api/bookings/${id}`, {
      data: { status: "declined" },
      headers: { origin: server.url },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    await cancel.press("Enter");
    const question = page.getByRole("dialog", { name: "Cancel this booking?" });
    await question.getByRole("button", { name: "Cancel booking", exact: true }).press("Enter");
    const said = question.getByRole("alert").filter({ hasText: "Could not update the booking." });
    await said.waitFor();
    await expectToast(page, "Could not update the booking.");
    await snap(page, "cancel-refused", ["desktop"]);

    // Keeping the booking closes the dialog and gives the focus back to 'Cancel'.
    await question.getByRole("button", { name: "Keep booking", exact: true }).press("Enter");
    await question.waitFor({ state: "detached" });
    await expectFocused(cancel);
    expectNoErrors([refused(409, "/api/bookings/")]);
  });
});

describe("a failed action is said beside its button, not only in a toast", () => {
  it("the heart: the seller deleted the bike meanwhile, so saving it is refused", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Rafi Seller"));
    const title = "KTM Duke 390, sold before you blinked";
    const bike = await createBikeThroughApi(sellerTab.page, server.url, { ...BIKE, title });

    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Mita Buyer"));
    await page.goto(`/bikes?q=${encodeURIComponent("sold before you blinked")}`);
    const card = cardTitled(page, title);
    const heart = card.getByRole("button", { name: "Add to wishlist", exact: true });
    await expect.poll(() => heart.isEnabled()).toBe(true);

    const deleted = await sellerTab.page.request.delete(`${server.url}/api/bikes/${bike.id}`, {
      headers: { origin: server.url },
    });
    expect(deleted.status(), await deleted.text()).toBe(204);

    await heart.press("Enter");
    const message = "Could not add it to your wishlist. This bike is no longer listed.";
    await expectSaidBelow(heart, card.getByRole("alert").filter({ hasText: message }));
    await expectToast(page, message);
    // The heart is empty again and keeps the focus, so the next try is one key away.
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
    await expectFocused(heart);
    await snap(page, "wishlist-refused");
    expectNoErrors([refused(404, "/api/me/wishlist/")]);
  });

  it("logout: ReRide cannot be reached, then the next try works and the message goes", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const account = newAccount("buyer", "Toma Buyer");
    await registerThroughApi(page, server.url, account);
    await page.goto("/");
    await expectSignedIn(page, account.email);

    // The connection drops just as the request leaves.
    await page.route("**/api/auth/sign-out", (route) => route.abort("internetdisconnected"));
    const logout = page.getByRole("button", { name: "Logout", exact: true });
    await logout.press("Enter");
    const message = "Logout failed: Could not reach ReRide. Check your connection and try again.";
    const said = page.getByRole("banner").getByRole("alert").filter({ hasText: message });
    await expectSaidBelow(logout, said);
    await expectToast(page, message);
    await expectSignedIn(page, account.email);
    await snap(page, "logout-unreachable");

    await page.unroute("**/api/auth/sign-out");
    await logout.press("Enter");
    await expectSignedOut(page);
    expect(await said.count()).toBe(0);
    expectNoErrors([/net::ERR_INTERNET_DISCONNECTED/]);
  });
});
