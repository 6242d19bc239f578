import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBike } from "#tests/support/builders/bike";
import { expectToast, newAccount, registerThroughApi, waitForPath } from "./support/app";
import { setupBrowser } from "./support/browser";
import { cardTitled, fillBikeForm, marketText, snapSettled } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

const TITLE = "Yamaha FZ with three photos";
let dir = "";
const files = { red: "", green: "", blue: "" };

beforeAll(async () => {
  // Small real photos, made here so the repository carries no binaries.
  dir = await mkdtemp(path.join(tmpdir(), "reride-photos-"));
  const solid = (r: number, g: number, b: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } });
  files.red = path.join(dir, "red.jpg");
  files.green = path.join(dir, "green.png");
  files.blue = path.join(dir, "blue.jpg");
  await solid(220, 30, 30).jpeg().toFile(files.red);
  await solid(30, 200, 60).png().toFile(files.green);
  await solid(30, 60, 220).jpeg().toFile(files.blue);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function tiles(page: Page): Locator {
  return page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
}

/** The tiles' file names in order (each tile is labelled by its file, plus ", cover"). */
async function tileOrder(page: Page): Promise<string[]> {
  const labels = await tiles(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute("aria-label") ?? ""),
  );
  return labels;
}

/** The upload id in a /uploads/<id>-thumb.webp or -large.webp url. */
function uploadId(url: string | null): string {
  const match = /\/uploads\/([0-9a-f-]{36})-/.exec(url ?? "");
  if (!match?.[1]) throw new Error(`not an upload url: ${url}`);
  return match[1];
}

describe("a seller adds a bike with photos", () => {
  it("uploads three photos, reorders them, and the chosen cover shows on the card", async () => {
    const tab = await browser.newTab();
    const page = tab.page;
    await registerThroughApi(page, server.url, newAccount("seller", "Pia Photos"));
    await page.goto("/dashboard/addProduct");
    await waitForPath(page, "/dashboard/addProduct");

    await fillBikeForm(
      page,
      buildBike({
        title: TITLE,
        name: "FZ",
        category: "YAMAHA",
        imageUrl: "",
        location: "Sylhet",
        yearsOfUse: 1,
        originalPrice: 2500,
        resalePrice: 1900,
      }),
    );

    // Three files at once; each gets its own tile and uploads on its own.
    await page.locator('input[type="file"]').setInputFiles([files.red, files.green, files.blue]);
    await expect.poll(() => tiles(page).getByRole("button", { name: "Move left" }).count()).toBe(3);
    expect(await tileOrder(page)).toEqual(["red.jpg, cover", "green.png", "blue.jpg"]);

    // Blue becomes the cover; red moves right past green.
    await tiles(page)
      .filter({ hasText: "blue.jpg" })
      .getByRole("button", { name: "Make cover" })
      .click();
    expect(await tileOrder(page)).toEqual(["blue.jpg, cover", "red.jpg", "green.png"]);
    await tiles(page)
      .filter({ hasText: "red.jpg" })
      .getByRole("button", { name: "Move right" })
      .focus();
    await page.keyboard.press("Enter");
    expect(await tileOrder(page)).toEqual(["blue.jpg, cover", "green.png", "red.jpg"]);

    expect(await snapSettled(page, "add-product-photos")).toEqual({ phone: 0, desktop: 0 });

    const thumbnailId = async (name: string) =>
      uploadId(await tiles(page).filter({ hasText: name }).getByRole("img").getAttribute("src"));
    const order = [
      await thumbnailId("blue.jpg"),
      await thumbnailId("green.png"),
      await thumbnailId("red.jpg"),
    ];

    await page.getByRole("button", { name: "submit", exact: true }).click();
    await expectToast(page, marketText.addProductDone);

    // The card on My products shows the chosen cover.
    await page.goto("/dashboard/MyProduct");
    const mine = cardTitled(page, "FZ");
    expect(uploadId(await mine.getByRole("img").getAttribute("src"))).toBe(order[0]);

    // The edit screen shows the photos in that order; making the last one the cover saves.
    await mine.getByRole("link", { name: "Edit FZ", exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/edit"));
    await expect.poll(() => tileOrder(page)).toEqual(["Photo 1, cover", "Photo 2", "Photo 3"]);
    await tiles(page)
      .filter({ hasText: "Photo 3" })
      .getByRole("button", { name: "Make cover" })
      .click();
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expectToast(page, "Changes saved");
    await waitForPath(page, "/dashboard/MyProduct");
    await expect
      .poll(async () => uploadId(await cardTitled(page, "FZ").getByRole("img").getAttribute("src")))
      .toBe(order[2]);
    order.unshift(...order.splice(2, 1));

    // So does the buyers' card in the search results, and the bike page keeps the order.
    await page.goto(`/bikes?q=${encodeURIComponent("three photos")}`);
    const card = cardTitled(page, TITLE);
    expect(uploadId(await card.locator("img").getAttribute("src"))).toBe(order[0]);
    await card.getByRole("link", { name: TITLE, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    const thumbnails = page.getByRole("list", { name: "Photos" }).locator("img");
    const shown = (
      await thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute("src")))
    ).map(uploadId);
    expect(shown).toEqual(order);
    // The arrow keys step through the gallery once it has focus.
    const gallery = page.locator('figure[aria-roledescription="gallery"]');
    await gallery.focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => uploadId(await gallery.locator("img").getAttribute("src")))
      .toBe(order[1]);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(async () => uploadId(await gallery.locator("img").getAttribute("src")))
      .toBe(order[2]);
    expect(await snapSettled(page, "bike-page-photos")).toEqual({ phone: 0, desktop: 0 });

    tab.expectNoErrors();
  });
});
