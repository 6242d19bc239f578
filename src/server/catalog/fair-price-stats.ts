import type { Kysely } from "kysely";
import {
  type Comparables,
  comparableMileageBands,
  comparableModelYears,
  comparableYears,
  type FairPrice,
  fairPriceBasis,
  MIN_COMPARABLES,
  rateAgainst,
  resaleRatio,
} from "../../shared/fair-price";
import type { Bike } from "../../shared/schemas/bikes";
import type { AppDb } from "../db/database";
import type { Tables } from "../db/tables";

/**
 * The comparables behind the fair-price badge (docs/fair-price.md), read
 * from two histograms kept by triggers: `priceStats` (migration 005), for
 * each category and years of use how many listings ask each whole percent
 * of their original price, and `detailPriceStats` (migration 018), the same
 * by model year and 10,000 km mileage band. A page reads only the groups its
 * bikes need (a few thousand rows at most), so the figures are always
 * current, on every process, with no cache to go stale.
 */
type Histogram = Map<number, number>;
type Stats = Map<string, Histogram>;

/** migrations/018-listing-details.ts; only the fair-price hint reads it. */
interface DetailPriceStatsTable {
  categoryId: string;
  modelYear: number;
  mileageBand: number;
  percent: number;
  listings: number;
}
const detailStatsOf = (db: Kysely<Tables>) =>
  db.withTables<{ detailPriceStats: DetailPriceStatsTable }>();

const groupKey = (categoryId: string, yearsOfUse: number) => `${categoryId}|${yearsOfUse}`;
const detailKey = (categoryId: string, modelYear: number, band: number) =>
  `${categoryId}|${modelYear}|${band}`;

/** What the badge needs of a bike. */
type Priced = Pick<
  Bike,
  | "categoryId"
  | "categoryName"
  | "yearsOfUse"
  | "resalePrice"
  | "originalPrice"
  | "modelYear"
  | "mileageKm"
>;
type Detailed = Priced & { modelYear: number; mileageKm: number };
const hasDetails = (bike: Priced): bike is Detailed =>
  bike.modelYear !== null && bike.mileageKm !== null;

// As the triggers round: a decimal division, half away from zero.
const ownPercent = (bike: Priced) => Math.round((100 * bike.resalePrice) / bike.originalPrice);

function addTo(stats: Stats, key: string, percent: number, listings: number) {
  const histogram = stats.get(key) ?? new Map<number, number>();
  histogram.set(percent, listings);
  stats.set(key, histogram);
}

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
    addTo(stats, groupKey(row.categoryId, row.yearsOfUse), row.percent, row.listings);
  }
  return stats;
}

/** The model-year and mileage histograms around the page's bikes that give both. */
async function loadDetailStats(db: AppDb, bikes: Detailed[]): Promise<Stats> {
  const stats: Stats = new Map();
  if (bikes.length === 0) return stats;
  const rows = await detailStatsOf(db)
    .selectFrom("detailPriceStats")
    .select(["categoryId", "modelYear", "mileageBand", "percent", "listings"])
    .where("listings", ">", 0)
    .where((eb) =>
      eb.or(
        bikes.map((bike) => {
          const years = comparableModelYears(bike.modelYear);
          const bands = comparableMileageBands(bike.mileageKm);
          return eb.and([
            eb("categoryId", "=", bike.categoryId),
            eb("modelYear", ">=", years.from),
            eb("modelYear", "<=", years.to),
            eb("mileageBand", ">=", bands.from),
            eb("mileageBand", "<=", bands.to),
          ]);
        }),
      ),
    )
    .execute();
  for (const row of rows) {
    addTo(
      stats,
      detailKey(row.categoryId, row.modelYear, row.mileageBand),
      row.percent,
      row.listings,
    );
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

/** The count and median of the merged histograms, the bike's own listing left out. */
function summarize(histograms: Array<Histogram | undefined>, own: number): Comparables {
  const merged = new Map<number, number>();
  for (const histogram of histograms) {
    for (const [percent, count] of histogram ?? []) {
      merged.set(percent, (merged.get(percent) ?? 0) + count);
    }
  }
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

/** Same category, years of use within the window. */
function comparablesOf(stats: Stats, bike: Priced): Comparables {
  const { from, to } = comparableYears(bike.yearsOfUse);
  const histograms = [];
  for (let years = from; years <= to; years++) {
    histograms.push(stats.get(groupKey(bike.categoryId, years)));
  }
  return summarize(histograms, ownPercent(bike));
}

/** Same category, model year and mileage band within their windows. */
function detailComparablesOf(stats: Stats, bike: Detailed): Comparables {
  const years = comparableModelYears(bike.modelYear);
  const bands = comparableMileageBands(bike.mileageKm);
  const histograms = [];
  for (let year = years.from; year <= years.to; year++) {
    for (let band = bands.from; band <= bands.to; band++) {
      histograms.push(stats.get(detailKey(bike.categoryId, year, band)));
    }
  }
  return summarize(histograms, ownPercent(bike));
}

function fairPriceOf(stats: Stats, detailStats: Stats, bike: Priced): FairPrice | null {
  const ratio = resaleRatio(bike.resalePrice, bike.originalPrice);
  if (ratio === null) return null;
  // The finer comparables when there are enough of them, else the years of use.
  const detailed = hasDetails(bike) ? detailComparablesOf(detailStats, bike) : null;
  const useDetails = detailed !== null && detailed.count >= MIN_COMPARABLES;
  const comparables = useDetails ? detailed : comparablesOf(stats, bike);
  const rating = rateAgainst(ratio, comparables);
  if (!rating) return null;
  const basis = fairPriceBasis({
    categoryName: bike.categoryName,
    yearsOfUse: bike.yearsOfUse,
    ratio,
    comparables,
    details:
      useDetails && hasDetails(bike)
        ? { modelYear: bike.modelYear, mileageKm: bike.mileageKm }
        : undefined,
  });
  return { rating, basis };
}

/** The bikes with their `fairPrice` (null where there are too few comparables). */
export async function withFairPrice<T extends Priced>(
  db: AppDb,
  bikes: T[],
): Promise<Array<T & { fairPrice: FairPrice | null }>> {
  if (bikes.length === 0) return [];
  const [stats, detailStats] = await Promise.all([
    loadStats(db, bikes),
    loadDetailStats(
      db,
      bikes.filter((bike): bike is T & Detailed => hasDetails(bike)),
    ),
  ]);
  return bikes.map((bike) => ({ ...bike, fairPrice: fairPriceOf(stats, detailStats, bike) }));
}
