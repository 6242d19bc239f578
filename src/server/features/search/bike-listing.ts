import { type Expression, type SqlBool, sql } from "kysely";
import type { BikeSort } from "#src/shared/schemas/search";
import type { User } from "#src/shared/schemas/users";
import { readBikesByIds, toBike } from "../../catalog/bike-reads";
import { type Vocabulary, vocabularyAt } from "../../catalog/search-text";
import type { AppDb, Dialect } from "../../db/database";
import {
  allWords,
  type BikeFilters,
  fieldFilter,
  ftsInSortOrder,
  ftsMatchCount,
  ftsMatches,
  inSearchSample,
  tsvectorMatch,
  type Words,
  wordsOf,
  wordsScan,
} from "./bike-filters";
import {
  countThroughDetails,
  DETAIL_SCAN_BUDGET,
  detailIndexServes,
  detailScan,
  pageThroughDetails,
} from "./detail-index";
import { ALWAYS, cursorAfter, KEYS, type Keyed, keyset, type PageRequest } from "./keyset";
import { readPlainPage } from "./page-in-one-statement";

// One page of filtered, sorted bikes, for the search (GET /api/bikes) and the
// category page (GET /api/categories/:id/bikes). A page is found in two
// steps: the ids, from `bikes` alone, where each sort has an index that ends
// in (sort key, id); then the read model for those few ids. One query with
// the joins let SQLite's planner start from `categories` and sort a whole
// category to find a deep page (seconds at a million bikes). Without words
// or details the two steps are one statement, the ids a subquery with its
// own limit (page-in-one-statement.ts); words and details take several
// statements to find their ids, then read the bikes apart.

export type { BikeFilters } from "./bike-filters";

// Words are found in two steps. A full-text index hands back every match
// before any can be sorted: 180,000 for "duke" at a million bikes, hundreds
// of milliseconds. Common words are better found by reading the sort's index
// in order and checking each bike's stored words, which fills a page within a
// few hundred rows; so a search first reads up to SCAN_BUDGET bikes in order
// (scanPage), a short stretch first. Only when that doesn't settle the page,
// or the first stretch shows the words too rare to settle it, does it ask the
// full-text index (indexPage), whose result is then small.
// PostgreSQL's planner can't make this choice itself: it guesses 0.5% for any
// prefix it has no statistics on, and then reads every available bike in
// order for a word that matches none.
const SCAN_BUDGET = 1000;
/** SQLite: up to this many index matches are read and sorted; past it, see ftsInSortOrder. */
const SORT_MATCHES_UP_TO = 1500;

/** Where a page switches from one way of finding it to another. Tests move them to run every way. */
export interface SearchThresholds {
  /** Bikes read in order before asking the full-text index; 0 asks it at once. */
  scanBudget?: number;
  /** SQLite: full-text matches read and sorted; past it, the sort's index is walked (0: always walked). */
  sortMatchesUpTo?: number;
  /** Bikes read in order on a search by details before asking their index (0: asks at once; detail-index.ts). */
  detailScanBudget?: number;
}

/** How listBikes finds a page: where it switches ways, and the words' lookups to use. */
export interface ListingOptions extends SearchThresholds {
  /** The search's words as index terms; by default looked up in the database each time. */
  vocabulary?: Vocabulary;
}

/**
 * Up to `budget` bikes that `read` keeps, read in the sort's order, each
 * checked for `hit`: the page if they settle it, null if they don't (the
 * matches are rare, and an index that finds them is cheaper than reading on).
 * For words, and for listing details (detail-index.ts).
 */
async function scanPage(
  db: AppDb,
  { read: kept, hit }: { read: Expression<SqlBool>; hit: Expression<SqlBool> },
  page: PageRequest,
  budget: number,
): Promise<Keyed[] | null> {
  if (budget <= 0) return null;
  const hits: Keyed[] = [];
  let cursor = page.cursor;
  let read = 0;
  // A short stretch first, which settles common matches. Each stretch after it is
  // sized by the rate of matches seen so far, with room to spare, rather than the
  // rest of the budget at once: words that one available bike in twenty-three
  // matches read 1,000 rows for a page that 300 hold (decision 21, eighteenth pass).
  let size = Math.max(1, Math.min(100, Math.ceil(budget / 10)));
  while (size > 0) {
    const { after, order } = keyset("bikes", { ...page, cursor });
    const rows = await db
      .selectFrom("bikes")
      .select([...KEYS, sql<number>`case when ${hit} then 1 else 0 end`.as("hit")])
      .where(kept)
      .where(after ?? ALWAYS)
      .orderBy(order)
      .limit(size)
      .execute();
    hits.push(...rows.filter((row) => Number(row.hit) === 1));
    read += rows.length;
    // Settled: a full page and proof of a next one, or every candidate read.
    if (hits.length > page.limit) return hits.slice(0, page.limit + 1);
    const last = rows.at(-1);
    if (rows.length < size || !last) return hits;
    // At the rate seen so far the budget wouldn't fill the page: rare matches,
    // which an index finds for less than reading on would cost.
    if (hits.length * budget <= page.limit * read) return null;
    cursor = cursorAfter(last, page.sort);
    size = Math.min(budget - read, nextStretch(page.limit + 1 - hits.length, hits.length, read));
  }
  // The whole budget read without settling the page.
  return null;
}

