import { type Kysely, sql } from "kysely";
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
 * bikes need (a few thousand rows at most); the finer histograms are kept
 * per category while its data version holds (below), so the figures are
 * always current, on every process.
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
    addTo(stats, groupKey(row.categoryId, row.yearsOfUse), row.percent, row.listings);
  }
  return stats;
}

/**
 * A category's model-year and mileage histograms, kept per process while
 * its `prices:` data version (migration 022's triggers, decision 7) holds:
 * a page's windows are some 1,600 rows of one brand at a million listings,
 * a few milliseconds to read each time. The version is read before the
 * rows, so rows newer than their version are only ever read again sooner;
 * any write to the histograms, from any process or from SQL by hand, moves it.
 */
interface KeptDetails {
  version: string;
  stats: Stats;
}
const keptDetails = new WeakMap<AppDb, Map<string, KeptDetails>>();

/** The model-year and mileage histograms of the categories of the page's bikes that give both. */
async function loadDetailStats(db: AppDb, bikes: Detailed[]): Promise<Stats> {
  const stats: Stats = new Map();
  if (bikes.length === 0) return stats;
  const categories = [...new Set(bikes.map((bike) => bike.categoryId))];
  const kept = keptDetails.get(db) ?? new Map<string, KeptDetails>();
  keptDetails.set(db, kept);
  const { rows: versions } = await sql<{ key: string; version: string }>`
    select "key", cast("version" as text) as "version" from "dataVersions"
    where "key" in (${sql.join(categories.map((id) => `prices:${id}`))})`.execute(db);
  const versionOf = new Map(versions.map((row) => [row.key, row.version]));
  for (const categoryId of categories) {
    const version = versionOf.get(`prices:${categoryId}`) ?? "none";
    let entry = kept.get(categoryId);
    if (entry?.version !== version) {
      entry = { version, stats: await readCategoryDetails(db, categoryId) };
      kept.set(categoryId, entry);
    }
    for (const [key, histogram] of entry.stats) stats.set(key, histogram);
  }
  return stats;
}

async function readCategoryDetails(db: AppDb, categoryId: string): Promise<Stats> {
  const rows = await detailStatsOf(db)
    .selectFrom("detailPriceStats")
    .select(["modelYear", "mileageBand", "percent", "listings"])
    .where("categoryId", "=", categoryId)
    .where("listings", ">", 0)
    .execute();
  const stats: Stats = new Map();
  for (const row of rows) {
    addTo(stats, detailKey(categoryId, row.modelYear, row.mileageBand), row.percent, row.listings);
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

/** A window's histograms added up, by percent, ascending: the same for every bike of the window. */
type Window = Array<[number, number]>;
type Windows = Map<string, Window>;

function windowOf(windows: Windows, key: string, histograms: () => Array<Histogram | undefined>) {
  const known = windows.get(key);
  if (known) return known;
  const merged = new Map<number, number>();
  for (const histogram of histograms()) {
    for (const [percent, count] of histogram ?? []) {
      merged.set(percent, (merged.get(percent) ?? 0) + count);
    }
  }
  const buckets = [...merged].sort(([a], [b]) => a - b);
  windows.set(key, buckets);
  return buckets;
}

/** The count and median of a window, the bike's own listing left out. */
function summarize(window: Window, own: number): Comparables {
  let ownLeftOut = false;
  const buckets: Window = [];
  for (const [percent, listings] of window) {
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

/** Same category, years of use within the window. */
function comparablesOf(stats: Stats, windows: Windows, bike: Priced): Comparables {
  const window = windowOf(windows, groupKey(bike.categoryId, bike.yearsOfUse), () => {
    const { from, to } = comparableYears(bike.yearsOfUse);
    const histograms = [];
    for (let years = from; years <= to; years++) {
      histograms.push(stats.get(groupKey(bike.categoryId, years)));
    }
    return histograms;
  });
  return summarize(window, ownPercent(bike));
}

/** Same category, model year and mileage band within their windows. */
function detailComparablesOf(stats: Stats, windows: Windows, bike: Detailed): Comparables {
  const years = comparableModelYears(bike.modelYear);
  const bands = comparableMileageBands(bike.mileageKm);
  const key = `detail|${bike.categoryId}|${years.from}-${years.to}|${bands.from}-${bands.to}`;
  const window = windowOf(windows, key, () => {
    const histograms = [];
    for (let year = years.from; year <= years.to; year++) {
      for (let band = bands.from; band <= bands.to; band++) {
        histograms.push(stats.get(detailKey(bike.categoryId, year, band)));
      }
    }
    return histograms;
  });
  return summarize(window, ownPercent(bike));
}

function fairPriceOf(
  stats: Stats,
  detailStats: Stats,
  windows: Windows,
  bike: Priced,
): FairPrice | null {
  const ratio = resaleRatio(bike.resalePrice, bike.originalPrice);
  if (ratio === null) return null;
  // The finer comparables when there are enough of them, else the years of use.
  const detailed = hasDetails(bike) ? detailComparablesOf(detailStats, windows, bike) : null;
  const useDetails = detailed !== null && detailed.count >= MIN_COMPARABLES;
  const comparables = useDetails ? detailed : comparablesOf(stats, windows, bike);
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
  const windows: Windows = new Map();
  return bikes.map((bike) => ({
    ...bike,
    fairPrice: fairPriceOf(stats, detailStats, windows, bike),
  }));
}
