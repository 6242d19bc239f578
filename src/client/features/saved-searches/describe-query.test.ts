import { describe, expect, it } from "vitest";
import { describeQuery, searchLink } from "./describe-query";

const names: Record<string, string> = { "cat-ktm": "KTM" };
const categoryName = (id: string) => names[id];

describe("a saved search in words and as a link", () => {
  it("names each filter, leaving out the defaults", () => {
    const query = {
      q: "duke",
      categoryId: "cat-ktm",
      minPrice: 1000,
      maxPrice: 3000,
      maxYearsOfUse: 1,
      location: "Dhaka",
      verifiedOnly: true,
      sort: "price_asc" as const,
    };
    expect(describeQuery(query, categoryName)).toBe(
      "“duke” · KTM · price 1,000–3,000 · at most 1 year of use · in Dhaka · verified sellers only · cheapest first",
    );
    expect(searchLink(query)).toBe(
      "/bikes?q=duke&categoryId=cat-ktm&minPrice=1000&maxPrice=3000&maxYearsOfUse=1&location=Dhaka&verifiedOnly=true&sort=price_asc",
    );
  });

  it("says so when a search has no filter, and links to the whole search", () => {
    const everything = { verifiedOnly: false, sort: "newest" as const };
    expect(describeQuery(everything, categoryName)).toBe("Every bike for sale");
    expect(searchLink(everything)).toBe("/bikes");
    expect(describeQuery({ ...everything, minPrice: 500, categoryId: "gone" }, categoryName)).toBe(
      "one category · price from 500",
    );
  });
});
