import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { BikeCondition } from "#src/shared/schemas/bikes";
import { ftsQuery, type IndexTerm, searchWords, tsQuery } from "../../catalog/search-text";
import type { Dialect } from "../../db/database";

// The where clauses of the search and the category page. They name only
// `bikes`, so they fit any query over bikes. Values are always bound
// parameters. Words are letters, digits and marks only (search-text.ts).

export interface BikeFilters {
  /** The search lists available bikes only; a category page shows every status, with a badge. */
  availableOnly: boolean;
  categoryId?: string | undefined;
  q?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  maxYearsOfUse?: number | undefined;
  location?: string | undefined;
  verifiedOnly?: boolean | undefined;
  /** Listing details (PRODUCT.md §8): a listing without the detail never matches its filter. */
  minYear?: number | undefined;
  maxMileageKm?: number | undefined;
  minEngineCc?: number | undefined;
  maxEngineCc?: number | undefined;
  condition?: BikeCondition | undefined;
}

export type Words =
  | { kind: "none" }
  /** Text was given but holds no word ("%", "*", '"'): it can match nothing. */
  | { kind: "nothing" }
  | { kind: "words"; query: string[]; place: string[] };

export function wordsOf(filters: BikeFilters): Words {
  const query = filters.q === undefined ? [] : searchWords(filters.q);
  const place = filters.location === undefined ? [] : searchWords(filters.location);
  const wordless =
    (filters.q !== undefined && query.length === 0) ||
    (filters.location !== undefined && place.length === 0);
  if (wordless) return { kind: "nothing" };
  return query.length + place.length === 0 ? { kind: "none" } : { kind: "words", query, place };
}

const column = (name: string) => sql.ref(`bikes.${name}`);
const and = (conditions: Expression<SqlBool>[]): RawBuilder<SqlBool> =>
  conditions.length === 0
    ? sql<SqlBool>`1 = 1`
    : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

/**
 * Everything but the words. `seekModelYear` is for the queries that name the
 * listing-details index (detail-index.ts): everywhere else, on SQLite, the
 * model-year bound is written `+"modelYear"`, which SQLite never seeks an
 * index by. With no statistics it would otherwise seek that index for the
 * range and sort every recent bike to find a page, instead of reading the
 * sort's index in order.
 */
export function fieldFilter(
  dialect: Dialect,
  filters: BikeFilters,
  { seekModelYear = false } = {},
): Expression<SqlBool> {
  // A hidden listing is in no list or search, for anyone (PRODUCT.md §8).
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`${column("hidden")} = 0`];
  if (filters.availableOnly) conditions.push(sql<SqlBool>`${column("status")} = 'available'`);
  if (filters.categoryId !== undefined) {
    conditions.push(sql<SqlBool>`${column("categoryId")} = ${filters.categoryId}`);
  }
  if (filters.minPrice !== undefined) {
    conditions.push(sql<SqlBool>`${column("resalePrice")} >= ${filters.minPrice}`);
  }
  if (filters.maxPrice !== undefined) {
    conditions.push(sql<SqlBool>`${column("resalePrice")} <= ${filters.maxPrice}`);
  }
  if (filters.maxYearsOfUse !== undefined) {
    conditions.push(sql<SqlBool>`${column("yearsOfUse")} <= ${filters.maxYearsOfUse}`);
  }
  if (filters.minYear !== undefined) {
    const year =
      dialect === "sqlite" && !seekModelYear ? sql`+${column("modelYear")}` : column("modelYear");
    conditions.push(sql<SqlBool>`${year} >= ${filters.minYear}`);
  }
  if (filters.maxMileageKm !== undefined) {
    conditions.push(sql<SqlBool>`${column("mileageKm")} <= ${filters.maxMileageKm}`);
  }
  if (filters.minEngineCc !== undefined) {
    conditions.push(sql<SqlBool>`${column("engineCc")} >= ${filters.minEngineCc}`);
  }
  if (filters.maxEngineCc !== undefined) {
    conditions.push(sql<SqlBool>`${column("engineCc")} <= ${filters.maxEngineCc}`);
  }
  if (filters.condition !== undefined) {
    conditions.push(sql<SqlBool>`${column("condition")} = ${filters.condition}`);
  }
  if (filters.verifiedOnly) {
    // users.verified is better-auth's boolean on PostgreSQL and 0/1 on SQLite.
    // EXISTS, not IN: with IN, SQLite started from the verified sellers and
    // sorted all their bikes (a second at a million) instead of reading in order.
    const yes = dialect === "postgres" ? sql`true` : sql`1`;
    conditions.push(
      sql<SqlBool>`exists (select 1 from ${sql.table("users")} where ${sql.ref("users.id")} = ${column("sellerId")} and ${sql.ref("users.verified")} = ${yes})`,
    );
  }
  return and(conditions);
}

