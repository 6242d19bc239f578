import { describe, expect, it } from "vitest";
import { expectToast, logInWithForm, newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, marketText } from "./support/marketplace";
import { ADMIN_EMAIL, ADMIN_PASSWORD, setupServer } from "./support/server";

// Fifty-one sign-ups from one address in a minute: more than the default
// sign-up limit lets through, which is not what this journey is about.
const server = setupServer({ RATE_LIMIT_SIGN_UP_IP: "1000/1m" });
const browser = setupBrowser(server);

describe("an admin pages through many accounts", () => {
  it("All sellers shows fifty, newest first; 'Load more' brings the rest, and a seller on the second page is verified there", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    for (let i = 1; i <= 51; i++) {
      await registerThroughApi(page, server.url, newAccount("seller", `Seller ${i}`));
      // The session cookie of each sign-up: drop it, so the next one signs up afresh.
      await page.context().clearCookies();
    }

    await page.goto("/login");
    await logInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto("/dashboard/allSeller");
    const accounts = page.getByRole("main").getByRole("article");
    await cardTitled(page, "Seller 51").waitFor();
    expect(await accounts.count()).toBe(50);
    expect(await cardTitled(page, "Seller 1").count()).toBe(0);

    // From the keyboard: once the page is in, focus is on the account it brought.
    await page.getByRole("button", { name: "Load more", exact: true }).focus();
    await page.keyboard.press("Enter");
    const oldest = cardTitled(page, "Seller 1");
    await oldest.waitFor();
    await expect
      .poll(() => oldest.evaluate((card) => card.contains(document.activeElement)))
      .toBe(true);
    // The rest: Seller 1 and the sellers the marketplace started with, older still.
    const all = await accounts.count();
    expect(all).toBeGreaterThan(50);
    expect(await page.getByRole("button", { name: "Load more", exact: true }).count()).toBe(0);

    await oldest.getByRole("button", { name: "Verify", exact: true }).click();
    await expectToast(page, "Seller 1 is verified");
    await oldest.getByRole("img", { name: marketText.verified }).waitFor();
    expect(await accounts.count()).toBe(all);

    // A search by name narrows the list, in the address; 'Show all sellers' undoes it.
    const search = page.getByRole("search", { name: "Search sellers" });
    await search.getByRole("searchbox").fill("seller 5");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("Showing sellers whose name or e-mail holds “seller 5”.").waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe("seller 5");
    await expect.poll(async () => (await accounts.allInnerTexts()).length).toBe(3);
    for (const name of ["Seller 51", "Seller 50", "Seller 5"]) {
      await cardTitled(page, name).waitFor();
    }
    await search.getByRole("searchbox").fill("nobody by this name");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("No sellers match “nobody by this name”.").waitFor();
    await page.getByRole("link", { name: "Show all sellers", exact: true }).click();
    await cardTitled(page, "Seller 51").waitFor();
    // The whole list as it was left: both pages loaded.
    expect(await accounts.count()).toBe(all);
    expect(new URL(page.url()).search).toBe("");
    expectNoErrors();
  }, 120_000);
});
