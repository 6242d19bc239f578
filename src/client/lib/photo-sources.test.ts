import { describe, expect, test } from "vitest";
import { CARD_SIZES, photoSources } from "./photo-sources";

const ID = "3f0b6c2e-8a51-4f7e-9d0c-5b1e2a7c9d44";

describe("photoSources", () => {
  test("an uploaded photo offers its three stored widths, whichever url is given", () => {
    const expected = {
      src: `/uploads/${ID}-large.webp`,
      srcSet: `/uploads/${ID}-thumb.webp 400w, /uploads/${ID}-medium.webp 800w, /uploads/${ID}-large.webp 1600w`,
      sizes: CARD_SIZES,
    };
    expect(photoSources(`/uploads/${ID}-large.webp`, CARD_SIZES)).toEqual(expected);
    expect(photoSources(`/uploads/${ID}-thumb.webp`, CARD_SIZES)).toEqual(expected);
    expect(photoSources(`/uploads/${ID}-medium.webp`, CARD_SIZES)).toEqual(expected);
  });

  test("a pasted link or a demo illustration stays a plain src", () => {
    for (const url of [
      "https://example.com/bike.jpg",
      "/images/bikes/suzuki-gixxer-sf.svg",
      `https://elsewhere.example/uploads/${ID}-large.webp`,
      `/uploads/${ID}-large.png`,
    ]) {
      expect(photoSources(url, CARD_SIZES)).toEqual({ src: url });
    }
  });
});
