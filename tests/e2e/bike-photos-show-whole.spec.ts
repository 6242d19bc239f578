import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bikeInput, buildBike } from "#tests/support/builders/bike";
import { newAccount, registerThroughApi } from "./support/app";
import { setupBrowser } from "./support/browser";
import { NARROW_PHONE, snapWidths } from "./support/first-screen";
import { categoryId } from "./support/marketplace";
import { setupServer } from "./support/server";

const server = setupServer();
const browser = setupBrowser(server);

/** A portrait phone photo: a red band at the top, a blue one at the bottom, grey between. */
function portraitPhoto(): Promise<Buffer> {
  const band = (r: number, g: number, b: number) =>
    sharp({ create: { width: 600, height: 120, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return Promise.all([band(230, 20, 20), band(20, 20, 230)]).then(([red, blue]) =>
    sharp({ create: { width: 600, height: 1200, channels: 3, background: "#888888" } })
      .composite([
        { input: red, top: 0, left: 0 },
        { input: blue, top: 1080, left: 0 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** Whether the picture holds pixels of this pure colour (the bands survived). */
async function shows(png: Buffer, colour: "red" | "blue"): Promise<boolean> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < info.width * info.height * 3; i += 3) {
    const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
    if (colour === "red" && r > 180 && g < 70 && b < 70) return true;
    if (colour === "blue" && b > 180 && r < 70 && g < 70) return true;
  }
  return false;
}

describe("a bike's photos show whole, and full screen", () => {
  it("a portrait photo keeps its top and bottom on the bike page and in the viewer", async () => {
    const { page: sellerPage } = await browser.newTab();
    await registerThroughApi(sellerPage, server.url, newAccount("seller", "Portrait Seller"));
    const upload = await sellerPage.request.post(`${server.url}/api/uploads`, {
      multipart: {
        file: { name: "portrait.jpg", mimeType: "image/jpeg", buffer: await portraitPhoto() },
      },
      headers: { origin: server.url },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id: photo } = (await upload.json()) as { id: string };
    const bike = buildBike({ title: "Portrait photo Suzuki", imageUrl: undefined });
    const created = await sellerPage.request.post(`${server.url}/api/bikes`, {
      data: {
        ...bikeInput(bike, await categoryId(sellerPage, server.url, "SUZUKI")),
        photos: [photo],
      },
      headers: { origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    for (const size of [NARROW_PHONE, { width: 1280, height: 800 }]) {
      const { page, expectNoErrors } = await browser.newTab(size);
      await registerThroughApi(page, server.url, newAccount("buyer", `Looker ${size.width}`));
      await page.goto(`/bikes/${id}`);
      const figure = page.locator("figure").first();
      await figure.locator("img").evaluate((image: HTMLImageElement) => image.decode());
      const shot = await figure.screenshot();
      expect(await shows(shot, "red"), `top of the photo at ${size.width} px`).toBe(true);
      expect(await shows(shot, "blue"), `bottom of the photo at ${size.width} px`).toBe(true);
      if (size.width === 1280) await snapWidths(page, "first-use-bike-portrait-photo");
      // An in-between width for phones (800 px) beside the 400 and 1600 px files.
      const srcset = (await figure.locator("img").getAttribute("srcset")) ?? "";
      expect(srcset).toContain(`/uploads/${photo}-medium.webp 800w`);
      const medium = await page.request.get(`${server.url}/uploads/${photo}-medium.webp`);
      expect(medium.status()).toBe(200);

      const open = page.getByRole("button", { name: "Full screen", exact: true });
      await open.click();
      const viewer = page.getByRole("dialog", { name: "Photo 1 of 1" });
      await viewer.waitFor();
      const image = viewer.getByRole("img");
      await image.evaluate((element: HTMLImageElement) => element.decode());
      const box = await image.boundingBox();
      expect(box?.width, "the viewer is as wide as the window").toBe(size.width);
      const inViewer = await page.screenshot();
      expect(await shows(inViewer, "red")).toBe(true);
      expect(await shows(inViewer, "blue")).toBe(true);
      await page.keyboard.press("Escape");
      await viewer.waitFor({ state: "detached" });
      expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);
      expectNoErrors();
    }
  });
});
