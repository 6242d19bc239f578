import { describe, expect, it } from "vitest";
import { expectToast, newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { holdRequests } from "./support/held-requests";
import { cardTitled, categoryId, createBikeThroughApi, marketText } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("a price changed while the booking dialog was open", () => {
  it("the booking is refused, the dialog shows the new price, and confirming again books at it", async () => {
    const sellerTab = await browser.newTab();
    await registerThroughApi(sellerTab.page, server.url, newAccount("seller", "Price Changer"));
    const title = "KTM Duke 200, price about to move";
    const bike = await createBikeThroughApi(sellerTab.page, server.url, {
      title,
      name: "Duke 200",
      location: "Sylhet",
      phone: "+8801911000004",
      yearsOfUse: 3,
      mileageKm: 12000,
      modelYear: 2023,
      engineCc: 250,
      condition: "good",
      papersUpToDate: true,
      originalPrice: 3000,
      resalePrice: 2000,
      imageUrl: "/images/bikes/ktm-duke-200.svg",
      category: "KTM",
    });

    const buyerTab = await browser.newTab();
    const page = buyerTab.page;
    await registerThroughApi(page, server.url, newAccount("buyer", "Careful Buyer"));
    await page.goto(`/title/${await categoryId(page, server.url, "KTM")}`);
    await cardTitled(page, title).getByRole("button", { name: "Buy", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Book this bike" });
    await dialog.getByText("$1,600", { exact: true }).waitFor();
    await dialog.getByLabel("Phone", { exact: true }).fill("+8801811000009");
    await dialog.getByLabel("Meeting location", { exact: true }).fill("Zindabazar, Sylhet");

    // The seller raises the price while the buyer's dialog is open.
    const patched = await sellerTab.page.request.patch(`${server.url}/api/bikes/${bike.id}`, {
      data: { resalePrice: 2500 },
      headers: { origin: server.url },
    });
    expect(patched.status()).toBe(200);

    // The bike's read after the 409 is held back: the new quote must show
    // from the 409 itself, not wait for that read (where it showed the old
    // price beside the error meanwhile).
    const bikeRead = await holdRequests(page, `${server.url}/api/bikes/${bike.id}`, "GET");

    await dialog.getByRole("button", { name: "Confirm booking", exact: true }).click();
    await dialog
      .getByText(/The price of this bike has changed/)
      .first()
      .waitFor();
    // The old quote's listed price was $2,000 too: wait for the new quote
    // itself (its listed price) before reading its final price.
    await dialog.getByText("$2,500", { exact: true }).waitFor();
    await dialog.getByText("$2,000", { exact: true }).waitFor(); // 2,500 less 20%
    expect(await dialog.getByText("$1,600", { exact: true }).count()).toBe(0);
    expect(await dialog.getByLabel("Price", { exact: true }).inputValue()).toBe("$2,500");
    await expect.poll(bikeRead.count).toBe(1);
    bikeRead.release();

    await dialog.getByRole("button", { name: "Confirm booking", exact: true }).click();
    await expectToast(page, marketText.bookingConfirm);
    buyerTab.expectNoErrors([/409/]);
    sellerTab.expectNoErrors();
  }, 120_000);
});
