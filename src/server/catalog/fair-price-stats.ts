import {
  type Comparables,
  comparableYears,
  type FairPrice,
  fairPriceBasis,
  rateAgainst,
  resaleRatio,
} from "../../shared/fair-price";
import type { Bike } from "../../shared/schemas/bikes";
import type { AppDb } from "../db/database";

/**
 * The comparables behind the fair-price badge (docs/fair-price.md), read
 * from `priceStats`: for each category and years of use, how many listings
 * ask each whole percent of their original price (maintained by triggers,
 * migrations/005-price-stats.ts). A page reads only the groups its bikes
 * need (a few thousand rows at most), so the figures are always current, on
 * every process, with no cache to go stale.
 */
type Histogram = Map<number, number>;
type Stats = Map<string, Histogram>;

const groupKey = (categoryId: string, yearsOfUse: number) => `${categoryId}|${yearsOfUse}`;

/** What the badge needs of a bike. */
type Priced = Pick<
  Bike,
  "categoryId" | "categoryName" | "yearsOfUse" | "resalePrice" | "originalPrice"
>;

// As the triggers round: a decimal division, half away from zero.
const ownPercent = (bike: Priced) => Math.round((100 * bike.resalePrice) / bike.originalPrice);

async function loadStats(db: AppDb, bikes: Priced[]): Promise<Stats> {
  // Each category's windows of years, merged where they overlap or touch: a
  // page of one category usually needs one or two ranges, not one per bike.
  const byCategory = new Map<string, Array<{ from: number; to: number }>>();
  for (const bike of bikes) {
    const windows = byCategory.get(bike.categoryId) ?? [];
    windows.push(comparableYears(bike.yearsOfUse));
    byCategory.set(bike.categoryId, windows);
  }
  const ranges: Array<{ categoryId: string; from: number; to: number }> = [];
  for (const [categoryId, windows] of byCategory) {
    windows.sort((a, b) => a.from - b.from);
    let current: { categoryId: string; from: number; to: number } | null = null;
    for (const window of windows) {
      if (current && window.from <= current.to + 1) {
        current.to = Math.max(current.to, window.to);
      } else {
        current = { categoryId, ...window };
        ranges.push(current);
      }
    }
  }
  const rows = await db
    .selectFrom("priceStats")
    .select(["categoryId", "yearsOfUse", "percent", "listings"])
    .where("listings", ">", 0)
    .where((eb) =>
      eb.or(
        ranges.map((window) =>
          eb.and([
            eb("categoryId", "=", window.categoryId),
            eb("yearsOfUse", ">=", window.from),
            eb("yearsOfUse", "<=", window.to),
          ]),
        ),
      ),
    )
    .execute();
  const stats: Stats = new Map();
  for (const row of rows) {
    const key = groupKey(row.categoryId, row.yearsOfUse);
    const histogram = stats.get(key) ?? new Map<number, number>();
    histogram.set(row.percent, row.listings);
    stats.set(key, histogram);
  }
  return stats;
}

function percentAt(buckets: Array<[number, number]>, position: number): number {
  let seen = 0;
  for (const [percent, count] of buckets) {
    seen += count;
    if (position < seen) return percent;
  }
  return 0;
}

/** Same category, years of use within the window, the bike itself left out. */
/** The window's histograms added up, by percent, ascending: the same for every bike of a group. */
function windowOf(stats: Stats, windows: Map<string, Array<[number, number]>>, bike: Priced) {
  const key = groupKey(bike.categoryId, bike.yearsOfUse);
  const known = windows.get(key);
  if (known) return known;
  const merged = new Map<number, number>();
  const { from, to } = comparableYears(bike.yearsOfUse);
  for (let years = from; years <= to; years++) {
    for (const [percent, count] of stats.get(groupKey(bike.categoryId, years)) ?? []) {
      merged.set(percent, (merged.get(percent) ?? 0) + count);
    }
  }
  const buckets = [...merged].sort(([a], [b]) => a - b);
  windows.set(key, buckets);
  return buckets;
}

function comparablesOf(
  stats: Stats,
  windows: Map<string, Array<[number, number]>>,
  bike: Priced,
): Comparables {
  const own = ownPercent(bike);
  let ownLeftOut = false;
  const buckets: Array<[number, number]> = [];
  for (const [percent, listings] of windowOf(stats, windows, bike)) {
    const count = !ownLeftOut && percent === own ? listings - 1 : listings;
    if (percent === own) ownLeftOut = true;
    if (count > 0) buckets.push([percent, count]);
  }
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return { count: 0, medianRatio: 0 };
  const middle = Math.floor(count / 2);
  const medianPercent =
    count % 2 === 1
      ? percentAt(buckets, middle)
      : (percentAt(buckets, middle - 1) + percentAt(buckets, middle)) / 2;
  return { count, medianRatio: medianPercent / 100 };
}

function fairPriceOf(
  stats: Stats,
  windows: Map<string, Array<[number, number]>>,
  bike: Priced,
): FairPrice | null {
  const ratio = resaleRatio(bike.resalePrice, bike.originalPrice);
  if (ratio === null) return null;
  const comparables = comparablesOf(stats, windows, bike);
  const rating = rateAgainst(ratio, comparables);
  if (!rating) return null;
  const basis = fairPriceBasis({
    categoryName: bike.categoryName,
    yearsOfUse: bike.yearsOfUse,
    ratio,
    comparables,
  });
  return { rating, basis };
}

/** The bikes with their `fairPrice` (null where there are too few comparables). */
export async function withFairPrice<T extends Priced>(
  db: AppDb,
  bikes: T[],
): Promise<Array<T & { fairPrice: FairPrice | null }>> {
  if (bikes.length === 0) return [];
  const stats = await loadStats(db, bikes);
  const windows = new Map<string, Array<[number, number]>>();
  return bikes.map((bike) => ({ ...bike, fairPrice: fairPriceOf(stats, windows, bike) }));
}
