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
});
