import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
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

export interface BikeFields {
  title: string;
  name: string;
  location: string;
  phone: string;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  imageUrl: string;
  category: "SUZUKI" | "YAMAHA" | "KTM";
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
  bike: BikeFields,
): Promise<{ id: string }> {
  const { category, ...fields } = bike;
  const response = await page.request.post(`${baseUrl}/api/bikes`, {
    data: { ...fields, categoryId: await categoryId(page, baseUrl, category) },
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

async function transitionsDone(page: Page): Promise<void> {
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
