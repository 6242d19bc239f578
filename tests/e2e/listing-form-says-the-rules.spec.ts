import { describe, expect, it } from "vitest";
import { expectFieldError, newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { snapWidths } from "./support/first-screen";
import { fillBikeForm, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("Add product says its rules before it refuses", () => {
  it("a one-letter title is refused, the link hint matches its error, a high resale price is questioned", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("seller", "Rule Reader"));
    await page.goto("/dashboard/addProduct");
    await fillBikeForm(page, shownBike({ title: "R", resalePrice: 3000, originalPrice: 2000 }));

    const resale = page.getByLabel("Resale price", { exact: true });
    const warning = page.getByText("Above the original price: is that right?");
    await warning.waitFor();
    expect(await resale.getAttribute("aria-describedby")).toContain(
      await warning.getAttribute("id"),
    );
    await page.getByLabel("Image link", { exact: true }).fill("ftp://example.com/bike.jpg");
    await page.getByText("starting with http:// or https://").first().waitFor();
    await snapWidths(page, "first-use-add-product-warnings");

    await page.getByRole("button", { name: "submit", exact: true }).click();
    await expectFieldError(page, "Title", "Title must be at least 5 characters");
    await expectFieldError(
      page,
      "Image link",
      "Enter an image link starting with http:// or https://",
    );
    const hint = page.getByText(
      "Or, instead of photos, a link to one starting with http:// or https://",
    );
    await hint.waitFor();
    expectNoErrors();
  });

  it("the bike's details: each one out of bounds is said beside its field, and the server agrees", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("seller", "Detail Teller"));
    await page.goto("/dashboard/addProduct");
    const nextYear = new Date().getFullYear() + 1;
    await fillBikeForm(page, shownBike({ modelYear: 1949, mileageKm: 500_001, engineCc: 2501 }));
    await page.getByLabel("Model year", { exact: true }).fill(String(nextYear + 1));
    await page.getByRole("button", { name: "submit", exact: true }).click();
    await expectFieldError(page, "Model year", `Model year must be ${nextYear} or earlier`);
    await expectFieldError(page, "Mileage (km)", "Mileage must be at most 500,000");
    await expectFieldError(page, "Engine (cc)", "Engine size must be at most 2,500");
    await page.getByLabel("Engine (cc)", { exact: true }).fill("49");
    await page.getByRole("button", { name: "submit", exact: true }).click();
    await expectFieldError(page, "Engine (cc)", "Engine size must be at least 50");
    await snapWidths(page, "add-product-detail-errors");

    // Within bounds the listing is made and its page lists the details.
    await page.getByLabel("Model year", { exact: true }).fill("2021");
    await page.getByLabel("Mileage (km)", { exact: true }).fill("23450");
    await page.getByLabel("Engine (cc)", { exact: true }).fill("155");
    await page.getByLabel("Condition", { exact: true }).selectOption({ label: "Needs work" });
    await page.getByLabel("Papers up to date", { exact: true }).selectOption({ label: "No" });
    await page.getByRole("button", { name: "submit", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/bikes/"));
    const facts = page.getByRole("definition");
    for (const shown of ["2021", "23,450 km", "155 cc", "Needs work"]) {
      await facts.getByText(shown, { exact: true }).first().waitFor();
    }
    expectNoErrors();
  });
});
