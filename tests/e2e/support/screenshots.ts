import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE } from "./browser";

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

const SIZES = { phone: PHONE, desktop: DESKTOP } as const;
export type ScreenSize = keyof typeof SIZES;

/**
 * Full-page PNGs of the page as it is now, at phone (390×844) and desktop
 * (1280×800) width: test-results/screenshots/<name>-<phone|desktop>.png.
 * The page's own viewport is restored afterwards. Returns, per size, how far
 * the page overflows sideways, for journeys that assert it does not.
 */
export async function snap(
  page: Page,
  name: string,
  sizes: readonly ScreenSize[] = ["phone", "desktop"],
): Promise<Overflow> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const overflow: Overflow = {};
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await settle(page);
    overflow[size] = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${size}.png`),
      fullPage: true,
      // Not "disabled": that fast-forwards the toasts' 5 s progress bar, which closes them.
      animations: "allow",
      caret: "hide",
    });
  }
  if (original) await page.setViewportSize(original);
  return overflow;
}

/** How many CSS pixels the page is wider than the window, per size (0: no sideways scrolling). */
export type Overflow = Partial<Record<ScreenSize, number>>;

/** Waits for images (lazy ones too), fonts and layout after a resize; scrolls to the top. */
async function settle(page: Page): Promise<void> {
  await imagesLoaded(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // From the top, or a sticky header is drawn where the page was scrolled to.
    window.scrollTo(0, 0);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Loads lazy images too, and waits until each has loaded or failed (at most 5 s). */
export async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = "eager";
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
              setTimeout(resolve, 5_000);
            }),
      ),
    );
  });
}
