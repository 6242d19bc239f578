import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { type Bike, bikeInput, buildBike } from "#tests/support/builders/bike";
import { DESKTOP, PHONE } from "./browser";
import { type Overflow, SCREENSHOT_DIR, snap } from "./screenshots";

/** The words of the marketplace screens (the seed's, spelling fixed: PRODUCT.md §7). */
export const marketText = {
  addProductDone: "Add product done",
  bookingConfirm: "booking confirm",
  productDeleted: "Product deleted",
  deletedSeller: "deleted seller",
  deletedBuyer: "deleted buyer",
  verified: "Verified seller",
} as const;

/** The builder's bike with a picture the app ships (the browser loads nothing from outside). */
export function shownBike(overrides: Partial<Bike> = {}): Bike {
  return buildBike({ imageUrl: "/images/bikes/suzuki-gixxer-sf.svg", ...overrides });
}

/** Fills the Add product form with a built bike; no image link when it has none (photos). */
export async function fillBikeForm(page: Page, bike: Bike): Promise<void> {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field("Title").fill(bike.title);
  await field("Phone Number").fill(bike.phone);
  await field("Location").fill(bike.location);
  await field("Resale price").fill(String(bike.resalePrice));
  await field("Original price").fill(String(bike.originalPrice));
  if (bike.imageUrl) await field("Image link").fill(bike.imageUrl);
  await field("Bike Name").fill(bike.name);
  await field("Years of use").fill(String(bike.yearsOfUse));
  await field("Category").selectOption({ label: bike.category });
  await field("Model year").fill(String(bike.modelYear));
  await field("Mileage (km)").fill(String(bike.mileageKm));
  await field("Engine (cc)").fill(String(bike.engineCc));
  await field("Condition").selectOption({ value: bike.condition });
  await field("Papers up to date").selectOption({ label: bike.papersUpToDate ? "Yes" : "No" });
  if (bike.description) await field("Description").fill(bike.description);
}

export async function categoryId(page: Page, baseUrl: string, name: string): Promise<string> {
  const response = await page.request.get(`${baseUrl}/api/categories`);
  const categories = (await response.json()) as { id: string; name: string }[];
  const found = categories.find((category) => category.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

/** Lists a bike through the API as the seller signed in on this page. */
export async function createBikeThroughApi(
  page: Page,
  baseUrl: string,
  bike: Bike,
): Promise<{ id: string }> {
  const response = await page.request.post(`${baseUrl}/api/bikes`, {
    data: bikeInput(bike, await categoryId(page, baseUrl, bike.category)),
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A card (bike, booking or account) by the heading it carries. */
export function cardTitled(scope: Page | Locator, heading: string): Locator {
  // `has` is matched inside each card, so it must start from the page, not from `scope`.
  const page = "mainFrame" in scope ? scope : scope.page();
  return scope
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
}

/**
 * snap() at each size, but only once CSS transitions set off by the resize
 * have finished: the dashboard's drawer slides when the width crosses its
 * breakpoint, and snap() alone would catch it half-way.
 */
export async function snapSettled(page: Page, name: string): Promise<Overflow> {
  const original = page.viewportSize();
  const overflow: Overflow = {};
  for (const size of ["phone", "desktop"] as const) {
    await page.setViewportSize(size === "phone" ? PHONE : DESKTOP);
    await transitionsDone(page);
    Object.assign(overflow, await snap(page, name, [size]));
  }
  if (original) {
    await page.setViewportSize(original);
    await transitionsDone(page);
  }
  return overflow;
}

/** Waits for the CSS transitions running now, including those a resize just set off. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames first, so transitions started by the resize exist when we look.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.all(running);
  });
}

/**
 * What the window shows (not the whole page) at phone and desktop width: a
 * dialog is fixed to the window, so a full-page picture would stretch the
 * page behind it instead.
 */
export async function snapWindow(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const size of ["phone", "desktop"] as const) {
    await page.setViewportSize(size === "phone" ? PHONE : DESKTOP);
    await transitionsDone(page);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${size}.png`),
      animations: "allow",
      caret: "hide",
    });
  }
  if (original) {
    await page.setViewportSize(original);
    await transitionsDone(page);
  }
}
