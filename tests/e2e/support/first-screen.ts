import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { DESKTOP } from "./browser";
import { transitionsDone } from "./marketplace";
import { imagesLoaded, SCREENSHOT_DIR } from "./screenshots";

/** The phone a new user tried ReRide on, and the desktop window. */
export const NARROW_PHONE = { width: 360, height: 740 } as const;
export const WIDTHS = { 360: NARROW_PHONE, 1280: DESKTOP } as const;

/**
 * Full-page PNGs at 360 and 1280 px wide (test-results/screenshots/<name>-<width>.png);
 * the page's own window size is restored afterwards.
 */
export async function snapWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await transitionsDone(page);
    await imagesLoaded(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
      animations: "allow",
      caret: "hide",
    });
  }
  if (original) {
    await page.setViewportSize(original);
    await transitionsDone(page);
  }
}

/** Where an element sits in the window now, in CSS px. */
export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("the element is not shown");
  return { ...box, bottom: box.y + box.height, right: box.x + box.width };
}
