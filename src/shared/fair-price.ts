/**
 * The fair-price hint (docs/fair-price.md): how a bike's asking price
 * compares with what comparable listings ask, each as a share of its own
 * original price. Comparing shares rather than prices lets a 2,400 Gixxer
 * and a 6,000 Duke be compared at all; comparables are the same brand,
 * of a similar model year and mileage when enough such listings exist,
 * else used within a year either side.
 */
import { groupedNumber } from "./numbers";

export const fairPriceRatings = ["good", "fair", "high"] as const;
export type FairPriceRating = (typeof fairPriceRatings)[number];

export interface FairPrice {
  rating: FairPriceRating;
  /** One sentence for the badge's tooltip. */
  basis: string;
}

/** Below this many comparables one odd listing moves the median too far: no badge. */
export const MIN_COMPARABLES = 5;
/**
 * 10% either side of the typical price is "fair": about what condition,
 * mileage and ordinary haggling move a used bike's price by. Further below
 * is "good", further above is "high".
 */
export const FAIR_BAND = 0.1;
/** Years of use either side of the bike's own that still count as comparable. */
export const YEARS_WINDOW = 1;
/**
 * The finer comparables, for a bike that gives its model year and mileage:
 * model years within 3 of its own, and mileage in its own 10,000 km band or
 * the next one either side. Used when at least MIN_COMPARABLES such listings
 * exist; otherwise the years-of-use comparables above.
 */
export const MODEL_YEARS_WINDOW = 3;
export const MILEAGE_BAND_KM = 10_000;
export const MILEAGE_BANDS_WINDOW = 1;

// Ratios are quotients of whole prices: allow for the float error in 0.63 / 0.7.
const EPSILON = 1e-9;

const isUsableRatio = (ratio: number) => Number.isFinite(ratio) && ratio > 0;

/** resale / original, or null when the prices can't make a meaningful share. */
export function resaleRatio(resalePrice: number, originalPrice: number): number | null {
  if (!Number.isFinite(resalePrice) || !Number.isFinite(originalPrice)) return null;
  if (resalePrice <= 0 || originalPrice <= 0) return null;
  return resalePrice / originalPrice;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

export interface Comparables {
  count: number;
  medianRatio: number;
}

/** The rule, given the comparables' count and median ratio (the server keeps only those). */
export function rateAgainst(ratio: number, comparables: Comparables): FairPriceRating | null {
  const { count, medianRatio } = comparables;
  if (!isUsableRatio(ratio) || !isUsableRatio(medianRatio) || count < MIN_COMPARABLES) return null;
  // Relative to the typical share: 0.9 × median ratio × original price is
  // 10% under the typical asking price for this very bike.
  const deviation = ratio / medianRatio - 1;
  if (deviation <= -FAIR_BAND + EPSILON) return "good";
  if (deviation >= FAIR_BAND - EPSILON) return "high";
  return "fair";
}

/** The rule, given every comparable's ratio; unusable ratios (0, negative, NaN) don't count. */
export function fairPriceRating(
  ratio: number,
  comparableRatios: readonly number[],
): FairPriceRating | null {
  const usable = comparableRatios.filter(isUsableRatio);
  const medianRatio = median(usable);
  if (medianRatio === null) return null;
  return rateAgainst(ratio, { count: usable.length, medianRatio });
}

/** The years of use that count as comparable with `yearsOfUse`. */
export function comparableYears(yearsOfUse: number) {
  return { from: Math.max(0, yearsOfUse - YEARS_WINDOW), to: yearsOfUse + YEARS_WINDOW };
}

/** The model years that count as comparable with `modelYear`. */
export function comparableModelYears(modelYear: number) {
  return { from: modelYear - MODEL_YEARS_WINDOW, to: modelYear + MODEL_YEARS_WINDOW };
}

/** The 10,000 km bands (0 is 0–9,999 km) that count as comparable with `mileageKm`. */
export function comparableMileageBands(mileageKm: number) {
  const band = Math.floor(mileageKm / MILEAGE_BAND_KM);
  return { from: Math.max(0, band - MILEAGE_BANDS_WINDOW), to: band + MILEAGE_BANDS_WINDOW };
}

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const km = (value: number) => groupedNumber(value);

/**
 * "Compared with 12 YAMAHA bikes used 1–3 years: typical resale is 72% of the original price; this one is 61%."
 * With `details` (the finer comparables were used): "Compared with 8 YAMAHA
 * bikes from 2019–2025 with 10,000–39,999 km: …".
 */
export function fairPriceBasis(input: {
  categoryName: string;
  yearsOfUse: number;
  ratio: number;
  comparables: Comparables;
  details?: { modelYear: number; mileageKm: number } | undefined;
}): string {
  const { count, medianRatio } = input.comparables;
  let which: string;
  if (input.details) {
    const years = comparableModelYears(input.details.modelYear);
    const bands = comparableMileageBands(input.details.mileageKm);
    const lowest = bands.from * MILEAGE_BAND_KM;
    const highest = (bands.to + 1) * MILEAGE_BAND_KM - 1;
    which = `from ${years.from}–${years.to} with ${km(lowest)}–${km(highest)} km`;
  } else {
    const { from, to } = comparableYears(input.yearsOfUse);
    which = `used ${from}–${to} years`;
  }
  return (
    `Compared with ${count} ${input.categoryName} bikes ${which}: ` +
    `typical resale is ${percent(medianRatio)} of the original price; this one is ${percent(input.ratio)}.`
  );
}
