import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** What has the focus, in words for failure messages, and whether it is shown. */
export interface FocusState {
  description: string;
  /** false when focus sits on <body> (nothing focused), e.g. past the page's last link. */
  onElement: boolean;
  /** An outline or a box-shadow is drawn while it has the focus. */
  indicated: boolean;
}

export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) {
      return { description: "<body>", onElement: false, indicated: false };
    }
    const name =
      element.getAttribute("aria-label") ??
      (element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement
        ? element.labels?.[0]?.textContent
        : element.textContent) ??
      "";
    const description = `<${element.tagName.toLowerCase()}> "${name.trim().slice(0, 60)}"`;
    // A visually hidden control (a file input) shows its focus on its label.
    const tiny = element.offsetWidth <= 1 || element.offsetHeight <= 1;
    const shown =
      tiny && "labels" in element && element.labels instanceof NodeList
        ? (element.labels[0] as HTMLElement | undefined)
        : element;
    if (!shown) return { description, onElement: true, indicated: false };
    const style = getComputedStyle(shown);
    const transparent = (color: string) =>
      color === "transparent" || /rgba\(.*,\s*0\)$/.test(color) || color.endsWith("/ 0)");
    const outline =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) >= 1 &&
      !transparent(style.outlineColor);
    const shadow = style.boxShadow !== "none" && style.boxShadow !== "";
    return { description, onElement: true, indicated: outline || shadow };
  });
}

/** Fails unless something has the focus and draws a focus indicator (WCAG 2.4.7). */
export async function expectFocusVisible(page: Page): Promise<void> {
  const state = await focusState(page);
  expect(state.onElement, "something should have the focus").toBe(true);
  expect(state.indicated, `the focus on ${state.description} should be visible`).toBe(true);
}

/**
 * Fails unless `target` has the focus and shows it. `indicator: false` for
 * a heading given focus for orientation (after its card's button went), which
 * is read out but, like any heading, not drawn as a control.
 */
export async function expectFocused(
  target: Locator,
  { indicator = true }: { indicator?: boolean } = {},
): Promise<void> {
  await expect
    .poll(() => hasFocus(target), { timeout: 5_000, message: `expected focus on ${target}` })
    .toBe(true);
  if (indicator) await expectFocusVisible(target.page());
}

async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) =>
    elements.some((element) => element === document.activeElement),
  );
}

interface TabOptions {
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** Gives up after this many presses: the target is not reachable by keyboard. */
  max?: number;
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, failing after
 * `max` presses: the test proves the target can be reached by keyboard.
 * Every element passed on the way must show its focus.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: TabOptions = {},
): Promise<number> {
  const { backwards = false, max = 40 } = options;
  await target.first().waitFor();
  if (await hasFocus(target)) return 0;
  const passed: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const state = await focusState(page);
    if (state.onElement) {
      expect(state.indicated, `the focus on ${state.description} should be visible`).toBe(true);
    }
    passed.push(state.description);
    if (await hasFocus(target)) return presses;
  }
  throw new Error(
    `${target} was not reached in ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}; focus went through: ${passed.join(", ")}`,
  );
}

/** One press of Tab (or Shift+Tab); fails unless it lands on `target`. */
export async function tabOnceTo(page: Page, target: Locator, backwards = false): Promise<void> {
  await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  await expectFocused(target);
}
