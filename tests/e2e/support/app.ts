import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { RegisterInput } from "#src/shared/schemas/auth";
import { buildAccount } from "#tests/support/builders/account";

/** The words a user sees (the seed's wording, spelling fixed: PRODUCT.md §7). */
export const text = {
  loginHeading: "Login now!",
  loginDone: "Login Done",
  accountCreated: "Account created",
  pleaseLogin: "Please login first",
  notFound: "Error! This page doesn't exist.",
  goHome: "Go To Home page",
  registerWithGoogle: "Register With Google",
  accountTypePlaceholder: "Account Type?",
} as const;

export type Account = RegisterInput;

/** An account nobody has registered yet in this run, from the shared account builder. */
export function newAccount(accountType: Account["accountType"], name: string): Account {
  return buildAccount({ accountType, name });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.toLowerCase() === pathname.toLowerCase());
}

/** The top navigation bar (not the dashboard's side menu). */
export function navbar(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main", exact: true });
}

/** A toast with this text (each toast is role=status inside the polite live region). */
export async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByRole("status").filter({ hasText: message }).first().waitFor();
}

export async function expectSignedIn(page: Page, email: string): Promise<void> {
  const nav = navbar(page);
  await nav.getByText(email, { exact: true }).first().waitFor();
  await nav.getByRole("button", { name: "Logout", exact: true }).first().waitFor();
}

export async function expectSignedOut(page: Page): Promise<void> {
  const nav = navbar(page);
  await nav.getByRole("link", { name: "Login", exact: true }).first().waitFor();
  await nav.getByRole("link", { name: "Registration", exact: true }).first().waitFor();
  expect(await nav.getByRole("button", { name: "Logout" }).count()).toBe(0);
}

export async function fillRegistration(page: Page, account: Account): Promise<void> {
  await page.getByLabel("Name", { exact: true }).fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Account type", { exact: true }).selectOption(account.accountType);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

/** Logs in through the form on /login (already open) and waits for the success toast. */
export async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await fillLogin(page, email, password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expectToast(page, text.loginDone);
}

/**
 * Registers through the API from inside the browser context, so the context
 * holds the session cookie exactly as if the form had been used.
 */
export async function registerThroughApi(
  page: Page,
  baseUrl: string,
  account: Account,
): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    data: account,
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fails unless `message` shows in the same form field as the input labelled `label`. */
export async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await page.getByText(message, { exact: true }).first().waitFor();
  // Walk up from the input to the nearest element that also holds the message:
  // it must hold no other form control, i.e. the message sits beside this field.
  const controls = await field.evaluate((element, wanted) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (node.textContent?.includes(wanted)) {
        return node.querySelectorAll("input, select, textarea").length;
      }
    }
    return 0;
  }, message);
  expect(controls, `"${message}" should be shown beside the ${label} field`).toBe(1);
}

/** The dashboard's side menu (a drawer, always open at desktop width). */
export function sideMenu(page: Page): Locator {
  return page.getByRole("navigation", { name: "Dashboard", exact: true });
}

/**
 * The "Details" link on a brand's card on the home page, found through the
 * card's heading so the test names the brand as a visitor sees it.
 */
export function brandDetailsLink(page: Page, name: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) })
    .getByRole("link", { name: /^Details/ });
}
