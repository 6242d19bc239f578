import { type Kysely, sql, type Transaction } from "kysely";
import { searchQuerySchema } from "#src/shared/schemas/search";
import type { Deps } from "../../context";
import type { Dialect } from "../../db/database";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { notify } from "../../notifications/notify";
import { type BikeFilters, fieldFilter, wordsOf, wordsScan } from "./bike-filters";
import { type SavedSearchTables, withSavedSearchTables } from "./saved-search-tables";
import { savedQueryOf } from "./saved-searches.queries";

// Tells the owners of saved searches about a bike that was listed or became
// available again (docs/decisions/0020-saved-search-matches.md). Triggers on
// `bikes` write a `bikeAvailability` row for each such change; every process
// runs `matchAvailableBikes` every few seconds, and each row is matched once.

const LOOK_EVERY_MS = 5_000;
/** Longer than matching one bike ever takes: a live run never loses its claim. */
const LEASE_MS = 60_000;
const BATCH = 50;
/** Records dropped per statement while nobody has a saved search. */
const DROP_BATCH = 10_000;
/** Saved searches checked against the bike in one query. */
const SEARCHES_PER_QUERY = 100;
const DAY_MS = 24 * 60 * 60_000;

export type MatcherDeps = Pick<Deps, "db" | "dialect" | "logger" | "outbox"> & {
  env: Pick<Deps["env"], "publicUrl">;
};

interface Candidate {
  id: string;
  userId: string;
  name: string | null;
  filters: BikeFilters;
}

/**
 * Matches every bike waiting at `now` against the saved searches and
 * notifies their owners. Safe with several processes running it at once:
 * a row is claimed under a lease first, and deleted in the transaction that
 * stores its notifications only if the claim is still this run's, so each
 * bike's change notifies once even when a lease lapses. Returns how many
 * notifications it made.
 */
export async function matchAvailableBikes(deps: MatcherDeps, now: Date): Promise<number> {
  const events = withSavedSearchTables(deps.db);
  const nowMs = now.getTime();
  await dropWhileNobodySearches(deps, nowMs);
  let told = 0;
  for (;;) {
    const due = await events
      .selectFrom("bikeAvailability")
      .select(["id", "bikeId"])
      .where("claimedUntil", "<=", nowMs)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const event of due) {
      const lease = nowMs + LEASE_MS;
      const claimed = await events
        .updateTable("bikeAvailability")
        .set({ claimedUntil: lease })
        .where("id", "=", event.id)
        .where("claimedUntil", "<=", nowMs)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue; // another process has it
      try {
        told += await inTransaction(deps.db, async (trx) => {
          const gone = await withSavedSearchTables(trx)
            .deleteFrom("bikeAvailability")
            .where("id", "=", event.id)
            .where("claimedUntil", "=", lease)
            .executeTakeFirst();
          // The lease lapsed and another run took the row: it is that run's now.
          if (Number(gone.numDeletedRows) === 0) return 0;
          return notifyMatches(trx, deps, event.bikeId, now);
        });
      } catch (error) {
        // Left claimed: tried again once the lease ends, after the others.
        deps.logger.error({ err: error, bikeId: event.bikeId }, "saved-search matching failed");
      }
    }
    if (due.length < BATCH) break;
  }
  if (told > 0) deps.outbox.notify();
  return told;
}

/**
 * With no saved search at all there is nobody to tell: the records go in
 * large batches instead of one transaction each (a first start's demo
 * listings, a bulk import of a million bikes).
 */
async function dropWhileNobodySearches(deps: MatcherDeps, nowMs: number) {
  const tables = withSavedSearchTables(deps.db);
  for (;;) {
    const anySearch = await tables
      .selectFrom("savedSearches")
      .select("id")
      .limit(1)
      .executeTakeFirst();
    if (anySearch) return;
    const last = await tables
      .selectFrom("bikeAvailability")
      .select("id")
      .where("claimedUntil", "<=", nowMs)
      .orderBy("id")
      .offset(DROP_BATCH - 1)
      .limit(1)
      .executeTakeFirst();
    const dropped = await tables
      .deleteFrom("bikeAvailability")
      .where("claimedUntil", "<=", nowMs)
      .$if(last !== undefined, (query) => query.where("id", "<=", last?.id ?? 0))
      .executeTakeFirst();
    if (!last || Number(dropped.numDeletedRows) === 0) return;
  }
}

