import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SCREENSHOT_DIR } from "./screenshots";

/** The smallest phone ReRide is built for (WCAG 1.4.10 reflow is 320; cheap Androids are 360). */
export const SMALL_PHONE = { width: 360, height: 640 } as const;

/** WCAG 2.2 target size (minimum), 2.5.8: 24 × 24 CSS px. */
const MIN_TARGET = 24;

/**
 * Fails when the page scrolls sideways at the window's current width, naming
 * the elements that stick out. Content inside its own scroller (a strip of
 * photo thumbnails) may go past the edge: the page itself does not move.
 * Content clipped by an ancestor may not: it is cut off, which is worse.
 */
export async function expectNoSideScroll(page: Page, label: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const contained = (element: Element) => {
      for (
        let node = element.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        if (["auto", "scroll"].includes(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    return {
      scroll: document.documentElement.scrollWidth,
      window: window.innerWidth,
      sticking: Array.from(document.querySelectorAll("body *"))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((element) => !contained(element))
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.className).split(" ").slice(0, 3).join(".")} ends at ${Math.round(element.getBoundingClientRect().right)} px`,
        ),
    };
  });
  expect(widths.sticking, `${label}: elements past the window's right edge`).toEqual([]);
  expect(widths.scroll, `${label} scrolls sideways at ${widths.window} px`).toBeLessThanOrEqual(
    widths.window,
  );
}

/**
 * Fails when a visible control is smaller than 24 × 24 px. Left out, as
 * WCAG 2.5.8 allows: links inside a sentence (their size is the text's);
 * and elements that are not targets at all (hidden, aria-hidden, inert, or
 * only for screen readers, like the skip link until it is focused).
 */
export async function expectTouchTargets(page: Page, label: string): Promise<void> {
  const small = await page.evaluate((min) => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [tabindex]:not([tabindex='-1'])";
    const inlineInText = (element: Element) => {
      if (element.tagName !== "A") return false;
      if (getComputedStyle(element).display !== "inline") return false;
      const parent = element.parentElement;
      // Inline in a sentence: its block holds words besides the link's own.
      const own = (element.textContent ?? "").trim();
      const around = (parent?.textContent ?? "").replace(own, "").trim();
      return around.length > 0;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) return false; // sr-only (the skip link until focused)
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    return Array.from(document.querySelectorAll(selector))
      .filter((element) => !element.closest("[aria-hidden=true], [inert]"))
      .filter(visible)
      .filter((element) => !inlineInText(element))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name =
          element.getAttribute("aria-label") ||
          (element.textContent ?? "").trim().slice(0, 40) ||
          element.getAttribute("name") ||
          "";
        return {
          target: `<${element.tagName.toLowerCase()}> "${name}"`,
          size: `${Math.round(box.width)}×${Math.round(box.height)}`,
          ok: box.width >= min - 0.5 && box.height >= min - 0.5,
        };
      })
      .filter((target) => !target.ok)
      .map(({ target, size }) => `${target} is ${size}`);
  }, MIN_TARGET);
  if (small.length > 0) {
    throw new Error(
      `${label}: touch targets under ${MIN_TARGET}×${MIN_TARGET} px:\n  - ${small.join("\n  - ")}`,
    );
  }
}

/** A picture of the page as it is now: test-results/screenshots/<name>-360.png. */
export async function snapSmall(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-360.png`),
    fullPage,
    animations: "allow",
    caret: "hide",
  });
}
