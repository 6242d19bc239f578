import { describe, expect, it } from "vitest";
import {
  brandDetailsLink,
  expectToast,
  logInWithForm,
  navbar,
  newAccount,
  registerThroughApi,
  sideMenu,
  waitForPath,
} from "./support/app";
import { setupBrowser } from "./support/browser";
import {
  cardTitled,
  categoryId,
  createBikeThroughApi,
  marketText,
  shownBike,
  snapSettled,
} from "./support/marketplace";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("an admin verifies a seller", () => {
  it("'Verify' on All sellers puts the verified mark on the seller's card and on their bikes", async () => {
    // A seller with one YAMAHA listing, made through the API.
    const sellerTab = await browser.newTab();
    const seller = newAccount("seller", "Karim Rides");
    await registerThroughApi(sellerTab.page, server.url, seller);
    const title = "Yamaha MT-15, garage kept";
    await createBikeThroughApi(
      sellerTab.page,
      server.url,
      shownBike({
        title,
        name: "MT-15",
        location: "Khulna",
        phone: "+8801911000003",
        yearsOfUse: 1,
        originalPrice: 2300,
        resalePrice: 1900,
        imageUrl: "/images/bikes/yamaha-mt-15.svg",
        category: "YAMAHA",
      }),
    );

    const { page, expectNoErrors } = await browser.newTab();
    await page.goto("/login");
    await logInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    const yamaha = await categoryId(page, server.url, "YAMAHA");

    // Not verified yet: no mark on the bike.
    await page.goto(`/title/${yamaha}`);
    const bike = cardTitled(page, title);
    await bike.getByText(seller.name, { exact: true }).waitFor();
    expect(await bike.getByRole("img", { name: marketText.verified }).count()).toBe(0);

    await navbar(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    await sideMenu(page).getByRole("link", { name: "All sellers", exact: true }).click();
    await waitForPath(page, "/dashboard/allSeller");
    await page.getByRole("heading", { name: "All sellers", exact: true }).waitFor();
    const account = cardTitled(page, seller.name);
    await account.getByText(seller.email, { exact: true }).waitFor();
    await account.getByRole("button", { name: "Delete seller", exact: true }).waitFor();
    expect(await snapSettled(page, "all-sellers")).toEqual({ phone: 0, desktop: 0 });

    await account.getByRole("button", { name: "Verify", exact: true }).click();
    await expectToast(page, `${seller.name} is verified`);
    await account.getByRole("img", { name: marketText.verified }).waitFor();
    expect(await account.getByRole("button", { name: "Verify" }).count()).toBe(0);
    await snapSettled(page, "all-sellers-verified");

    // Back on the brand page (without a reload), the bike carries the mark.
    await navbar(page).getByRole("link", { name: "Home", exact: true }).click();
    await brandDetailsLink(page, "YAMAHA").click();
    await bike.getByRole("img", { name: marketText.verified }).waitFor();
    expect(await snapSettled(page, "category-verified-seller")).toEqual({ phone: 0, desktop: 0 });

    expectNoErrors();
    sellerTab.expectNoErrors();
  }, 90_000);
});