async function notifyMatches(
  trx: Transaction<Tables>,
  deps: MatcherDeps,
  bikeId: string,
  now: Date,
): Promise<number> {
  const tables = withSavedSearchTables(trx);
  const bike = await tables
    .selectFrom("bikes")
    .select(["id", "title", "sellerId", "categoryId", "resalePrice", "status"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  // Deleted, or booked again, before its turn came: nothing to tell.
  if (bike?.status !== "available") return 0;

  // Only the searches that could match: not the seller's own, and the
  // category and price bounds kept as columns. The rest of each search's
  // filters is checked by the database, with the search's own where clauses.
  const rows = await tables
    .selectFrom("savedSearches")
    .select(["id", "userId", "name", "query"])
    .where("userId", "<>", bike.sellerId)
    .where((eb) => eb.or([eb("categoryId", "is", null), eb("categoryId", "=", bike.categoryId)]))
    .where((eb) => eb.or([eb("minPrice", "is", null), eb("minPrice", "<=", bike.resalePrice)]))
    .where((eb) => eb.or([eb("maxPrice", "is", null), eb("maxPrice", ">=", bike.resalePrice)]))
    .orderBy("userId")
    .orderBy("createdAt")
    .execute();
  const candidates = rows.flatMap((row): Candidate[] => {
    const parsed = searchQuerySchema.safeParse(JSON.parse(row.query));
    if (!parsed.success) return []; // saved under rules since tightened: it matches nothing
    const { sort: _sort, ...query } = savedQueryOf(parsed.data);
    return [
      {
        id: row.id,
        userId: row.userId,
        name: row.name,
        filters: { ...query, availableOnly: true },
      },
    ];
  });
  const matched = await matchingSearches(tables, deps.dialect, bike.id, candidates);

  const byUser = new Map<string, Candidate[]>();
  for (const search of matched)
    byUser.set(search.userId, [...(byUser.get(search.userId) ?? []), search]);
  for (const [userId, searches] of byUser) {
    const email = await takeDailyMail(tables, searches, now.getTime());
    await tables
      .updateTable("savedSearches")
      .set((eb) => ({ matchCount: eb("matchCount", "+", 1), lastMatchedAt: now.toISOString() }))
      .where(
        "id",
        "in",
        searches.map((search) => search.id),
      )
      .execute();
    const named = searches.find((search) => search.name !== null)?.name;
    await notify(
      trx,
      {
        userId,
        kind: "saved_search_match",
        title: named ? `New match for “${named}”` : "New match for your saved search",
        body: `${bike.title} matches your saved search and is available now.`,
        link: `/bikes/${bike.id}`,
        email,
      },
      { publicUrl: deps.env.publicUrl, now },
    );
  }
  return byUser.size;
}

/** The candidates whose every filter the bike meets, by the search's own where clauses. */
async function matchingSearches(
  db: Kysely<SavedSearchTables>,
  dialect: Dialect,
  bikeId: string,
  candidates: Candidate[],
): Promise<Candidate[]> {
  const matched: Candidate[] = [];
  for (let start = 0; start < candidates.length; start += SEARCHES_PER_QUERY) {
    const chunk = candidates.slice(start, start + SEARCHES_PER_QUERY);
    const row = await db
      .selectFrom("bikes")
      .select(
        chunk.map((candidate, i) =>
          sql<number>`case when ${fieldFilter(dialect, candidate.filters)} and ${wordsScan(wordsOf(candidate.filters))} then 1 else 0 end`.as(
            `m${i}`,
          ),
        ),
      )
      .where("bikes.id", "=", bikeId)
      .executeTakeFirst();
    if (!row) return [];
    const hits = row as Record<string, unknown>;
    matched.push(...chunk.filter((_candidate, i) => Number(hits[`m${i}`]) === 1));
  }
  return matched;
}

/**
 * At most one mail per saved search a day: true when one of the user's
 * matching searches has not mailed in the last 24 hours, which it now has.
 * The conditional update keeps two bikes matched at once from both mailing.
 */
async function takeDailyMail(
  tables: Kysely<SavedSearchTables>,
  searches: Candidate[],
  nowMs: number,
): Promise<boolean> {
  for (const search of searches) {
    const taken = await tables
      .updateTable("savedSearches")
      .set({ lastEmailedAt: nowMs })
      .where("id", "=", search.id)
      .where((eb) =>
        eb.or([eb("lastEmailedAt", "is", null), eb("lastEmailedAt", "<=", nowMs - DAY_MS)]),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return true;
  }
  return false;
}

/** Runs the matcher every few seconds in this process; `clock` is the time it matches at. */
export function startSavedSearchMatcher(deps: MatcherDeps, clock: () => Date = () => new Date()) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = matchAvailableBikes(deps, clock())
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error({ err: error }, "saved-search matching failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, LOOK_EVERY_MS);
  timer.unref();
  run();
  return {
    /** Stops the schedule and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
