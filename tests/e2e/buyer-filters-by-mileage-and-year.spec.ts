import { describe, expect, it } from "vitest";
import { navbar, newAccount, registerThroughApi, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, createBikeThroughApi, shownBike, snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

// A made-up word, so the demo bikes never match and the list is exact.
const WORD = "Quillfeather";

const bike = (title: string, modelYear: number, mileageKm: number) =>
  shownBike({ title: `${WORD} ${title}`, name: title, modelYear, mileageKm });

async function resultTitles(page: import("playwright-core").Page): Promise<string[]> {
  return page.getByRole("article").getByRole("heading", { level: 2 }).allInnerTexts();
}

describe("a buyer filters by mileage and model year", () => {
  it("max mileage and min model year leave only the bikes that match, lowest mileage first", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Mila Seller"));
    for (const fields of [
      bike("Fresh low miles", 2024, 8_000),
      bike("Fresh but ridden", 2023, 45_000),
      bike("Old low miles", 2016, 9_500),
      bike("Fresh lowest miles", 2025, 1_200),
    ]) {
      await createBikeThroughApi(sellerTab.page, server.url, fields);
    }

    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Fatema Buyer"));
    // Through the navbar's search, as a buyer comes: the results page then checks filters itself.
    await page.goto("/");
    const search = navbar(page).getByRole("search");
    await search.getByLabel("Search bikes", { exact: true }).fill(WORD.toLowerCase());
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await waitForPath(page, "/bikes");
    await page.getByText("4 bikes found", { exact: true }).waitFor();
    // The card says year and mileage at a glance.
    await cardTitled(page, `${WORD} Old low miles`)
      .getByText("2016 · 9,500 km", { exact: true })
      .waitFor();

    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Max mileage (km)", { exact: true }).fill("20000");
    await filters.getByLabel("Min model year", { exact: true }).fill("1900");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("Min model year must be 1950 or later", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("minYear")).toBeNull();

    await filters.getByLabel("Min model year", { exact: true }).fill("2022");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((url) => url.searchParams.get("minYear") === "2022");
    await page.getByText("2 bikes found", { exact: true }).waitFor();
    await filters
      .getByLabel("Sort", { exact: true })
      .selectOption({ label: "Mileage: low to high" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "mileage_asc");
    await page.waitForFunction(
      (first) => document.querySelector("article h2")?.textContent === first,
      `${WORD} Fresh lowest miles`,
    );
    expect(await resultTitles(page)).toEqual([
      `${WORD} Fresh lowest miles`,
      `${WORD} Fresh low miles`,
    ]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      q: WORD.toLowerCase(),
      minYear: "2022",
      maxMileageKm: "20000",
      sort: "mileage_asc",
    });
    expect(await snapSettled(page, "search-filtered-by-details")).toEqual({ phone: 0, desktop: 0 });

    // The bike page lists every detail.
    await page.getByRole("link", { name: `${WORD} Fresh low miles`, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `${WORD} Fresh low miles` }).waitFor();
    for (const shown of ["2024", "8,000 km", "155 cc", "Good", "Yes"]) {
      await page.getByRole("definition").getByText(shown, { exact: true }).first().waitFor();
    }
    expectNoErrors();
  });
});
