import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bikeInput } from "#tests/support/builders/bike";
import { expectAccessible } from "./support/accessibility";
import { newAccount, registerThroughApi } from "./support/app";
import { DESKTOP, setupBrowser } from "./support/browser";
import { expectReadableOnBackgrounds } from "./support/contrast";
import {
  cardTitled,
  categoryId,
  createBikeThroughApi,
  shownBike,
  transitionsDone,
} from "./support/marketplace";
import { imagesLoaded } from "./support/screenshots";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";
import {
  expectNoSideScroll,
  expectTouchTargets,
  SMALL_PHONE,
  snapSmall,
} from "./support/small-screen";

/**
 * The accessibility tour (docs/accessibility.md). Every page and dialog, as
 * the role that can see it: axe-core finds no serious or critical violation
 * at 360 px and at desktop width; text on gradients and buttons, which axe
 * cannot read, meets AA contrast; at 360 px nothing scrolls sideways, every
 * target is at least 24 px, and a picture is taken
 * (test-results/screenshots/a11y-*-360.png); the window title names the
 * page. Then reduced motion, and focus after a route change.
 */
const server = setupServer();
const browser = setupBrowser(server);

/** For expect.poll: a page's code and data can take seconds on a busy CI machine. */
const WAIT = { timeout: 15_000 } as const;

const PHOTO_BIKE = shownBike({
  title: "Suzuki Gixxer with real photos",
  name: "Gixxer",
  originalPrice: 2600,
  resalePrice: 2000,
  imageUrl: "",
});
const BOOKED_BIKE = shownBike({
  title: "Suzuki Hayate, booked already",
  name: "Hayate",
  location: "Sylhet",
  phone: "+8801711000002",
  yearsOfUse: 4,
  originalPrice: 1400,
  resalePrice: 900,
});

interface Seed {
  seller: { email: string; password: string; name: string };
  buyer: { email: string; password: string; name: string };
  photoBikeId: string;
  suzukiId: string;
}

let seeded: Promise<Seed> | undefined;
/** One seller with two bikes (one with an uploaded photo, advertised), one buyer who booked the other. */
function seed(): Promise<Seed> {
  seeded ??= makeSeed();
  return seeded;
}

