import { groupedNumber } from "#src/shared/numbers";
import type { SavedQuery } from "#src/shared/saved-searches";
import { type Filters, toSearchParams } from "../../lib/search-params";

const SORT_WORDS: Record<SavedQuery["sort"], string | null> = {
  newest: null,
  price_asc: "cheapest first",
  price_desc: "dearest first",
  mileage_asc: "lowest mileage first",
  year_desc: "newest model year first",
};

const number = (value: number) => groupedNumber(value);

/**
 * The filters in words, for a list of saved searches: "“duke” · KTM ·
 * price 1,000–3,000 · in Dhaka". `categoryName` turns a category id into
 * its name (the route knows the categories).
 */
export function describeQuery(
  query: SavedQuery,
  categoryName: (id: string) => string | undefined,
): string {
  const parts: string[] = [];
  if (query.q) parts.push(`“${query.q}”`);
  if (query.categoryId) parts.push(categoryName(query.categoryId) ?? "one category");
  const { minPrice, maxPrice } = query;
  if (minPrice !== undefined && maxPrice !== undefined) {
    parts.push(`price ${number(minPrice)}–${number(maxPrice)}`);
  } else if (minPrice !== undefined) {
    parts.push(`price from ${number(minPrice)}`);
  } else if (maxPrice !== undefined) {
    parts.push(`price up to ${number(maxPrice)}`);
  }
  if (query.maxYearsOfUse !== undefined) {
    parts.push(
      `at most ${query.maxYearsOfUse} ${query.maxYearsOfUse === 1 ? "year" : "years"} of use`,
    );
  }
  if (query.minYear !== undefined) parts.push(`from ${query.minYear}`);
  if (query.maxMileageKm !== undefined) parts.push(`up to ${number(query.maxMileageKm)} km`);
  const { minEngineCc, maxEngineCc } = query;
  if (minEngineCc !== undefined && maxEngineCc !== undefined) {
    parts.push(`${number(minEngineCc)}–${number(maxEngineCc)} cc`);
  } else if (minEngineCc !== undefined) {
    parts.push(`from ${number(minEngineCc)} cc`);
  } else if (maxEngineCc !== undefined) {
    parts.push(`up to ${number(maxEngineCc)} cc`);
  }
  if (query.condition) parts.push(`condition ${query.condition.replace("_", " ")}`);
  if (query.location) parts.push(`in ${query.location}`);
  if (query.verifiedOnly) parts.push("verified sellers only");
  const sort = SORT_WORDS[query.sort];
  if (sort) parts.push(sort);
  return parts.length === 0 ? "Every bike for sale" : parts.join(" · ");
}

/** The search page's address for a saved search: running it shows today's matches. */
export function searchLink(query: SavedQuery): string {
  const filters: Filters = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false || (key === "sort" && value === "newest")) continue;
    (filters as Record<string, string>)[key] = String(value);
  }
  const params = toSearchParams(filters).toString();
  return params ? `/bikes?${params}` : "/bikes";
}