/**
 * Rows to read next for `wanted` more matches, having found `found` in
 * `read` rows: twice what that rate asks, so a page is rarely a stretch
 * short, and at least 50 rows.
 */
function nextStretch(wanted: number, found: number, read: number): number {
  return Math.max(50, Math.ceil((2 * wanted * read) / found));
}

/**
 * The page's ids through the indexes: for words the full-text index, for
 * listing details theirs. A page with neither is read in one statement by
 * listBikes (page-in-one-statement.ts).
 */
async function indexPage(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  words: Words,
  page: PageRequest,
  sortMatchesUpTo: number,
  detailScanBudget: number,
  vocabulary: Vocabulary,
): Promise<Keyed[]> {
  const limit = page.limit + 1;
  const terms = words.kind === "words" ? await vocabulary.termsOf(allWords(words)) : null;
  // A word no listing has ever held: nothing to find.
  if (words.kind === "words" && !terms) return [];
  if (words.kind === "words" && terms && dialect === "sqlite") {
    const { after, order } = keyset("bikes", page);
    // Few matches: read them all and sort. Many: walk the sort's index and
    // keep the matches (a few thousand index entries instead of a few
    // thousand bikes read and sorted).
    const { rows: counted } = await ftsMatchCount(terms, sortMatchesUpTo).execute(db);
    const many = Number(counted[0]?.count ?? 0) > sortMatchesUpTo;
    const source = many
      ? ftsInSortOrder(dialect, filters, words, terms)
      : ftsMatches(dialect, filters, words, terms);
    const { rows } =
      await sql<Keyed>`select "bikes"."id", "bikes"."postedAt", "bikes"."resalePrice",
      "bikes"."mileageKm", "bikes"."modelYear"
      from ${source} and ${after ?? ALWAYS}
      order by ${order} limit ${limit}`.execute(db);
    return rows;
  }
  if (words.kind === "words" && terms) {
    // A materialized CTE: the matches through the GIN index, sorted after;
    // never the ordered scan the planner would pick for a rare word.
    const { after, order } = keyset("matches", page);
    const matching = db
      .selectFrom("bikes")
      .select(KEYS)
      .where(fieldFilter(dialect, filters))
      .where(tsvectorMatch(words, terms));
    return db
      .with(
        (cte) => cte("matches").materialized(),
        () => matching,
      )
      .selectFrom("matches")
      .select([
        "matches.id",
        "matches.postedAt",
        "matches.resalePrice",
        "matches.mileageKm",
        "matches.modelYear",
      ])
      .where(after ?? ALWAYS)
      .orderBy(order)
      .limit(limit)
      .execute();
  }
  // No words: listing details, through their index (listBikes reads a page with neither itself).
  return (
    (await scanPage(db, detailScan(dialect, filters), page, detailScanBudget)) ??
    (await pageThroughDetails(db, dialect, filters, page))
  );
}