async function makeSeed(): Promise<Seed> {
  const sellerTab = await browser.newTab();
  const sellerPage = sellerTab.page;
  const seller = newAccount("seller", "Selim Seller");
  await registerThroughApi(sellerPage, server.url, seller);
  const photo = await sharp({
    create: { width: 1800, height: 1350, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await sellerPage.request.post(`${server.url}/api/uploads`, {
    multipart: { file: { name: "gixxer.jpg", mimeType: "image/jpeg", buffer: photo } },
    headers: { origin: server.url },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id: uploadId } = (await upload.json()) as { id: string };
  const suzukiId = await categoryId(sellerPage, server.url, "SUZUKI");
  const created = await sellerPage.request.post(`${server.url}/api/bikes`, {
    data: { ...bikeInput(PHOTO_BIKE, suzukiId), photos: [uploadId] },
    headers: { origin: server.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: photoBikeId } = (await created.json()) as { id: string };
  const advertise = await sellerPage.request.patch(`${server.url}/api/bikes/${photoBikeId}`, {
    data: { advertised: true },
    headers: { origin: server.url },
  });
  expect(advertise.status(), await advertise.text()).toBe(200);
  const booked = await createBikeThroughApi(sellerPage, server.url, BOOKED_BIKE);

  const buyerTab = await browser.newTab();
  const buyer = newAccount("buyer", "Bina Buyer");
  await registerThroughApi(buyerTab.page, server.url, buyer);
  const wish = await buyerTab.page.request.put(`${server.url}/api/me/wishlist/${photoBikeId}`, {
    headers: { origin: server.url },
  });
  expect(wish.status(), await wish.text()).toBe(204);
  const booking = await buyerTab.page.request.post(`${server.url}/api/bookings`, {
    data: { bikeId: booked.id, phone: "+8801811000009", meetingLocation: "Zindabazar, Sylhet" },
    headers: { origin: server.url },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  return { seller, buyer, photoBikeId, suzukiId };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: server.url },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Loads the page's lazy images and waits for them and for transitions started by a resize. */
async function settle(page: Page): Promise<void> {
  await imagesLoaded(page);
  await transitionsDone(page);
}

interface CheckOptions {
  /** Picture the window only: a dialog or menu is fixed to it. */
  overlay?: boolean;
  /** Only at 360 px: the mobile menu and the drawer's menu button are not there on a desktop. */
  phoneOnly?: boolean;
}

/**
 * axe at 360 px and at desktop width; sideways scrolling, touch targets and
 * a picture at 360 px. Leaves the page at desktop width (unless phoneOnly).
 */
async function checkPage(page: Page, name: string, options: CheckOptions = {}): Promise<void> {
  await page.setViewportSize(SMALL_PHONE);
  await settle(page);
  await expectAccessible(page, `${name} at 360 px`);
  await expectReadableOnBackgrounds(page, name);
  await expectNoSideScroll(page, name);
  await expectTouchTargets(page, name);
  await snapSmall(page, `a11y-${name}`, { fullPage: !options.overlay });
  if (options.phoneOnly) return;
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await expectAccessible(page, `${name} at ${DESKTOP.width} px`);
}

/** The url the browser chose from an image's srcset. */
function shownSource(image: Locator): Promise<string> {
  return image.evaluate((element) => (element as HTMLImageElement).currentSrc);
}

/**
 * Opens a page, waits for its heading and asserts the window title names the
 * page (what a screen reader says first, and what a tab or the history shows).
 */
async function visit(
  page: Page,
  path: string,
  heading: string | RegExp,
  title: string,
): Promise<void> {
  await page.goto(path);
  await page.getByRole("heading", { name: heading }).first().waitFor();
  await expect.poll(() => page.title(), WAIT).toBe(title);
}

/** Each role's tour runs axe twice a page; a busy 2-core machine needs more than the default. */
const TOUR_TIMEOUT = 120_000;
// The server answers an unknown path's page with 404, which the browser logs.
const NOT_FOUND_STATUS = /status of 404 .*@ .*\/no-such-page$/;

describe("every page and dialog is accessible and fits a 360 px phone", () => {
  it(
    "signed out: home, login, registration, blog and not-found",
    async () => {
      await seed();
      const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
      await visit(page, "/", /Find your next ride/, "ReRide — used motorbikes, bought and sold");
      await page.getByRole("heading", { name: "Advertised" }).waitFor();
      await checkPage(page, "home");
      await visit(page, "/login", "Login now!", "Login | ReRide");
      await checkPage(page, "login");
      await visit(page, "/registration", "Register now!", "Registration | ReRide");
      await checkPage(page, "registration");
      await visit(page, "/blog", "Blog", "Blog");
      await checkPage(page, "blog");
      await visit(
        page,
        "/no-such-page",
        "Error! This page doesn't exist.",
        "Page not found | ReRide",
      );
      await checkPage(page, "not-found");

      await page.setViewportSize(SMALL_PHONE);
      await page.getByRole("button", { name: "Open menu", exact: true }).click();
      await page.getByRole("link", { name: "Registration", exact: true }).waitFor();
      await checkPage(page, "mobile-menu", { overlay: true, phoneOnly: true });
      expectNoErrors([NOT_FOUND_STATUS]);
    },
    TOUR_TIMEOUT,
  );

  it(
    "buyer: category, bike page, search, booking dialog, dashboard, my booking, wishlist, saved searches",
    async () => {
      const { buyer, photoBikeId, suzukiId } = await seed();
      const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
      await signIn(page, buyer.email, buyer.password);
      await visit(page, `/title/${suzukiId}`, "SUZUKI", "SUZUKI | ReRide");
      // The uploaded photo comes in both stored sizes, and a 360 px phone takes the 400 px one.
      // (The picture's link is hidden from screen readers, so the img is found by tag.)
      const cardPhoto = cardTitled(page, PHOTO_BIKE.title).locator("img").first();
      await settle(page);
      expect(await cardPhoto.getAttribute("srcset")).toMatch(
        /-thumb\.webp 400w, .*-large\.webp 1600w$/,
      );
      expect(await shownSource(cardPhoto)).toMatch(/-thumb\.webp$/);
      await checkPage(page, "category");

      await page.setViewportSize(SMALL_PHONE);
      await visit(page, `/bikes/${photoBikeId}`, PHOTO_BIKE.title, `${PHOTO_BIKE.title} | ReRide`);
      const galleryPhoto = page.getByRole("img", { name: /real photos \(1 of 1\)/ });
      await settle(page);
      expect(await shownSource(galleryPhoto)).toMatch(/-thumb\.webp$/);
      await checkPage(page, "bike");
      // checkPage leaves the page at desktop width, where the gallery's 560 px slot takes the 800 px photo.
      expect(await shownSource(galleryPhoto)).toMatch(/-medium\.webp$/);

      await visit(page, "/bikes?q=Suzuki", /Bikes matching/, "Search: Suzuki | ReRide");
      await checkPage(page, "search");

      await visit(page, `/bikes/${photoBikeId}`, PHOTO_BIKE.title, `${PHOTO_BIKE.title} | ReRide`);
      await page.getByRole("button", { name: "Buy", exact: true }).click();
      await page.getByRole("dialog", { name: "Book this bike" }).waitFor();
      await checkPage(page, "booking-dialog", { overlay: true });
      await page.keyboard.press("Escape");

      await visit(page, "/dashboard", "My booking", "My booking | ReRide");
      await checkPage(page, "dashboard-buyer");
      await visit(page, "/dashboard/myBooking", "My booking", "My booking | ReRide");
      await checkPage(page, "my-booking");
      await visit(page, "/dashboard/wishlist", "Wishlist", "Wishlist | ReRide");
      await checkPage(page, "wishlist");

      // 'Save this search' opens its form on the search page; the saved search is then listed.
      await page.setViewportSize(SMALL_PHONE);
      await visit(
        page,
        "/bikes?q=Suzuki&maxPrice=5000",
        /Bikes matching/,
        "Search: Suzuki | ReRide",
      );
      await page.getByRole("button", { name: "Save this search", exact: true }).click();
      await page.getByLabel("Name (optional)", { exact: true }).fill("Suzukis under 5000");
      await checkPage(page, "save-search-form");
      await page.getByRole("button", { name: "Save search", exact: true }).click();
      await page.getByText(/^Search saved/).waitFor();
      await visit(page, "/dashboard/saved-searches", "Saved searches", "Saved searches | ReRide");
      await page.getByRole("heading", { name: "Suzukis under 5000" }).waitFor();
      await checkPage(page, "saved-searches");

      await page.setViewportSize(SMALL_PHONE);
      await page.getByRole("button", { name: "menu", exact: true }).click();
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link").first().waitFor();
      await checkPage(page, "dashboard-drawer", { overlay: true, phoneOnly: true });
      expectNoErrors();
    },
    TOUR_TIMEOUT,
  );

  it(
    "seller: dashboard, add product, my products, the confirm dialog, an empty list, edit product",
    async () => {
      const { seller, photoBikeId } = await seed();
      const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
      await signIn(page, seller.email, seller.password);
      await visit(page, "/dashboard", "Bookings on my bikes", "Bookings on my bikes | ReRide");
      await cardTitled(page, BOOKED_BIKE.title).getByText("Pending", { exact: true }).waitFor();
      await checkPage(page, "dashboard-seller");
      await visit(page, "/dashboard/addProduct", "Add product", "Add product | ReRide");
      await checkPage(page, "add-product");
      await visit(page, "/dashboard/MyProduct", "My products", "My products | ReRide");
      // Statuses are words on the badge, not only its colour.
      await cardTitled(page, PHOTO_BIKE.name).getByText("Available", { exact: true }).waitFor();
      await cardTitled(page, BOOKED_BIKE.name).getByText("Booked", { exact: true }).waitFor();
      await checkPage(page, "my-products");
      await cardTitled(page, BOOKED_BIKE.name).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete this product?" }).waitFor();
      await checkPage(page, "confirm-dialog", { overlay: true });
      await page.keyboard.press("Escape");

      // A list with nothing in it: the seller has booked nothing.
      await visit(page, "/dashboard/myBooking", "My booking", "My booking | ReRide");
      await page.getByText("You have no bookings yet.", { exact: true }).waitFor();
      await checkPage(page, "my-booking-empty");

      await visit(
        page,
        `/dashboard/MyProduct/${photoBikeId}/edit`,
        "Edit product",
        "Edit product | ReRide",
      );
      await page.getByLabel("Title", { exact: true }).waitFor();
      await checkPage(page, "edit-product");
      expectNoErrors();
    },
    TOUR_TIMEOUT,
  );

  it(
    "admin: all sellers, all buyers; the verified mark says so in words",
    async () => {
      const { seller, suzukiId } = await seed();
      const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await visit(page, "/dashboard/allSeller", "All sellers", "All sellers | ReRide");
      const account = cardTitled(page, seller.name);
      await account.getByRole("button", { name: "Verify", exact: true }).click();
      await account.getByRole("img", { name: "Verified seller" }).waitFor();
      // The toast has said it; closed, it can't be caught mid-slide past the window's edge.
      const toast = page.locator(".Toastify__toast");
      await toast.getByRole("button", { name: "close" }).click();
      await toast.waitFor({ state: "detached" });
      await checkPage(page, "all-sellers");
      await visit(page, "/dashboard/allBuyer", "All buyers", "All buyers | ReRide");
      await page.getByRole("article").first().waitFor();
      await checkPage(page, "all-buyers");

      // On the seller's bikes the mark is a tick and the word "Verified", not a blue shape alone.
      await visit(page, `/title/${suzukiId}`, "SUZUKI", "SUZUKI | ReRide");
      const card = cardTitled(page, PHOTO_BIKE.title);
      await card.getByRole("img", { name: "Verified seller" }).waitFor();
      expect(await card.getByText("Verified", { exact: true }).isVisible()).toBe(true);
      await checkPage(page, "category-verified");
      expectNoErrors();
    },
    TOUR_TIMEOUT,
  );

  it(
    "moderation: the report dialog, the Reports queue, the hide dialog, the admin log, a hidden listing",
    async () => {
      const { buyer } = await seed();
      const sellerTab = await browser.newTab(SMALL_PHONE);
      const seller = newAccount("seller", "Mita Moderated");
      await registerThroughApi(sellerTab.page, server.url, seller);
      const title = "Yamaha FZ, deposit first";
      const bike = await createBikeThroughApi(
        sellerTab.page,
        server.url,
        shownBike({ title, name: "FZ deposit", category: "YAMAHA" }),
      );

      const buyerTab = await browser.newTab(SMALL_PHONE);
      await signIn(buyerTab.page, buyer.email, buyer.password);
      await visit(buyerTab.page, `/bikes/${bike.id}`, title, `${title} | ReRide`);
      await buyerTab.page.getByRole("button", { name: "Report this listing", exact: true }).click();
      const reportDialog = buyerTab.page.getByRole("dialog", { name: "Report this listing" });
      await reportDialog.getByLabel("Reason", { exact: true }).selectOption({
        label: "Looks like a scam",
      });
      await checkPage(buyerTab.page, "report-dialog", { overlay: true });
      await reportDialog.getByRole("button", { name: "Send report", exact: true }).click();
      await buyerTab.page
        .getByText("Thank you. An administrator will look at this listing.")
        .waitFor();

      const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await visit(page, "/dashboard/reports", "Reports", "Reports | ReRide");
      await cardTitled(page, title).getByRole("button", { name: "Hide listing" }).waitFor();
      await checkPage(page, "reports");
      await cardTitled(page, title).getByRole("button", { name: "Hide listing" }).click();
      const hideDialog = page.getByRole("dialog", { name: "Hide listing" });
      const reason = "Sellers may not ask for a deposit before a viewing.";
      await hideDialog.getByLabel("Reason shown to the owner").fill(reason);
      await checkPage(page, "hide-dialog", { overlay: true });
      await hideDialog.getByRole("button", { name: "Hide listing", exact: true }).click();
      await page.getByText("No open reports.").waitFor();
      const toast = page.locator(".Toastify__toast");
      await toast.getByRole("button", { name: "close" }).click();
      await toast.waitFor({ state: "detached" });
      await visit(page, "/dashboard/adminLog", "Admin log", "Admin log | ReRide");
      await page.getByText(`Why: ${reason}`).waitFor();
      await checkPage(page, "admin-log");

      await visit(sellerTab.page, "/dashboard/MyProduct", "My products", "My products | ReRide");
      await cardTitled(sellerTab.page, "FZ deposit").getByText(`Reason: ${reason}`).waitFor();
      await checkPage(sellerTab.page, "my-products-hidden");
      for (const tab of [sellerTab, buyerTab]) tab.expectNoErrors();
      expectNoErrors();
    },
    TOUR_TIMEOUT,
  );

  it("the checks themselves fail on a missing label, a small button and faint text", async () => {
    const { page } = await browser.newTab(SMALL_PHONE);
    await visit(page, "/login", "Login now!", "Login | ReRide");
    await page.evaluate(() => {
      for (const label of document.querySelectorAll("label")) label.remove();
      const button = document.createElement("button");
      button.textContent = "x";
      button.style.cssText = "width: 16px; height: 16px; padding: 0";
      document.querySelector("main")?.append(button);
      const banner = document.createElement("div");
      banner.style.backgroundImage = "linear-gradient(to right, #ffffff, #fde68a)";
      // A daisyUI button too: its noise image layer hides it from axe's contrast rule.
      banner.innerHTML =
        '<p style="color: #a8a29e">Faint words</p><a href="/" class="btn btn-primary" style="color: #f0a070">Pale button</a>';
      document.querySelector("main")?.append(banner);
    });
    await expect(expectAccessible(page, "login without labels")).rejects.toThrow(
      /\[critical\] label/,
    );
    await expect(expectTouchTargets(page, "login")).rejects.toThrow(/<button> "x" is 16×16/);
    await expect(expectReadableOnBackgrounds(page, "login")).rejects.toThrow(
      /"Faint words".*:1[\s\S]*"Pale button".*:1/,
    );
  });
});

/** Elements that animate or transition for longer than 1 ms, described for a failure message. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const longestMs = (durations: string) =>
      Math.max(
        ...durations.split(",").map((duration) => {
          const value = Number.parseFloat(duration);
          return duration.trim().endsWith("ms") ? value : value * 1000;
        }),
      );
    return Array.from(document.querySelectorAll("body *"))
      .filter((element) => {
        const style = getComputedStyle(element);
        const animated = style.animationName !== "none" && longestMs(style.animationDuration) > 1;
        const transitioned =
          style.transitionProperty !== "none" && longestMs(style.transitionDuration) > 1;
        // An SVG that animates itself (SMIL), as daisyUI's spinner mask does.
        const selfAnimating = /animate/i.test(style.maskImage);
        return animated || transitioned || selfAnimating;
      })
      .map(
        (element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`,
      );
  });
}

describe("motion, page titles and focus", () => {
  it("asked for reduced motion, spinners stand still and nothing slides or fades", async () => {
    const { buyer } = await seed();
    const { page, expectNoErrors } = await browser.newTab(SMALL_PHONE);
    await signIn(page, buyer.email, buyer.password);
    await visit(page, "/dashboard", "My booking", "My booking | ReRide");
    // A spinner as the app shows one while a request runs.
    await page.evaluate(() => {
      document
        .querySelector("main")
        ?.insertAdjacentHTML("beforeend", '<span class="loading loading-spinner"></span>');
    });
    const normally = await moving(page);
    expect(normally.join("\n")).toContain("loading-spinner");
    expect(normally.join("\n")).toContain("drawer-side");

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await moving(page)).toEqual([]);
    // The drawer opens at once rather than sliding in.
    await page.getByRole("button", { name: "menu", exact: true }).click();
    expect(await moving(page)).toEqual([]);
    expectNoErrors();
  });

  it("each page's title names it, and a route change moves focus to its heading", async () => {
    const { buyer, suzukiId } = await seed();
    const { page, expectNoErrors } = await browser.newTab();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.tagName.toLowerCase()} ${element?.textContent?.trim().slice(0, 60)}`;
      });
    const announced = page.locator("p[aria-live=polite]");
    const expectArrival = async (title: string, heading: string) => {
      await expect.poll(() => page.title(), WAIT).toBe(title);
      await expect.poll(focused, WAIT).toBe(heading);
      await expect.poll(() => announced.textContent(), WAIT).toBe(heading.replace(/^h\d /, ""));
    };

    // The first load leaves focus at the top of the document, where a page starts.
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.title()).toBe("ReRide — used motorbikes, bought and sold");
    expect(await focused()).toMatch(/^body/);

    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await nav.getByRole("link", { name: "Blog", exact: true }).click();
    await expectArrival("Blog", "h1 Blog");
    await nav.getByRole("link", { name: "Login", exact: true }).click();
    await expectArrival("Login | ReRide", "h1 Login now!");
    await page.getByRole("link", { name: "Don't have account? Registration" }).click();
    await expectArrival("Registration | ReRide", "h1 Register now!");

    await signIn(page, buyer.email, buyer.password);
    await page.goto(`/title/${suzukiId}`);
    await page.getByRole("heading", { level: 1, name: "SUZUKI" }).waitFor();
    expect(await page.title()).toBe("SUZUKI | ReRide");
    await page.getByRole("link", { name: PHOTO_BIKE.title, exact: true }).click();
    await expectArrival(`${PHOTO_BIKE.title} | ReRide`, `h1 ${PHOTO_BIKE.title}`);

    // In the dashboard it is the page's own heading, not the dashboard's welcome.
    await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expectArrival("My booking | ReRide", "h2 My booking");
    await page
      .getByRole("navigation", { name: "Dashboard", exact: true })
      .getByRole("link", { name: "Wishlist", exact: true })
      .click();
    await expectArrival("Wishlist | ReRide", "h2 Wishlist");

    await page.goto("/no-such-page");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.title()).toBe("Page not found | ReRide");
    expectNoErrors([NOT_FOUND_STATUS]);
  });
});
