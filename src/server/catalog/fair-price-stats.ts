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
  const windows = new Map<string, { categoryId: string; from: number; to: number }>();
  for (const bike of bikes) {
    const { from, to } = comparableYears(bike.yearsOfUse);
    windows.set(groupKey(bike.categoryId, bike.yearsOfUse), {
      categoryId: bike.categoryId,
      from,
      to,
    });
  }
  const rows = await db
    .selectFrom("priceStats")
    .select(["categoryId", "yearsOfUse", "percent", "listings"])
    .where("listings", ">", 0)
    .where((eb) =>
      eb.or(
        [...windows.values()].map((window) =>
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
function comparablesOf(stats: Stats, bike: Priced): Comparables {
  const merged = new Map<number, number>();
  const { from, to } = comparableYears(bike.yearsOfUse);
  for (let years = from; years <= to; years++) {
    for (const [percent, count] of stats.get(groupKey(bike.categoryId, years)) ?? []) {
      merged.set(percent, (merged.get(percent) ?? 0) + count);
    }
  }
  const own = ownPercent(bike);
  const ownCount = merged.get(own) ?? 0;
  if (ownCount > 0) merged.set(own, ownCount - 1);
  const buckets = [...merged].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (count === 0) return { count: 0, medianRatio: 0 };
  const middle = Math.floor(count / 2);
  const medianPercent =
    count % 2 === 1
      ? percentAt(buckets, middle)
      : (percentAt(buckets, middle - 1) + percentAt(buckets, middle)) / 2;
  return { count, medianRatio: medianPercent / 100 };
}

function fairPriceOf(stats: Stats, bike: Priced): FairPrice | null {
  const ratio = resaleRatio(bike.resalePrice, bike.originalPrice);
  if (ratio === null) return null;
  const comparables = comparablesOf(stats, bike);
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
  return bikes.map((bike) => ({ ...bike, fairPrice: fairPriceOf(stats, bike) }));
}