/** Every word of `words` starts a word of `stored` (a column of space-separated words). */
function startsWords(stored: string, words: string[]): Expression<SqlBool>[] {
  return words.map((word) => sql<SqlBool>`' ' || ${column(stored)} like ${`% ${word}%`}`);
}

/**
 * The words, checked on the stored words of each row with LIKE: cheap per
 * row, for rows that an ordered index scan reads anyway (see bike-listing.ts).
 * The same rule as the index: a query word starts some word of the bike.
 */
export function wordsScan(words: Words): RawBuilder<SqlBool> {
  if (words.kind === "nothing") return sql<SqlBool>`1 = 0`;
  if (words.kind === "none") return and([]);
  return and([
    ...startsWords("searchText", words.query),
    ...startsWords("searchLocation", words.place),
  ]);
}

// Through the full-text indexes. Location words join the indexed match
// (searchText holds the location too) to narrow the rows fast; the LIKE on
// searchLocation (in wordsScan) then keeps the bikes whose location, not
// title, has the word. `terms` are those words as the index is asked for
// them (search-text.ts, indexTerms): the stored words each one starts.

export type WordsGiven = Extract<Words, { kind: "words" }>;

/** Every query and location word, in the order indexTerms takes them. */
export const allWords = (words: WordsGiven) => [...words.query, ...words.place];

/** PostgreSQL: the GIN-indexed tsvector, then the LIKEs on the few rows it finds. */
export function tsvectorMatch(words: WordsGiven, terms: IndexTerm[]): RawBuilder<SqlBool> {
  return and([
    sql<SqlBool>`${column("searchVector")} @@ ${tsQuery(terms)}::tsquery`,
    wordsScan(words),
  ]);
}

/**
 * PostgreSQL: the bikes in the search's sample, a sixteenth of them (migration
 * 035), written as a literal like its index's predicate so that a plan made
 * once for every call can read that index.
 */
export const inSearchSample = (): RawBuilder<SqlBool> =>
  sql<SqlBool>`right(${column("id")}, 1) = '0'`;

/**
 * SQLite: `from … where …` over the bikes the FTS5 index finds (rowid ties
 * bikes_fts to bikes, 003-search). CROSS JOIN keeps the index the outer
 * loop: without statistics (the app runs no ANALYZE) SQLite would rather read
 * the sort's whole index and look each bike up in the matches.
 */
export function ftsMatches(
  dialect: Dialect,
  filters: BikeFilters,
  words: WordsGiven,
  terms: IndexTerm[],
): RawBuilder<unknown> {
  const match = ftsQuery(terms);
  return sql`bikes_fts cross join bikes on bikes.rowid = bikes_fts.rowid
    where bikes_fts match ${match} and ${fieldFilter(dialect, filters)} and ${wordsScan(words)}`;
}

/**
 * SQLite, for words with many matches: the bikes read in the sort's index
 * order, each kept if its rowid is among the index's matches (a set SQLite
 * builds once, from the FTS index alone). Rows outside the set are skipped
 * without reading them, so the page costs a stretch of the sort's index
 * instead of reading and sorting every match. The unary + keeps SQLite from
 * driving the query by the set's rowids instead.
 */
export function ftsInSortOrder(
  dialect: Dialect,
  filters: BikeFilters,
  words: WordsGiven,
  terms: IndexTerm[],
): RawBuilder<unknown> {
  const match = ftsQuery(terms);
  return sql`bikes where +bikes.rowid in (select rowid from bikes_fts where bikes_fts match ${match})
    and ${fieldFilter(dialect, filters)} and ${wordsScan(words)}`;
}

/** SQLite: how many bikes of any status the FTS index matches, counted up to `cap` + 1. */
export function ftsMatchCount(terms: IndexTerm[], cap: number): RawBuilder<{ count: number }> {
  return sql<{ count: number }>`select count(*) as "count" from (
    select rowid from bikes_fts where bikes_fts match ${ftsQuery(terms)} limit ${cap + 1})`;
}
