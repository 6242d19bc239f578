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
import { type DataVersion, pricesKey } from "../cache/data-version";
import type { AppDb } from "../db/database";
import type { Tables } from "../db/tables";

/**
 * The comparables behind the fair-price badge (docs/fair-price.md), read
 * from two histograms kept by triggers: `priceStats` (migration 005), for
 * each category and years of use how many listings ask each whole percent
 * of their original price, and `detailPriceStats` (migration 018), the same
 * by model year and 10,000 km mileage band. Both are kept per category
 * while its `prices:` data version holds (below), so the figures are always
 * current, on every process, and a page whose category's prices didn't
 * change reads one version row instead of its histograms.
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

/**
 * A category's histograms, both kinds, kept per process while its `prices:`
 * data version (migrations 014 and 022's triggers, decision 7) holds, with
 * the windows added up from them so far: a page's windows are some 1,600
 * rows of one brand at a million listings, a few milliseconds to read and
 * add up each time. The version is read before the rows, so rows newer than
 * their version are only ever read again sooner; any write to the
 * histograms, from any process or from SQL by hand, moves it.
 */
interface KeptPrices {
  version: string;
  /** By category and years of use. */
  years: Stats;
  /** By category, model year and mileage band. */
  details: Stats;
  /** Windows added up from these histograms, by window: see windowOf. */
  windows: Windows;
}
const keptPrices = new WeakMap<AppDb, Map<string, KeptPrices>>();

/**
 * Where a read outside a transaction gets the `prices:` versions: the app's
 * version reads (cache/data-version.ts), which several requests share, where
 * a statement of its own would cost every page read after a write a round
 * trip on PostgreSQL. Either way the version is read before the histograms.
 */
export type PriceVersions = Pick<DataVersion, "readKeys">;

/**
 * Price versions a request has already read (`known`, asked together with
 * its other versions so that they share one read), the rest read from
 * `versions` as usual.
 */
export function pricesAlreadyRead(
  known: ReadonlyMap<string, string>,
  versions: PriceVersions,
): PriceVersions {
  return {
    readKeys: async (keys) => {
      const missing = keys.filter((key) => !known.has(key));
      const read = missing.length > 0 ? await versions.readKeys(missing) : new Map();
      return new Map(keys.map((key) => [key, known.get(key) ?? read.get(key) ?? "0"]));
    },
  };
}

/** The kept histograms of `categoryIds`, each read again if its prices changed. */
async function pricesOf(
  db: AppDb,
  categoryIds: string[],
  shared: PriceVersions | undefined,
): Promise<Map<string, KeptPrices>> {
  const kept = keptPrices.get(db) ?? new Map<string, KeptPrices>();
  keptPrices.set(db, kept);
  const keys = categoryIds.map(pricesKey);
  // A transaction reads them itself: it sees its own writes to the histograms, which the
  // shared reads, on another connection, would not until it commits.
  const versionOf =
    shared && !db.isTransaction ? await shared.readKeys(keys) : await ownVersions(db, keys);
  const prices = new Map<string, KeptPrices>();
  for (const categoryId of categoryIds) {
    // A key never written has no row: version 0, as the shared reads give it.
    const version = versionOf.get(pricesKey(categoryId)) ?? "0";
    let entry = kept.get(categoryId);
    if (entry?.version !== version) {
      const [years, details] = await Promise.all([
        readCategoryYears(db, categoryId),
        readCategoryDetails(db, categoryId),
      ]);
      entry = { version, years, details, windows: new Map() };
      kept.set(categoryId, entry);
    }
    prices.set(categoryId, entry);
  }
  return prices;
}

async function ownVersions(db: AppDb, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .withTables<{ dataVersions: { key: string; version: number } }>()
    .selectFrom("dataVersions")
    .select(["key", sql<string>`cast("version" as text)`.as("version")])
    .where("key", "in", keys)
    .execute();
  return new Map(rows.map((row) => [row.key, row.version]));
}

async function readCategoryYears(db: AppDb, categoryId: string): Promise<Stats> {
  const rows = await db
    .selectFrom("priceStats")
    .select(["yearsOfUse", "percent", "listings"])
    .where("categoryId", "=", categoryId)
    .where("listings", ">", 0)
    .execute();
  const stats: Stats = new Map();
  for (const row of rows) {
    addTo(stats, groupKey(categoryId, row.yearsOfUse), row.percent, row.listings);
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
function comparablesOf({ years: stats, windows }: KeptPrices, bike: Priced): Comparables {
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
function detailComparablesOf({ details: stats, windows }: KeptPrices, bike: Detailed): Comparables {
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

function fairPriceOf(prices: KeptPrices | undefined, bike: Priced): FairPrice | null {
  const ratio = resaleRatio(bike.resalePrice, bike.originalPrice);
  if (ratio === null || !prices) return null;
  // The finer comparables when there are enough of them, else the years of use.
  const detailed = hasDetails(bike) ? detailComparablesOf(prices, bike) : null;
  const useDetails = detailed !== null && detailed.count >= MIN_COMPARABLES;
  const comparables = useDetails ? detailed : comparablesOf(prices, bike);
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
  shared?: PriceVersions,
): Promise<Array<T & { fairPrice: FairPrice | null }>> {
  if (bikes.length === 0) return [];
  const categoryIds = [...new Set(bikes.map((bike) => bike.categoryId))];
  const prices = await pricesOf(db, categoryIds, shared);
  return bikes.map((bike) => ({
    ...bike,
    fairPrice: fairPriceOf(prices.get(bike.categoryId), bike),
  }));
}
