import { describe, expect, it } from "vitest";
import { brandDetailsLink, expectToast, pathOf, text, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { snap } from "./support/screenshots";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const CATEGORIES = ["SUZUKI", "YAMAHA", "KTM"] as const;
// The seed's four blog topics (the answers are ReRide's own).
const BLOG_TOPICS = [/state/i, /prototyp/i, /unit test/i, /React.*Angular.*Vue/i];

describe("the public pages, signed out", () => {
  it("home shows the three brands, each with a Details link behind the login guard", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/");

    for (const name of CATEGORIES) {
      const details = brandDetailsLink(page, name);
      await details.waitFor();
      expect(await details.getAttribute("href")).toMatch(/^\/title\/[^/]+$/);
    }
    expect(await page.getByRole("link", { name: /^Details/ }).count()).toBe(3);
    const overflow = await snap(page, "home");
    expect(overflow).toEqual({ phone: 0, desktop: 0 });

    await brandDetailsLink(page, "SUZUKI").click();
    await expectToast(page, text.pleaseLogin);
    await waitForPath(page, "/login");

    expectNoErrors();
  });

  it("'Please login first' still shows when the toasts' code arrives after the trip to /login", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    // On a slow connection the toasts' code (loaded on first use) arrives only after the
    // guard has sent the visitor on to /login; the toast must still explain that trip.
    await page.route("**/assets/*.js", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("Toastify")) await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ response, body });
    });
    await page.goto("/");
    await brandDetailsLink(page, "YAMAHA").click();
    await waitForPath(page, "/login");
    await expectToast(page, text.pleaseLogin);
    expectNoErrors();
  });

  it("login has its heading, fields and button", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/login");
    await page.getByRole("heading", { name: text.loginHeading, exact: true }).waitFor();
    await page.getByLabel("Email", { exact: true }).waitFor();
    await page.getByLabel("Password", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Login", exact: true }).waitFor();
    await page.getByRole("link", { name: "Don't have account? Registration" }).waitFor();
    expect(await snap(page, "login")).toEqual({ phone: 0, desktop: 0 });
    expectNoErrors();
  });

  it("registration has its fields, with 'Account Type?' as a disabled placeholder, at /registration and /Registration", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    for (const path of ["/registration", "/Registration"]) {
      await page.goto(path);
      await page.getByLabel("Name", { exact: true }).waitFor();
      await page.getByLabel("Email", { exact: true }).waitFor();
      await page.getByLabel("Password", { exact: true }).waitFor();
      const accountType = page.getByLabel("Account type", { exact: true });
      const options = await accountType.evaluate((select) =>
        Array.from((select as HTMLSelectElement).options, (option) => ({
          text: option.text,
          disabled: option.disabled,
          selected: option.selected,
        })),
      );
      expect(options).toEqual([
        { text: text.accountTypePlaceholder, disabled: true, selected: true },
        { text: "seller", disabled: false, selected: false },
        { text: "buyer", disabled: false, selected: false },
      ]);
      await page.getByRole("button", { name: "Register", exact: true }).waitFor();
      expect(pathOf(page)).toBe(path);
    }
    expect(await snap(page, "registration")).toEqual({ phone: 0, desktop: 0 });
    expectNoErrors();
  });

  it("blog is titled 'Blog' and its four questions open on click", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/blog");
    await page.getByRole("heading", { name: "Blog", exact: true }).waitFor();
    await page.waitForFunction(() => document.title === "Blog");

    const items = page.getByRole("region", { name: "Questions and answers" }).getByRole("group");
    await items.first().waitFor();
    expect(await items.count()).toBe(4);
    await snap(page, "blog");

    for (const [index, topic] of BLOG_TOPICS.entries()) {
      const item = items.nth(index);
      const question = item.getByText(topic).first();
      const answer = item.getByRole("paragraph").first();
      expect(await answer.isVisible()).toBe(false);
      await question.click();
      await answer.waitFor();
      expect((await answer.textContent())?.trim().length ?? 0).toBeGreaterThan(40);
    }
    await snap(page, "blog-expanded");
    expectNoErrors();
  });

  it("an unknown path shows the not-found page, and 'Go To Home page' leads home", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    const response = await page.goto("/no-such-page/here");
    // Drawn on the server, and said to be missing: crawlers and link checkers see a 404 too.
    expect(response?.status()).toBe(404);
    await page.getByText(text.notFound, { exact: true }).waitFor();
    expect(await snap(page, "not-found")).toEqual({ phone: 0, desktop: 0 });

    await page.getByRole("link", { name: text.goHome, exact: true }).click();
    await waitForPath(page, "/");
    await page.getByRole("heading", { name: "SUZUKI", exact: true }).waitFor();
    expectNoErrors([/status of 404 .*@ .*\/no-such-page\/here$/]);
  });
});
