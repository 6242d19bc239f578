import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A console error or an uncaught exception seen by a page. */
export interface BrowserError {
  kind: "console" | "pageerror";
  text: string;
  /** The page URL (console) or the script location, when known. */
  where: string;
}

export interface Tab {
  page: Page;
  context: BrowserContext;
  errors: BrowserError[];
  /**
   * Fails when the page logged a console error or threw. CSP violations are
   * console errors, so this is also the CSP check. `allow` names errors the
   * journey provoked on purpose (e.g. the 409 of a duplicate registration);
   * each pattern is tested against "<message> @ <url>".
   */
  expectNoErrors(allow?: RegExp[]): void;
}

export async function openTab(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  waitForLivePages(page, baseURL);
  const errors: BrowserError[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const location = message.location();
    errors.push({ kind: "console", text: message.text(), where: location.url || page.url() });
  });
  page.on("pageerror", (error) => {
    errors.push({ kind: "pageerror", text: error.stack ?? error.message, where: page.url() });
  });
  return {
    page,
    context,
    errors,
    expectNoErrors(allow = []) {
      const unexpected = errors.filter(
        (error) => !allow.some((pattern) => pattern.test(`${error.text} @ ${error.where}`)),
      );
      expect(
        unexpected.map((error) => `${error.kind} at ${error.where}: ${error.text}`),
        "console errors or page errors in the browser",
      ).toEqual([]);
    },
  };
}

/**
 * One Chromium per spec file; every `newTab()` is a fresh context (no shared
 * cookies) that is closed after the test that opened it.
 */
export function setupBrowser(server: { readonly url: string }) {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newTab(viewport?: { width: number; height: number }): Promise<Tab> {
      if (!browser) throw new Error("the browser is not launched yet (use it inside a test)");
      const tab = await openTab(browser, server.url, viewport);
      open.push(tab.context);
      return tab;
    },
  };
}

/**
 * The server draws each page before its code runs (src/server/server-render.ts),
 * and a click before the code has taken over the page does nothing. After
 * every load of one of the app's pages, wait until the app marks it live
 * (RootLayout sets <html data-live>), as a person would wait for the page to
 * respond. Pages elsewhere (the mock Google sign-in) are not waited for.
 */
function waitForLivePages(page: Page, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const live = async () => {
    if (new URL(page.url()).origin !== origin) return;
    await page.waitForSelector("html[data-live]", { state: "attached" });
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
  const waitForURL = page.waitForURL.bind(page);
  page.waitForURL = async (...args: Parameters<Page["waitForURL"]>) => {
    await waitForURL(...args);
    await live();
  };
}
