import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/accessibility";
import { newAccount, registerThroughApi, sideMenu, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { createBikeThroughApi, shownBike } from "./support/marketplace";
import { setupServer } from "./support/server";
import { expectNoSideScroll, expectTouchTargets, SMALL_PHONE } from "./support/small-screen";

const server = setupServer();
const browser = setupBrowser(server);

describe("a buyer asks the seller before booking", () => {
  it("the buyer messages from the bike page, the seller's badge moves live, the seller answers, the buyer sees it without reloading", async () => {
    const sellerTab = await browser.newTab();
    const seller = sellerTab.page;
    await registerThroughApi(seller, server.url, newAccount("seller", "Karim Seller"));
    const title = "Yamaha FZS, papers in order";
    const bike = await createBikeThroughApi(
      seller,
      server.url,
      shownBike({
        title,
        name: "FZS",
        location: "Chattogram",
        phone: "+8801911000077",
        yearsOfUse: 2,
        originalPrice: 2800,
        resalePrice: 2100,
        imageUrl: "/images/bikes/ktm-duke-200.svg",
        category: "YAMAHA",
      }),
    );
    // The seller waits on the Messages page; nothing is unread yet.
    await seller.goto("/dashboard/messages");
    await seller.getByText("No conversations yet.", { exact: false }).waitFor();
    const badge = seller.getByTestId("unread-badge");
    await badge.waitFor();
    expect(await badge.getAttribute("aria-label")).toBe(
      "Messages: 0 unread messages, 0 unread notifications",
    );

    const buyerTab = await browser.newTab();
    const buyer = buyerTab.page;
    await registerThroughApi(buyer, server.url, newAccount("buyer", "Nadia Buyer"));
    await buyer.goto(`/bikes/${bike.id}`);
    await buyer.getByRole("heading", { level: 1, name: title }).waitFor();
    await buyer.getByRole("button", { name: "Message seller", exact: true }).click();
    // Too long is said beside the field, before anything is sent.
    const question = buyer.getByLabel("Your question", { exact: true });
    await question.fill("x".repeat(2001));
    await buyer.getByText("1 too many", { exact: false }).waitFor();
    await buyer.getByRole("button", { name: "Send", exact: true }).click();
    await buyer.getByText("A message can be at most 2000 characters", { exact: true }).waitFor();
    expect(await question.getAttribute("aria-invalid")).toBe("true");

    await question.fill("Any accidents? <b>asking</b>");
    await buyer.getByRole("button", { name: "Send", exact: true }).click();
    await buyer.waitForURL(/\/dashboard\/messages\/[^/]+$/);
    const buyerLog = buyer.getByRole("log", { name: "Messages" });
    // Markup shows as typed: text only.
    await buyerLog.getByText("Any accidents? <b>asking</b>", { exact: true }).waitFor();

    // The seller's badge and list change without a reload.
    await expect
      .poll(() => badge.getAttribute("aria-label"), { timeout: 15_000 })
      .toBe("Messages: 1 unread message, 0 unread notifications");
    await seller.getByText("1 unread", { exact: true }).waitFor();
    await seller.getByRole("link", { name: title, exact: true }).click();
    await seller.waitForURL(/\/dashboard\/messages\/[^/]+$/);
    const sellerLog = seller.getByRole("log", { name: "Messages" });
    await sellerLog.getByText("Any accidents? <b>asking</b>", { exact: true }).waitFor();
    // Reading it clears the badge.
    await expect
      .poll(() => badge.getAttribute("aria-label"), { timeout: 15_000 })
      .toBe("Messages: 0 unread messages, 0 unread notifications");

    await seller
      .getByLabel("Your message to Nadia Buyer", { exact: true })
      .fill("No accidents.\nPapers are in order.");
    await seller.getByRole("button", { name: "Send", exact: true }).press("Enter");
    await sellerLog.getByText(/No accidents\./).waitFor();

    // The buyer, who never reloaded, sees the answer.
    await buyerLog.getByText(/Papers are in order\./).waitFor({ timeout: 15_000 });
    expect(await buyerLog.getByRole("listitem").count()).toBe(2);
    await waitForPath(buyer, new URL(buyer.url()).pathname);
    await sideMenu(buyer).getByRole("link", { name: "Messages", exact: true }).waitFor();

    // Both pages pass axe, and at 360 px nothing scrolls sideways and every control is big enough.
    await expectAccessible(buyer, "conversation");
    await buyer.setViewportSize(SMALL_PHONE);
    await expectNoSideScroll(buyer, "conversation at 360 px");
    await expectTouchTargets(buyer, "conversation at 360 px");
    await seller.goto("/dashboard/messages");
    await seller.getByRole("link", { name: title, exact: true }).waitFor();
    await expectAccessible(seller, "messages");
    await seller.setViewportSize(SMALL_PHONE);
    await expectNoSideScroll(seller, "messages at 360 px");
    await expectTouchTargets(seller, "messages at 360 px");

    sellerTab.expectNoErrors();
    buyerTab.expectNoErrors();
  }, 120_000);
});
