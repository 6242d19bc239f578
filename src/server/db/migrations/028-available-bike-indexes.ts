import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { MILEAGE_KEY, YEAR_KEY } from "./018-listing-details";
import { LISTING_DETAILS_INDEX } from "./024-listing-details-index";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Read by search/detail-index.ts (SQLite: by name, INDEXED BY). */
export const AVAILABLE_DETAILS_INDEX = "bikes_available_details";

/**
 * What every query these indexes serve asks, written as the queries write it
 * (search/bike-filters.ts, bikes.queries.ts): literals, so that both
 * databases can tell the query asks no more than the index holds.
 */
const SHOWN_AND_AVAILABLE = `status = 'available' and hidden = 0`;

/** An index: its name and its key, as written between the parentheses of `create index`. */
type IndexSpec = [name: string, key: string];

/** Newest model years first, listings without details last (as 024): SQLite reads it backwards. */
const detailsYear = (dialect: Dialect) =>
  dialect === "postgres" ? `"modelYear" desc nulls last` : `"modelYear"`;

/**
 * The search's indexes hold the bikes it can list (available, shown) and
 * nothing else, where they held every bike keyed by `status` first
 * (003, 018, 024). A booking, and each answer to it, moves its bike between
 * available and booked: each of the seven then moved an entry from the
 * `available` part to the `booked` part, two leaf pages each, and on SQLite
 * the commit writes every changed page to the log: they were three
 * quarters of a status change (335 µs with them, 72 without; 152 now:
 * `npm run bench:status-change`). Now a bike leaving the search leaves
 * each index (one entry, one page), a bike coming back enters it, and a
 * sold bike never touches them again; on PostgreSQL, whose update of an indexed column adds
 * an entry to every index (no HOT update), the partial ones are skipped for a
 * bike that is not available. The indexes are also smaller: sold and hidden
 * bikes, which pile up, are in none of them
 * (docs/decisions/0021-fast-uncached-reads-and-writes-passes.md, seventeenth pass).
 *
 * A brand's page lists every status and keeps its own indexes
 * (`categoryId` first, 003 and 018), which no status change touches.
 */
export function availableIndexes(dialect: Dialect): IndexSpec[] {
  return [
    ["bikes_available_posted", `"postedAt", id`],
    ["bikes_available_price", `"resalePrice", id`],
    ["bikes_category_available_posted", `"categoryId", "postedAt", id`],
    ["bikes_category_available_price", `"categoryId", "resalePrice", id`],
    ["bikes_available_mileage", `${MILEAGE_KEY}, id`],
    ["bikes_available_year", `${YEAR_KEY}, id`],
    [AVAILABLE_DETAILS_INDEX, `${detailsYear(dialect)}, "mileageKm", "engineCc", "condition"`],
  ];
}

/** The indexes they replace, as 003, 018 and 024 made them (bench/status-change.ts compares them). */
export function statusIndexes(dialect: Dialect): IndexSpec[] {
  return [
    ["bikes_status_posted", `status, "postedAt", id`],
    ["bikes_status_price", `status, "resalePrice", id`],
    ["bikes_category_status_posted", `"categoryId", status, "postedAt", id`],
    ["bikes_category_status_price", `"categoryId", status, "resalePrice", id`],
    ["bikes_status_mileage", `status, ${MILEAGE_KEY}, id`],
    ["bikes_status_year", `status, ${YEAR_KEY}, id`],
    [
      LISTING_DETAILS_INDEX,
      `status, hidden, ${detailsYear(dialect)}, "mileageKm", "engineCc", "condition"`,
    ],
  ];
}

/** `create index` for `index` on bikes; `partial`: holding available, shown bikes only. */
export function createIndexStatement([name, key]: IndexSpec, partial: boolean): string {
  return `create index "${name}" on bikes (${key})${partial ? ` where ${SHOWN_AND_AVAILABLE}` : ""}`;
}

export function availableBikeIndexesMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      for (const [name] of statusIndexes(dialect)) {
        await sql`drop index if exists ${sql.id(name)}`.execute(db);
      }
      for (const index of availableIndexes(dialect)) {
        await sql.raw(createIndexStatement(index, true)).execute(db);
      }
    },
    async down(db: AnyDb) {
      for (const [name] of availableIndexes(dialect)) {
        await sql`drop index if exists ${sql.id(name)}`.execute(db);
      }
      for (const index of statusIndexes(dialect)) {
        await sql.raw(createIndexStatement(index, false)).execute(db);
      }
    },
  };
}
