import { describe, expect, it } from "vitest";
import { newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { holdRequests } from "./support/held-requests";
import { categoryId, createBikeThroughApi, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

/**
 * Decision 11: the server draws a page before any of its code runs, and the
 * browser takes that page over instead of drawing it again.
 */
const server = setupServer();
const browser = setupBrowser(server);

const TITLE = "Yamaha R15 V4, drawn before its code";
/** "24. November 2026 um 09:15": a date in German, as the browser writes it there. */
const GERMAN_DATE = /^\d{1,2}\. \p{L}+ \d{4}/u;

async function listedBike() {
  const { page } = await browser.newTab();
  await registerThroughApi(page, server.url, newAccount("seller", "Server Seller"));
  const bike = await createBikeThroughApi(
    page,
    server.url,
    shownBike({
      title: TITLE,
      name: "R15 V4",
      category: "YAMAHA",
      location: "Sylhet",
      phone: "+8801711000077",
      yearsOfUse: 1,
      originalPrice: 3100,
      resalePrice: 2450,
      imageUrl: "/images/bikes/yamaha-r15-v4.svg",
    }),
  );
  return { bike, yamaha: await categoryId(page, server.url, "YAMAHA") };
}

describe("a first visit is drawn by the server", () => {
  it("without JavaScript a buyer still sees a brand's bikes and a bike, and forms wait", async () => {
    const { bike, yamaha } = await listedBike();
    const { context } = await browser.newTab();
    const noScript = await context.browser()?.newContext({
      baseURL: server.url,
      javaScriptEnabled: false,
      locale: "en-US",
    });
    if (!noScript) throw new Error("no browser");
    try {
      const page = await noScript.newPage();
      await registerThroughApi(page, server.url, newAccount("buyer", "No Script Buyer"));

      await page.goto(`/title/${yamaha}`);
      await page.getByRole("heading", { name: "YAMAHA", level: 1 }).waitFor();
      // The build's entry script became the after-paint loader (server-render.ts reads Vite's tags).
      expect(await page.locator('script[src="/after-paint.js"]').count()).toBe(1);
      expect(await page.locator('script[src^="/assets/"], link[rel="modulepreload"]').count()).toBe(
        0,
      );
      const code = JSON.parse((await page.locator("#reride-app-code").textContent()) ?? "null") as {
        entry: string;
        preload: string[];
      } | null;
      expect(code?.entry).toMatch(/^\/assets\/index-.+\.js$/);
      expect(code?.preload.length).toBeGreaterThan(0);
      const card = page.getByRole("article").filter({ hasText: TITLE }).first();
      await card.waitFor();
      expect(await card.textContent()).toContain("$2,450");
      expect(await page.title()).toBe("YAMAHA | ReRide");

      await page.goto(`/bikes/${bike.id}`);
      await page.getByRole("heading", { name: TITLE }).waitFor();
      expect(await page.title()).toBe(`${TITLE} | ReRide`);

      // A submit now would be the browser's own GET with the fields in the address.
      // (Signed out: a signed-in visitor is sent from /login to the dashboard.)
      await noScript.clearCookies();
      await page.goto("/login");
      expect(await page.getByLabel("Email", { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Login", exact: true }).isDisabled()).toBe(
        true,
      );
    } finally {
      await noScript.close();
    }
  });

  it("the browser takes the drawn page over without drawing it again, then it responds", async () => {
    const { yamaha } = await listedBike();
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Hydrating Buyer"));
    // Hold the app's code back until the drawn page has been marked.
    const { release } = await holdRequests(page, "**/after-paint.js");
    const visit = page.goto(`/title/${yamaha}`);
    const heading = page.getByRole("heading", { name: "YAMAHA", level: 1 });
    await heading.waitFor();
    await heading.evaluate((element) => element.setAttribute("data-drawn-by", "server"));
    release();
    await visit;

    // The same element: hydrated, not replaced.
    expect(await page.locator('h1[data-drawn-by="server"]').count()).toBe(1);
    // Each test lists one: the newest is first.
    const card = page.getByRole("article").filter({ hasText: TITLE }).first();
    await card.getByRole("button", { name: "Buy", exact: true }).click();
    await page.getByRole("dialog").waitFor();
    expectNoErrors();
  });

  it("the server's prices and times become the visitor's own words once the page is live", async () => {
    const { bike } = await listedBike();
    const { context } = await browser.newTab();
    const german = await context.browser()?.newContext({
      baseURL: server.url,
      locale: "de-DE",
      timezoneId: "Europe/Berlin",
    });
    if (!german) throw new Error("no browser");
    try {
      const page = await german.newPage();
      await registerThroughApi(page, server.url, newAccount("buyer", "Berlin Buyer"));
      const booked = await page.request.post(`${server.url}/api/bookings`, {
        data: { bikeId: bike.id, phone: "+8801811000031", meetingLocation: "Zindabazar, Sylhet" },
        headers: { origin: server.url },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      // Hold the app's code back: first the server's words.
      const { release } = await holdRequests(page, "**/after-paint.js");
      const visit = page.goto("/dashboard/myBooking");
      const card = page.getByRole("article").filter({ hasText: TITLE });
      await card.waitFor();
      expect(await card.textContent()).toContain("$2,450");
      const bookedAt = card.locator("time").first();
      expect(await bookedAt.textContent()).toBe("Booked just now");
      expect(await bookedAt.getAttribute("title")).not.toMatch(GERMAN_DATE);

      release();
      await visit;
      await page.waitForSelector("html[data-live]", { state: "attached" });
      // Written over the server's text, not beside it: the price shows once, in German.
      await expect.poll(() => card.textContent()).toMatch(/2\.450\s\$/);
      expect(await card.textContent()).not.toContain("$2,450");
      expect(await bookedAt.textContent()).toBe("Booked just now");
      expect(await bookedAt.getAttribute("title")).toMatch(GERMAN_DATE);
    } finally {
      await german.close();
    }
  });
});
