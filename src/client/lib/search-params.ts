// No zod here: lists on the home page import this, and home's first JS stays small.
/** The query parameters the URL holds; the cursor stays out (each filter starts at page one). */
export const filterKeys = [
  "q",
  "categoryId",
  "minPrice",
  "maxPrice",
  "maxYearsOfUse",
  "location",
  "minYear",
  "maxMileageKm",
  "minEngineCc",
  "maxEngineCc",
  "condition",
  "verifiedOnly",
  "sort",
] as const;
export type FilterKey = (typeof filterKeys)[number];
/** Only the given, non-empty values, so equal queries give equal cache keys. */
export type Filters = Partial<Record<FilterKey, string>>;

export function readFilters(params: URLSearchParams, scope: "search" | "category"): Filters {
  const filters: Filters = {};
  for (const key of filterKeys) {
    if (scope === "category" && key === "categoryId") continue;
    const value = params.get(key)?.trim();
    // Defaults are left out so /bikes and /bikes?sort=newest share one cache entry.
    if (
      !value ||
      (key === "sort" && value === "newest") ||
      (key === "verifiedOnly" && value !== "true")
    )
      continue;
    filters[key] = value;
  }
  return filters;
}

export function toSearchParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}
