import { type RawBuilder, sql } from "kysely";
import type { AppDb, Dialect } from "../../db/database";
import { LISTING_DETAILS_INDEX } from "../../db/migrations/024-listing-details-index";
import { type BikeFilters, fieldFilter, type Words } from "./bike-filters";
import { ALWAYS, type Keyed, keyset, type PageRequest } from "./keyset";

// SQLite: a search on listing details through the index that holds them
// (migration 024). A page is usually found by reading the sort's index in
// order and checking each bike, which is quick while matches are common. When
// they are rare ("2024 or newer, needs work") that reads every available bike
// looking for them: seconds at a million. The details' index answers both
// questions without reading a bike: how many match, and, when few do, which.
// PostgreSQL plans from statistics and keeps its own plans.

/** Below this many matches a page is found through the details' index and sorted. */
export const FEW_DETAIL_MATCHES = 5000;

const hasDetailFilter = (filters: BikeFilters) =>
  filters.minYear !== undefined ||
  filters.maxMileageKm !== undefined ||
  filters.minEngineCc !== undefined ||
  filters.maxEngineCc !== undefined ||
  filters.condition !== undefined;

/** The index leads with (status, hidden): it serves the search (available, shown) on details, without words. */
export const detailIndexServes = (dialect: Dialect, filters: BikeFilters, words: Words) =>
  dialect === "sqlite" &&
  filters.availableOnly &&
  words.kind === "none" &&
  hasDetailFilter(filters);

/** `from … where …` through the details' index, which SQLite is told to use (it has no statistics to choose it). */
function throughDetails(dialect: Dialect, filters: BikeFilters): RawBuilder<unknown> {
  return sql`bikes indexed by ${sql.id(LISTING_DETAILS_INDEX)}
    where ${fieldFilter(dialect, filters, { seekModelYear: true })}`;
}

/**
 * How many bikes match, counted up to `cap` + 1. Newest model years first:
 * listings made before the details existed have none and come last, so a
 * common filter stops within its first few thousand entries.
 */
export async function countThroughDetails(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  cap: number,
): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as "count" from (
    select 1 from ${throughDetails(dialect, filters)}
    order by "bikes"."status" desc, "bikes"."hidden" desc, "bikes"."modelYear" desc
    limit ${cap + 1})`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** A page of rare matches: all of them found through the index, then sorted. */
export async function pageThroughDetails(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  page: PageRequest,
): Promise<Keyed[]> {
  const { after, order } = keyset("bikes", page);
  const { rows } = await sql<Keyed>`select "bikes"."id", "bikes"."postedAt", "bikes"."resalePrice",
      "bikes"."mileageKm", "bikes"."modelYear"
    from ${throughDetails(dialect, filters)} and ${after ?? ALWAYS}
    order by ${order} limit ${page.limit + 1}`.execute(db);
  return rows;
}
