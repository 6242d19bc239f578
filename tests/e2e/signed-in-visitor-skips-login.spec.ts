import { describe, expect, it } from "vitest";
import { newAccount, pathOf, registerThroughApi, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

describe("a signed-in visitor who opens the login or registration page", () => {
  it("goes to the dashboard instead of a form they have no use for", async () => {
    const { page, expectNoErrors } = await browser.newTab();
    await registerThroughApi(page, server.url, newAccount("buyer", "Bina Buyer"));

    // Typed into the address bar: the server's page or the browser's router, either way.
    await page.goto("/login");
    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "My booking" }).waitFor();

    await page.goto("/registration");
    await waitForPath(page, "/dashboard");
    expect(await page.getByRole("button", { name: "Login", exact: true }).count()).toBe(0);
    expect(pathOf(page)).toBe("/dashboard");
    expectNoErrors();
  });
});
