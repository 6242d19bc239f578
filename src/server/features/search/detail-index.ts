import { type RawBuilder, sql } from "kysely";
import type { AppDb, Dialect } from "../../db/database";
import { AVAILABLE_DETAILS_INDEX } from "../../db/migrations/028-available-bike-indexes";
import { type BikeFilters, fieldFilter, type Words } from "./bike-filters";
import { ALWAYS, KEYS, type Keyed, keyset, type PageRequest } from "./keyset";

// A search on listing details through the index that holds them (migration
// 024). A page is usually found by reading the sort's index in order and
// checking each bike, which is quick while matches are common. When they are
// rare ("2024 or newer, needing work") that reads every available bike
// looking for them: seconds at a million, on both databases (PostgreSQL's
// statistics take the details as independent and expect thousands of
// matches). So a page first reads a stretch of the sort's index (detailScan),
// which settles any common filter; only when that finds too few does it ask
// the details' index for every match and sort them (pageThroughDetails). The
// count is read from the details' index alone.

/** Bikes read in the sort's order before the details' index is asked: past it, matches are under 0.7%. */
export const DETAIL_SCAN_BUDGET = 2000;

const hasDetailFilter = (filters: BikeFilters) =>
  filters.minYear !== undefined ||
  filters.maxMileageKm !== undefined ||
  filters.minEngineCc !== undefined ||
  filters.maxEngineCc !== undefined ||
  filters.condition !== undefined;

/** The index holds the bikes the search lists (available, shown): it serves a search on details, without words. */
export const detailIndexServes = (filters: BikeFilters, words: Words) =>
  filters.availableOnly && words.kind === "none" && hasDetailFilter(filters);

const withoutDetails = (filters: BikeFilters): BikeFilters => ({
  ...filters,
  minYear: undefined,
  maxMileageKm: undefined,
  minEngineCc: undefined,
  maxEngineCc: undefined,
  condition: undefined,
});

const detailsOnly = (filters: BikeFilters): BikeFilters => ({
  availableOnly: false,
  minYear: filters.minYear,
  maxMileageKm: filters.maxMileageKm,
  minEngineCc: filters.minEngineCc,
  maxEngineCc: filters.maxEngineCc,
  condition: filters.condition,
});

/**
 * For reading the sort's index in order (bike-listing.ts, scanPage): which
 * bikes to read (everything but the details) and which of them match.
 */
export function detailScan(dialect: Dialect, filters: BikeFilters) {
  return {
    read: fieldFilter(dialect, withoutDetails(filters)),
    hit: fieldFilter(dialect, detailsOnly(filters)),
  };
}

/** The bikes that match, through the details' index; SQLite is told to use it (it has no statistics to choose it). */
function throughDetails(dialect: Dialect, filters: BikeFilters): RawBuilder<unknown> {
  const bikes =
    dialect === "sqlite" ? sql`bikes indexed by ${sql.id(AVAILABLE_DETAILS_INDEX)}` : sql`bikes`;
  return sql`${bikes} where ${fieldFilter(dialect, filters, { seekModelYear: true })}`;
}

/**
 * The index's order: newest model years first, listings without details
 * last, so a common filter's count stops within its first few thousand
 * entries. SQLite reads its index backwards for it (nulls sort first there).
 */
const INDEX_ORDER = {
  sqlite: sql`"bikes"."modelYear" desc`,
  postgres: sql`"bikes"."modelYear" desc nulls last`,
};

/** How many bikes match, counted up to `cap` + 1, from the index alone. */
export async function countThroughDetails(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  cap: number,
): Promise<number> {
  const { rows } = await sql<{ count: number | string }>`select count(*) as "count" from (
    select 1 from ${throughDetails(dialect, filters)}
    order by ${INDEX_ORDER[dialect]} limit ${cap + 1}) as "matches"`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * A page of rare matches: all of them found through the index, then sorted.
 * PostgreSQL finds them in a materialized CTE, so its planner can't walk the
 * sort's index instead, which it would for the LIMIT.
 */
export async function pageThroughDetails(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  page: PageRequest,
): Promise<Keyed[]> {
  const limit = page.limit + 1;
  if (dialect === "sqlite") {
    const { after, order } = keyset("bikes", page);
    const { rows } = await sql<Keyed>`select ${sql.join(KEYS.map((key) => sql.ref(key)))}
      from ${throughDetails(dialect, filters)} and ${after ?? ALWAYS}
      order by ${order} limit ${limit}`.execute(db);
    return rows;
  }
  const { after, order } = keyset("matches", page);
  const { rows } = await sql<Keyed>`with "matches" as materialized (
      select ${sql.join(KEYS.map((key) => sql.ref(key)))} from ${throughDetails(dialect, filters)})
    select * from "matches" where ${after ?? ALWAYS} order by ${order} limit ${limit}`.execute(db);
  return rows;
}
