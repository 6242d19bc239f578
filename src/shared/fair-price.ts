/**
 * The fair-price hint (docs/fair-price.md): how a bike's asking price
 * compares with what comparable listings ask, each as a share of its own
 * original price. Comparing shares rather than prices lets a 2,400 Gixxer
 * and a 6,000 Duke be compared at all; comparables are the same brand,
 * used within a year either side.
 */
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

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** "Compared with 12 YAMAHA bikes used 1–3 years: typical resale is 72% of the original price; this one is 61%." */
export function fairPriceBasis(input: {
  categoryName: string;
  yearsOfUse: number;
  ratio: number;
  comparables: Comparables;
}): string {
  const { from, to } = comparableYears(input.yearsOfUse);
  const { count, medianRatio } = input.comparables;
  return (
    `Compared with ${count} ${input.categoryName} bikes used ${from}–${to} years: ` +
    `typical resale is ${percent(medianRatio)} of the original price; this one is ${percent(input.ratio)}.`
  );
}