/** One page of bikes and the cursor of the next (null on the last page). */
export async function listBikes(
  db: AppDb,
  dialect: Dialect,
  /** Null: the page as every caller sees it (no hearts, bookings or phone numbers). */
  viewer: Pick<User, "id" | "role"> | null,
  filters: BikeFilters,
  page: PageRequest,
  {
    scanBudget = SCAN_BUDGET,
    sortMatchesUpTo = SORT_MATCHES_UP_TO,
    detailScanBudget = DETAIL_SCAN_BUDGET,
    vocabulary = vocabularyAt(db, undefined),
  }: ListingOptions = {},
) {
  const words = wordsOf(filters);
  // Text that holds no word ("%") matches no bike: nothing to read.
  if (words.kind === "nothing") return { items: [], next: null };
  if (words.kind === "none" && !detailIndexServes(filters, words)) {
    // No words and no details' index: the ids and their bikes in one statement.
    const rows = await readPlainPage(db, dialect, viewer?.id ?? null, filters, page);
    const shown = rows.slice(0, page.limit);
    const last = rows.length > page.limit ? shown.at(-1) : undefined;
    return {
      items: shown.map((row) => toBike(row, viewer)),
      next: last ? cursorAfter(last, page.sort) : null,
    };
  }
  const scanned =
    words.kind === "words"
      ? await scanPage(
          db,
          { read: fieldFilter(dialect, filters), hit: wordsScan(words) },
          page,
          scanBudget,
        )
      : null;
  const keyed =
    scanned ??
    (await indexPage(
      db,
      dialect,
      filters,
      words,
      page,
      sortMatchesUpTo,
      detailScanBudget,
      vocabulary,
    ));
  const shown = keyed.slice(0, page.limit);
  const rows = await readBikesByIds(
    db,
    viewer?.id ?? null,
    shown.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A bike deleted between the two reads is simply not shown.
  const items = shown.flatMap((key) => {
    const row = byId.get(key.id);
    return row ? [toBike(row, viewer)] : [];
  });
  const last = keyed.length > page.limit ? shown.at(-1) : undefined;
  return { items, next: last ? cursorAfter(last, page.sort) : null };
}

/**
 * How many bikes match, counted up to `cap`: past it the count would cost
 * as much as reading every match, for a number nobody reads exactly.
 */
export async function countBikes(
  db: AppDb,
  dialect: Dialect,
  filters: BikeFilters,
  cap: number,
  /** The page's order: SQLite counts along the index the page reads (see below). */
  sort: BikeSort = "newest",
  vocabulary: Vocabulary = vocabularyAt(db, undefined),
  /** `sample: false` counts PostgreSQL's words without their sample first (the bench compares). */
  { sample = true }: { sample?: boolean } = {},
) {
  const words = wordsOf(filters);
  const terms = words.kind === "words" ? await vocabulary.termsOf(allWords(words)) : null;
  let count: number;
  if (words.kind === "words" && !terms) {
    count = 0; // a word no listing has ever held
  } else if (detailIndexServes(filters, words)) {
    count = await countThroughDetails(db, dialect, filters, cap);
  } else if (words.kind === "words" && terms && dialect === "sqlite") {
    // Driven by the full-text index, exact words handed out a few at a time:
    // the cap stops common ones early.
    const { rows } = await sql<{ count: number }>`select count(*) as "count" from (
      select 1 from ${ftsMatches(dialect, filters, words, terms)} limit ${cap + 1})`.execute(db);
    count = Number(rows[0]?.count ?? 0);
  } else {
    const unordered = db
      .selectFrom("bikes")
      .select(sql<number>`1`.as("one"))
      .where(fieldFilter(dialect, filters))
      .where(words.kind === "words" && terms ? tsvectorMatch(words, terms) : wordsScan(words));
    const upToCap = (matches: typeof unordered) =>
      db
        .selectFrom(matches.limit(cap + 1).as("matches"))
        .select((eb) => eb.fn.countAll<number>().as("count"));
    if (sample && dialect === "postgres" && filters.availableOnly && words.kind === "words") {
      // PostgreSQL's GIN index reads each word's whole list before it can
      // stop at the cap. More matches than the cap among a sixteenth of the
      // bikes (migration 035, lists a sixteenth as long) prove the total is
      // past it; fewer prove nothing, and the whole index is counted. One
      // statement: PostgreSQL runs a subquery in `else` only when it gets there.
      const { rows } = await sql<{ count: number | string }>`select case
          when (${upToCap(unordered.where(inSearchSample()))}) > ${cap} then ${cap + 1}
          else (${upToCap(unordered)}) end as "count"`.execute(db);
      count = Number(rows[0]?.count ?? 0);
    } else {
      // SQLite, with no statistics, takes any index that starts with `status`
      // for an unordered count, and may take the model-year one for a filter
      // on model year: then every older bike is read before the first match
      // (seconds at a million). Counting in the page's order reads the same
      // stretch of the same index the page does (decision 0017).
      const row = await upToCap(
        dialect === "sqlite"
          ? unordered.orderBy(keyset("bikes", { sort, cursor: null, limit: cap }).order)
          : unordered,
      ).executeTakeFirstOrThrow();
      count = Number(row.count);
    }
  }
  return { total: Math.min(count, cap), capped: count > cap };
}
