import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./support/browser";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

type Watched = Window & { cspViolations?: string[] };

/**
 * A plain tab (the app's own pages are waited on until they go live; this
 * page is not one of them) that records CSP violations as the page reports
 * them, console errors, uncaught errors, and requests to any other origin.
 */
async function watchedPage(): Promise<{ page: Page; problems: () => Promise<string[]> }> {
  const { context } = await browser.newTab();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const watched = window as Watched;
    watched.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      watched.cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  const seen: string[] = [];
  const origin = new URL(server.url).origin;
  page.on("console", (message) => {
    if (message.type() === "error") {
      seen.push(`console: ${message.text()} @ ${message.location().url || page.url()}`);
    }
  });
  page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) seen.push(`request: ${url}`);
  });
  const problems = async () => [
    ...seen,
    ...(await page.evaluate(() => (window as Watched).cspViolations ?? [])).map(
      (violation) => `csp: ${violation}`,
    ),
  ];
  return { page, problems };
}

describe("the API reference page", () => {
  it("renders the OpenAPI document at /api/docs under the content security policy", async () => {
    const { page, problems } = await watchedPage();
    const response = await page.goto("/api/docs");
    // The policy is really there, and it allows no inline script.
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    await page.getByRole("heading", { name: /ReRide API/ }).waitFor();
    // An operation opens to show its request body, drawn from the route's schema.
    await page.locator("#operations-Bookings-postApiBookings .opblock-summary").click();
    await page.locator(".opblock-post.is-open", { hasText: "meetingLocation" }).waitFor();
    const categories = page.locator(".opblock-get", { hasText: "/api/categories" }).first();
    await categories.locator(".opblock-summary").click();
    await categories.getByRole("button", { name: "Try it out" }).click();
    await categories.getByRole("button", { name: "Execute" }).click();
    // The call goes to this app (connect-src 'self') and its answer is shown.
    await categories
      .locator(".live-responses-table .response-col_status", { hasText: "200" })
      .waitFor();

    expect(await problems()).toEqual([]);
  });

  it("would notice a violation: an inline script on the page is reported", async () => {
    const { page, problems } = await watchedPage();
    await page.goto("/api/docs");
    await page.getByRole("heading", { name: /ReRide API/ }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "document.title = 'inline ran'";
      document.body.append(script);
    });
    await expect.poll(problems).toContainEqual(expect.stringMatching(/^csp: script-src/));
    expect(await page.title()).not.toBe("inline ran");
  });
});
