import { describe, expect, it } from "vitest";
import { navbar, newAccount, registerThroughApi, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { createBikeThroughApi, shownBike, snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

// A made-up word, so the demo bikes never match and the counts are exact.
const WORD = "Zephyrine";

const bike = (title: string, resalePrice: number, location: string) =>
  shownBike({ title: `${WORD} ${title}`, name: title, location, originalPrice: 9000, resalePrice });

/** The titles of the result cards, in the order shown. */
async function resultTitles(page: import("playwright-core").Page): Promise<string[]> {
  return page.getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();
}

describe("a buyer searches, filters, opens a bike and comes back", () => {
  it("search → filter → sort → open a bike → back restores the URL and the list", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Sami Seller"));
    for (const fields of [
      bike("Alpha", 1500, "Dhaka"),
      bike("Bravo", 2500, "Chittagong"),
      bike("Charlie", 1800, "Dhaka"),
    ]) {
      await createBikeThroughApi(sellerTab.page, server.url, fields);
    }

    const tab = await browser.newTab();
    const page = tab.page;
    await registerThroughApi(page, server.url, newAccount("buyer", "Bina Buyer"));
    await page.goto("/");

    // The navbar's search box leads to the results page with the words in the URL.
    const search = navbar(page).getByRole("search");
    await search.getByLabel("Search bikes", { exact: true }).fill(WORD.toLowerCase());
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await waitForPath(page, "/bikes");
    expect(new URL(page.url()).searchParams.get("q")).toBe(WORD.toLowerCase());
    await page.getByText("3 bikes found", { exact: true }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);

    // The shared schema's message shows beside the field, and nothing is searched.
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Min price", { exact: true }).fill("3000");
    await filters.getByLabel("Max price", { exact: true }).fill("2000");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Max price must be at least the min price", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("maxPrice")).toBeNull();

    // A valid range and a price sort go into the URL and narrow the list.
    await filters.getByLabel("Min price", { exact: true }).fill("");
    await filters.getByLabel("Location", { exact: true }).fill("dhaka");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("location") === "dhaka");
    await page.getByText("2 bikes found", { exact: true }).waitFor();
    await page
      .getByRole("form", { name: "Filters" })
      .getByLabel("Sort", { exact: true })
      .selectOption({ label: "Price: high to low" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "price_desc");
    await page.waitForFunction(
      () => document.querySelector("article h2")?.textContent?.includes("Charlie") === true,
    );
    const before = new URL(page.url());
    expect(Object.fromEntries(before.searchParams)).toEqual({
      q: WORD.toLowerCase(),
      maxPrice: "2000",
      location: "dhaka",
      sort: "price_desc",
    });
    expect(await resultTitles(page)).toEqual([`${WORD} Charlie`, `${WORD} Alpha`]);
    expect(await snapSettled(page, "search-results")).toEqual({ phone: 0, desktop: 0 });

    // Open a bike from its card title…
    await page.getByRole("link", { name: `${WORD} Alpha`, exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/bikes/"));
    await page.getByRole("heading", { level: 1, name: `${WORD} Alpha` }).waitFor();
    await page.getByRole("button", { name: "Buy", exact: true }).waitFor();
    expect(await snapSettled(page, "bike-page")).toEqual({ phone: 0, desktop: 0 });

    // …and back finds the same query and the same list, filters filled in.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/bikes");
    expect(new URL(page.url()).search).toBe(before.search);
    await page.getByText("2 bikes found", { exact: true }).waitFor();
    expect(await resultTitles(page)).toEqual([`${WORD} Charlie`, `${WORD} Alpha`]);
    const restored = page.getByRole("form", { name: "Filters" });
    expect(await restored.getByLabel("Max price", { exact: true }).inputValue()).toBe("2000");
    expect(await restored.getByLabel("Location", { exact: true }).inputValue()).toBe("dhaka");
    expect(await restored.getByLabel("Sort", { exact: true }).inputValue()).toBe("price_desc");

    tab.expectNoErrors();
    sellerTab.expectNoErrors();
  });
});
