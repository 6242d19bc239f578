import { describe, expect, it } from "vitest";
import { newAccount, registerThroughApi } from "./support/app";
import { DESKTOP, setupBrowser } from "./support/browser";
import { boxOf, NARROW_PHONE, snapWidths } from "./support/first-screen";
import { categoryId } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("on a phone, bikes come before the filters", () => {
  it("the category page opens on its bikes, with a 'Filters' button that counts the active ones", async () => {
    const { page, expectNoErrors } = await browser.newTab(NARROW_PHONE);
    await registerThroughApi(page, server.url, newAccount("buyer", "Filter Buyer"));
    const ktm = await categoryId(page, server.url, "KTM");
    await page.goto(`/title/${ktm}?maxPrice=100000&location=Dhaka&sort=price_asc`);

    const form = page.getByRole("form", { name: "Filters" });
    const toggle = page.getByRole("button", { name: /^Filters/ });
    expect(await toggle.textContent()).toContain("2 active");
    expect(await form.isVisible()).toBe(false);
    const firstBike = await boxOf(page.getByRole("article").first());
    expect(firstBike.y, "a bike shows on the first screen").toBeLessThan(NARROW_PHONE.height);
    await snapWidths(page, "first-use-category-filtered");

    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await form.getByLabel("Location", { exact: true }).waitFor();
    expect(await form.getByLabel("Location", { exact: true }).inputValue()).toBe("Dhaka");
    expectNoErrors();
  });

  it("the search page does the same on a phone and shows the filters open on a desktop", async () => {
    const { page, expectNoErrors } = await browser.newTab(NARROW_PHONE);
    await registerThroughApi(page, server.url, newAccount("buyer", "Search Buyer"));
    await page.goto("/bikes");
    const firstBike = await boxOf(page.getByRole("article").first());
    expect(firstBike.y).toBeLessThan(NARROW_PHONE.height);
    expect(await page.getByRole("button", { name: /^Filters/ }).textContent()).toBe("Filters");
    await snapWidths(page, "first-use-search");

    await page.setViewportSize(DESKTOP);
    await page.getByRole("form", { name: "Filters" }).getByLabel("Words").waitFor();
    expect(await page.getByRole("button", { name: /^Filters/ }).isVisible()).toBe(false);
    expectNoErrors();
  });
});
