import { z } from "zod";
import { groupedNumber } from "../numbers";
import {
  bikeConditions,
  type ListedBike,
  MAX_ENGINE_CC,
  MAX_MILEAGE_KM,
  MAX_PRICE,
  MAX_YEARS_OF_USE,
  MIN_ENGINE_CC,
  MIN_MODEL_YEAR,
  maxModelYear,
} from "./bikes";
import { bikeSorts } from "./search-sorts";

/**
 * The search and filter query, shared by GET /api/bikes, GET
 * /api/categories/:id/bikes and the client's filter form. Every value may
 * come from a URL (strings) or a form (numbers, booleans); an empty field
 * means "no filter", as a form with a blank input sends it.
 */
export { type BikeSort, bikeSorts } from "./search-sorts";

export const SEARCH_TEXT_MAX = 100;
export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 50;
/** `total` counts matches up to this many; past it the answer says `totalCapped` ("1,000+"). */
export const SEARCH_TOTAL_CAP = 1_000;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} can't be less than ${min}`)
    .max(max, `${label} must be at most ${groupedNumber(max)}`);

const optionalWhole = (label: string, min: number, max: number) =>
  z.preprocess(blankToUndefined, wholeNumber(label, min, max).optional());

const filterFields = {
  q: optionalText("Search text", SEARCH_TEXT_MAX),
  minPrice: optionalWhole("Min price", 0, MAX_PRICE),
  maxPrice: optionalWhole("Max price", 0, MAX_PRICE),
  maxYearsOfUse: optionalWhole("Max years of use", 0, MAX_YEARS_OF_USE),
  location: optionalText("Location", 100),
  minYear: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Min model year must be a whole number" })
      .int("Min model year must be a whole number")
      .min(MIN_MODEL_YEAR, `Min model year must be ${MIN_MODEL_YEAR} or later`)
      .refine((value) => value <= maxModelYear(), {
        error: () => `Min model year must be ${maxModelYear()} or earlier`,
      })
      .optional(),
  ),
  maxMileageKm: optionalWhole("Max mileage", 0, MAX_MILEAGE_KM),
  minEngineCc: optionalWhole("Min engine size", MIN_ENGINE_CC, MAX_ENGINE_CC),
  maxEngineCc: optionalWhole("Max engine size", MIN_ENGINE_CC, MAX_ENGINE_CC),
  condition: z.preprocess(
    blankToUndefined,
    z
      .enum(bikeConditions, { error: "Condition must be excellent, good, fair or needs_work" })
      .optional(),
  ),
  verifiedOnly: z.preprocess(
    blankToUndefined,
    z
      .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
        error: "verifiedOnly must be true or false",
      })
      .default(false),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z
      .enum(bikeSorts, {
        error: "Sort by newest, price_asc, price_desc, mileage_asc or year_desc",
      })
      .default("newest"),
  ),
  cursor: optionalText("Cursor", 200),
  limit: z.preprocess(
    blankToUndefined,
    wholeNumber("Page size", 1, PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  ),
};

const priceRangeIsOrdered = (value: {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}) =>
  value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice;
const priceRangeIssue = { path: ["maxPrice"], message: "Max price must be at least the min price" };

const engineRangeIsOrdered = (value: {
  minEngineCc?: number | undefined;
  maxEngineCc?: number | undefined;
}) =>
  value.minEngineCc === undefined ||
  value.maxEngineCc === undefined ||
  value.minEngineCc <= value.maxEngineCc;
const engineRangeIssue = {
  path: ["maxEngineCc"],
  message: "Max engine size must be at least the min engine size",
};

/** GET /api/categories/:id/bikes: the category comes from the path. */
export const categoryBikesQuerySchema = z
  .object(filterFields)
  .refine(priceRangeIsOrdered, priceRangeIssue)
  .refine(engineRangeIsOrdered, engineRangeIssue);

/** GET /api/bikes */
export const searchQuerySchema = z
  .object({ ...filterFields, categoryId: optionalText("Category", 64) })
  .refine(priceRangeIsOrdered, priceRangeIssue)
  .refine(engineRangeIsOrdered, engineRangeIssue);

export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type CategoryBikesQuery = z.output<typeof categoryBikesQuerySchema>;

export interface SearchResults {
  items: ListedBike[];
  nextCursor: string | null;
  /** Matches over all pages, counted up to SEARCH_TOTAL_CAP. */
  total: number;
  /** True when there are more than SEARCH_TOTAL_CAP matches: show "1,000+". */
  totalCapped: boolean;
}
