import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { expectFocused, tabTo } from "./keyboard";

export const SUMMARY_HEADING = "There is a problem";

/** The error summary at the top of a form (inside `scope`: the page or a dialog). */
export function errorSummary(scope: Page | Locator): Locator {
  const page = "mainFrame" in scope ? scope : scope.page();
  return scope
    .getByRole("alert")
    .filter({ has: page.getByRole("heading", { name: SUMMARY_HEADING, exact: true }) });
}

/** One expected error: the field's label (none for a form-wide failure) and the message. */
export interface ExpectedError {
  label?: string;
  message: string;
}

/**
 * Fails unless, after a failed submit, the summary has the focus and lists
 * exactly `expected` in order (field errors as links), and each field is
 * aria-invalid and described by an element that says its message.
 */
export async function expectErrorSummary(
  scope: Page | Locator,
  expected: ExpectedError[],
): Promise<Locator> {
  const summary = errorSummary(scope);
  await summary.waitFor();
  // The focus is on the summary's box (the alert's parent), so its text is read first.
  await expect
    .poll(() => summary.evaluate((alert) => Boolean(document.activeElement?.contains(alert))))
    .toBe(true);
  await expect
    .poll(() => summary.getByRole("listitem").allInnerTexts())
    .toEqual(expected.map((error) => error.message));
  const links = await summary.getByRole("link").allInnerTexts();
  expect(links).toEqual(expected.filter((error) => error.label).map((error) => error.message));
  for (const { label, message } of expected) {
    if (label) await expectDescribedError(scope, label, message);
  }
  return summary;
}

/** Fails unless the field labelled `label` is aria-invalid and described by `message`. */
export async function expectDescribedError(
  scope: Page | Locator,
  label: string,
  message: string,
): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  expect(await field.getAttribute("aria-invalid"), `${label} should be aria-invalid`).toBe("true");
  const description = await field.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | "),
  );
  expect(description, `${label}'s aria-describedby should say the error`).toContain(message);
}

/**
 * Follows each link of the summary with the keyboard (Tab or Shift+Tab to
 * it, Enter) and checks it puts the focus on its field.
 */
export async function expectSummaryLinksFocusFields(
  page: Page,
  summary: Locator,
  scope: Page | Locator,
  expected: ExpectedError[],
): Promise<void> {
  for (const { label, message } of expected) {
    if (!label) continue;
    const link = summary.getByRole("link", { name: message, exact: true });
    // From the summary the links are ahead; from a field they are behind.
    const backwards = await link.evaluate((element) =>
      Boolean(
        document.activeElement &&
          document.activeElement.compareDocumentPosition(element) &
            Node.DOCUMENT_POSITION_PRECEDING,
      ),
    );
    await tabTo(page, link, { backwards, max: 40 });
    await page.keyboard.press("Enter");
    await expectFocused(scope.getByLabel(label, { exact: true }));
  }
}
