import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { categoryId, createBikeThroughApi, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";

/**
 * Issue 6, point 3: text a seller or buyer types is shown as text. Listing
 * and booking fields carrying HTML and script payloads render literally on
 * every page that shows them: no dialog opens, no element is injected.
 */
const server = setupServer();
const browser = setupBrowser(server);

const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(1)</script>";
const TITLE = `Suzuki ${IMG} ${SCRIPT}`;
const LOCATION = `Dhaka ${IMG}`;
const DESCRIPTION = `Great bike ${SCRIPT} ${IMG}`;
const MEETING = `Gulshan ${SCRIPT}`;

/** Records every dialog (alert, confirm, prompt) the page opens, and closes it. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Nothing of the payloads became markup, and the given texts show literally. */
async function expectOnlyText(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor();
  // Give an injected onerror or script the moment it would need to run.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator("[onerror]").count()).toBe(0);
  // The page state the server wrote holds the payloads as JSON data, which never runs:
  // it must be one whole element (no `</script>` ended it early), and no other script has them.
  const scripts = await page.locator("script").evaluateAll((nodes) =>
    nodes.map((node) => ({
      type: node.getAttribute("type"),
      id: node.id,
      text: node.textContent ?? "",
    })),
  );
  const runnable = scripts.filter((script) => script.type !== "application/json");
  expect(runnable.filter((script) => script.text.includes("alert(1)"))).toEqual([]);
  for (const data of scripts.filter((script) => script.type === "application/json")) {
    expect(["reride-page-state", "reride-app-code"]).toContain(data.id);
    expect(() => JSON.parse(data.text)).not.toThrow();
  }
}

describe("listing text renders as text", () => {
  it("HTML and script payloads in a listing and a booking show literally on every page", async () => {
    const sellerTab = await browser.newTab();
    const seller = newAccount("seller", "Payload Seller");
    await registerThroughApi(sellerTab.page, server.url, seller);
    const bike = await createBikeThroughApi(
      sellerTab.page,
      server.url,
      shownBike({
        title: TITLE,
        location: LOCATION,
        phone: "+8801711000009",
        originalPrice: 2600,
        resalePrice: 2000,
      }),
    );
    const patched = await sellerTab.page.request.patch(`${server.url}/api/bikes/${bike.id}`, {
      data: { description: DESCRIPTION, advertised: true },
      headers: { origin: server.url },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    // A buyer browses: the home page's advertised section, the category page, the bike page, the search.
    const buyerTab = await browser.newTab();
    const buyerDialogs = watchDialogs(buyerTab.page);
    await registerThroughApi(buyerTab.page, server.url, newAccount("buyer", "Payload Buyer"));
    await buyerTab.page.goto("/");
    await expectOnlyText(buyerTab.page, buyerDialogs, [TITLE]);
    const suzuki = await categoryId(buyerTab.page, server.url, "SUZUKI");
    await buyerTab.page.goto(`/title/${suzuki}`);
    await expectOnlyText(buyerTab.page, buyerDialogs, [TITLE, LOCATION]);
    // The bike's own page shows every field, the description too; and the search finds it.
    await buyerTab.page.goto(`/bikes/${bike.id}`);
    await expectOnlyText(buyerTab.page, buyerDialogs, [TITLE, LOCATION, DESCRIPTION]);
    await buyerTab.page.goto("/bikes?q=Suzuki");
    await expectOnlyText(buyerTab.page, buyerDialogs, [TITLE]);

    // The buyer books it with a payload as the meeting place; both sides' booking pages show it.
    const booked = await buyerTab.page.request.post(`${server.url}/api/bookings`, {
      data: { bikeId: bike.id, phone: "+8801811000009", meetingLocation: MEETING },
      headers: { origin: server.url },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await buyerTab.page.goto("/myBooking");
    await expectOnlyText(buyerTab.page, buyerDialogs, [TITLE]);

    const sellerDialogs = watchDialogs(sellerTab.page);
    await sellerTab.page.goto("/dashboard");
    await expectOnlyText(sellerTab.page, sellerDialogs, [TITLE, MEETING]);
    await sellerTab.page.goto("/dashboard/MyProduct");
    await expectOnlyText(sellerTab.page, sellerDialogs, [LOCATION]);

    buyerTab.expectNoErrors();
    sellerTab.expectNoErrors();
  });
});
