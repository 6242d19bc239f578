import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { authOptions } from "../auth";
import type { Env } from "../env";
import type { DatabaseHandle, Dialect } from "./database";
import { catalogMigration } from "./migrations/001-catalog";
import { bookingsWishlistMigration } from "./migrations/002-bookings-wishlist";
import { searchMigration } from "./migrations/003-search";
import { photosMigration } from "./migrations/004-photos";
import { priceStatsMigration } from "./migrations/005-price-stats";
import { rateLimitsMigration } from "./migrations/006-rate-limits";
import { categoryCountsMigration } from "./migrations/007-category-counts";
import { searchWordsMigration } from "./migrations/008-search-words";
import { availableSearchMigration } from "./migrations/009-available-search";
import { bookingIdempotencyMigration } from "./migrations/010-booking-idempotency";
import { bookingsMadeFairMigration } from "./migrations/011-bookings-made-fair";
import { mailOutboxMigration } from "./migrations/012-mail-outbox";
import { notificationsMigration } from "./migrations/013-notifications";
import { dataVersionsMigration } from "./migrations/014-data-versions";
import { conversationsMigration } from "./migrations/015-conversations";
import { savedSearchesMigration } from "./migrations/017-saved-searches";
import { listingDetailsMigration } from "./migrations/018-listing-details";
import { reviewsMigration } from "./migrations/019-reviews";
import { moderationMigration } from "./migrations/020-moderation";
import { bookingsByBuyerStatusMigration } from "./migrations/021-bookings-by-buyer-status";
import { ratingAndDetailVersionsMigration } from "./migrations/022-version-triggers-for-ratings-and-details";
import { priceStatsCountShownBikesMigration } from "./migrations/023-price-stats-count-shown-bikes";
import { listingDetailsIndexMigration } from "./migrations/024-listing-details-index";
import { foreignKeyIndexesMigration } from "./migrations/025-foreign-key-indexes";
import { sharedRowsAtCommitMigration } from "./migrations/026-shared-rows-at-commit";
import { unreadCountsMigration } from "./migrations/027-unread-counts";
import { availableBikeIndexesMigration } from "./migrations/028-available-bike-indexes";
import { oneCommitPassMigration } from "./migrations/029-one-commit-pass";
import { bikesBySellerNewestMigration } from "./migrations/030-bikes-by-seller-newest";
import { advertisedBikesIndexMigration } from "./migrations/031-advertised-bikes-index";
import { accountsByTypeNewestMigration } from "./migrations/032-accounts-by-type-newest";
import { searchIndexWithoutPendingListMigration } from "./migrations/033-search-index-without-pending-list";
import { messageMovesItsConversationMigration } from "./migrations/034-message-moves-its-conversation";
import { searchSampleIndexMigration } from "./migrations/035-search-sample-index";

/** The app's own migrations, in order. New ones are appended, never edited. */
function appMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    "001-catalog": catalogMigration(dialect),
    "002-bookings-wishlist": bookingsWishlistMigration(dialect),
    "003-search": searchMigration(dialect),
    "004-photos": photosMigration(dialect),
    "005-price-stats": priceStatsMigration(dialect),
    "006-rate-limits": rateLimitsMigration(dialect),
    "007-category-counts": categoryCountsMigration(dialect),
    "008-search-words": searchWordsMigration(dialect),
    "009-available-search": availableSearchMigration(dialect),
    "010-booking-idempotency": bookingIdempotencyMigration(),
    "011-bookings-made-fair": bookingsMadeFairMigration(dialect),
    "012-mail-outbox": mailOutboxMigration(dialect),
    "013-notifications": notificationsMigration(dialect),
    "014-data-versions": dataVersionsMigration(dialect),
    "015-conversations": conversationsMigration(dialect),
    "017-saved-searches": savedSearchesMigration(dialect),
    "018-listing-details": listingDetailsMigration(dialect),
    "019-reviews": reviewsMigration(dialect),
    "020-moderation": moderationMigration(dialect),
    "021-bookings-by-buyer-status": bookingsByBuyerStatusMigration(),
    "022-version-triggers-for-ratings-and-details": ratingAndDetailVersionsMigration(dialect),
    "023-price-stats-count-shown-bikes": priceStatsCountShownBikesMigration(dialect),
    "024-listing-details-index": listingDetailsIndexMigration(dialect),
    "025-foreign-key-indexes": foreignKeyIndexesMigration(),
    "026-shared-rows-at-commit": sharedRowsAtCommitMigration(dialect),
    "027-unread-counts": unreadCountsMigration(dialect),
    "028-available-bike-indexes": availableBikeIndexesMigration(dialect),
    "029-one-commit-pass": oneCommitPassMigration(dialect),
    "030-bikes-by-seller-newest": bikesBySellerNewestMigration(),
    "031-advertised-bikes-index": advertisedBikesIndexMigration(),
    "032-accounts-by-type-newest": accountsByTypeNewestMigration(),
    "033-search-index-without-pending-list": searchIndexWithoutPendingListMigration(dialect),
    "034-message-moves-its-conversation": messageMovesItsConversationMigration(dialect),
    "035-search-sample-index": searchSampleIndexMigration(dialect),
  };
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return appMigrations(this.dialect);
  }
}

// Any fixed number: it names the lock every ReRide process takes while migrating.
const MIGRATION_LOCK_KEY = 7_261_994;

/**
 * Runs `task` while holding the schema lock. On PostgreSQL several processes
 * may start at once, so migrating and seeding run under one advisory lock
 * (taken on one connection); the task may use the pool meanwhile.
 */
export async function withSchemaLock(handle: DatabaseHandle, task: () => Promise<void>) {
  if (handle.dialect === "sqlite") return task();
  await handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      await task();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/**
 * Brings the schema up to date: better-auth's tables first (the app's tables
 * reference `users`), then the app's.
 */
export async function migrateToLatest(handle: DatabaseHandle, env: Env): Promise<void> {
  const { db, dialect } = handle;
  const auth = await getMigrations(authOptions(env, db, dialect));
  await auth.runMigrations();

  const migrator = new Migrator({ db, provider: new InCodeMigrations(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
