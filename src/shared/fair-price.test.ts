import { describe, expect, test } from "vitest";
import {
  comparableYears,
  fairPriceBasis,
  fairPriceRating,
  median,
  rateAgainst,
  resaleRatio,
} from "./fair-price";

// Five comparables whose typical (median) share of the original price is 70%.
const typical70 = [0.6, 0.65, 0.7, 0.75, 0.8];

describe("fairPriceRating", () => {
  test("well under the typical share is a good price", () => {
    expect(fairPriceRating(0.5, typical70)).toBe("good");
  });

  test("near the typical share is a fair price", () => {
    expect(fairPriceRating(0.7, typical70)).toBe("fair");
    expect(fairPriceRating(0.66, typical70)).toBe("fair");
    expect(fairPriceRating(0.74, typical70)).toBe("fair");
  });

  test("well over the typical share is a high price", () => {
    expect(fairPriceRating(0.9, typical70)).toBe("high");
  });

  test("exactly 10% under or over the typical price is already good or high", () => {
    // 0.63 / 0.7 is 0.8999999… in floating point: the boundary must still hold.
    expect(fairPriceRating(0.63, typical70)).toBe("good");
    expect(fairPriceRating(0.77, typical70)).toBe("high");
  });

  test("just inside the band is fair", () => {
    expect(fairPriceRating(0.6301, typical70)).toBe("fair");
    expect(fairPriceRating(0.7699, typical70)).toBe("fair");
  });

  test("fewer than five comparables gives no rating", () => {
    expect(fairPriceRating(0.5, [])).toBeNull();
    expect(fairPriceRating(0.5, typical70.slice(0, 4))).toBeNull();
    expect(fairPriceRating(0.5, typical70.slice(0, 5))).toBe("good");
  });

  test("an even number of comparables uses the mean of the middle two", () => {
    // Median of [0.5, 0.6, 0.8, 0.9, 1.0, 1.0] is 0.85; 0.765 is exactly 10% under.
    expect(fairPriceRating(0.765, [0.5, 0.6, 0.8, 0.9, 1.0, 1.0])).toBe("good");
    expect(fairPriceRating(0.77, [0.5, 0.6, 0.8, 0.9, 1.0, 1.0])).toBe("fair");
  });

  test("unusable comparables are ignored, and may leave too few", () => {
    const odd = [Number.NaN, 0, -0.5, Number.POSITIVE_INFINITY];
    expect(fairPriceRating(0.5, [...typical70, ...odd])).toBe("good");
    expect(fairPriceRating(0.5, [...typical70.slice(0, 4), ...odd])).toBeNull();
  });

  test("an unusable ratio for the bike itself gives no rating", () => {
    for (const ratio of [0, -0.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(fairPriceRating(ratio, typical70)).toBeNull();
    }
  });

  test("a resale above the original price is rated like any other share", () => {
    expect(fairPriceRating(1.2, [1, 1, 1.1, 1.1, 1.1])).toBe("fair");
    expect(fairPriceRating(1.3, [1, 1, 1.1, 1.1, 1.1])).toBe("high");
  });
});

describe("rateAgainst", () => {
  test("needs a usable median and enough comparables", () => {
    expect(rateAgainst(0.5, { count: 5, medianRatio: 0 })).toBeNull();
    expect(rateAgainst(0.5, { count: 5, medianRatio: Number.NaN })).toBeNull();
    expect(rateAgainst(0.5, { count: 4, medianRatio: 0.7 })).toBeNull();
    expect(rateAgainst(0.5, { count: 5, medianRatio: 0.7 })).toBe("good");
  });
});

describe("resaleRatio", () => {
  test("is resale over original", () => {
    expect(resaleRatio(1750, 2500)).toBe(0.7);
  });

  test("is null for zero, negative or non-finite prices", () => {
    expect(resaleRatio(1000, 0)).toBeNull();
    expect(resaleRatio(0, 1000)).toBeNull();
    expect(resaleRatio(-1, 1000)).toBeNull();
    expect(resaleRatio(1000, Number.NaN)).toBeNull();
    expect(resaleRatio(Number.POSITIVE_INFINITY, 1000)).toBeNull();
  });
});

describe("median", () => {
  test("of nothing is null; of one value is that value; order does not matter", () => {
    expect(median([])).toBeNull();
    expect(median([3])).toBe(3);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe("fairPriceBasis", () => {
  test("says what was compared, in one sentence", () => {
    const basis = fairPriceBasis({
      categoryName: "YAMAHA",
      yearsOfUse: 2,
      ratio: 0.61,
      comparables: { count: 12, medianRatio: 0.72 },
    });
    expect(basis).toBe(
      "Compared with 12 YAMAHA bikes used 1–3 years: typical resale is 72% of the original price; this one is 61%.",
    );
  });

  test("a new bike's window starts at 0 years", () => {
    expect(comparableYears(0)).toEqual({ from: 0, to: 1 });
    expect(comparableYears(5)).toEqual({ from: 4, to: 6 });
  });
});
