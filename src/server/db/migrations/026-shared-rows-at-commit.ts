import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { VERSIONED_TABLES } from "./014-data-versions";
import { createLiveEventAtWrite, LIVE_CHANNEL, LIVE_EVENTS_LOCK_KEY } from "./015-conversations";
import { countCategoryChanges, countShownBikesOnly } from "./020-moderation";
import { RATING_AND_DETAIL_VERSIONED_TABLES } from "./022-version-triggers-for-ratings-and-details";
import {
  type BumpTiming,
  COMMIT_NOTES_PENDING,
  COUNTS_AT_COMMIT,
  createVersionTriggers,
  dropVersionTriggers,
  settingUnset,
} from "./version-triggers";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Set while this transaction has notes for commit: the deferred triggers after the first skip at once. */
const PENDING = sql.lit(COMMIT_NOTES_PENDING);

/** The writes that raise live events (015's triggers). */
const LIVE_EVENT_RAISERS = [
  { name: "live_messages_at_commit", table: "messages", events: sql`insert` },
  {
    name: "live_notifications_at_commit",
    table: "notifications",
    events: sql`insert or update of "readAt"`,
  },
  {
    name: "live_conversations_read_at_commit",
    table: "conversations",
    events: sql`update of "buyerReadId", "sellerReadId"`,
  },
];

/**
 * PostgreSQL writes the rows that many transactions share as each
 * transaction commits, not as its rows are written:
 * - a category's read-cache versions (`category:…`, `prices:…`, 014), moved
 *   by every write in the category;
 * - a category's available count (007, 020), changed by every booking,
 *   cancellation and new listing there;
 * - the live events (015), whose ids must follow commit order, so they are
 *   written under one lock for the whole server, held until commit.
 *
 * Written at the row, each of those locks was held through the rest of the
 * transaction (the booking's row, its notices, its mail): every booking in a
 * category queued behind the one before, every booking and message in the
 * marketplace behind the last live event, and a booking and a cancellation
 * that met a category's version row and count row in opposite orders
 * deadlocked (PostgreSQL notices after a second). Under 50 buyers booking at
 * once, PostgreSQL answered a handful of bookings a second.
 *
 * Now each row written notes what it changes in a temporary table of the
 * session's, `reride_at_commit` (its rows written at commit are deleted
 * then; a transaction or savepoint rolled back takes its rows with it), and
 * one trigger deferred to commit, `shared_rows_at_commit()`, writes it all,
 * always in one order: counts (by category), live events, versions (by key). No transaction holds any of them before it commits, and all take
 * them in the same order, so they can't deadlock on them. Readers see no
 * difference: it is all still the same transaction as the data.
 *
 * SQLite runs one writer at a time and writes them at once, as before.
 */
export function sharedRowsAtCommitMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await createCommitFunctions(db);
      await noteCountChanges(db);
      await noteLiveEvents(db);
      await createLiveEventRaisers(db, false);
      // Every write of a bike moves a version, so its table's deferred trigger
      // (made here) also writes the bike's count changes.
      await remakeVersionTriggers(db, dialect, "at commit");
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await remakeVersionTriggers(db, dialect, "at write");
      for (const raiser of LIVE_EVENT_RAISERS) {
        await sql`drop trigger if exists ${sql.id(raiser.name)} on ${sql.table(raiser.table)}`.execute(
          db,
        );
      }
      await createLiveEventAtWrite(db);
      await countShownBikesOnly(db, dialect);
      for (const name of [
        "shared_rows_at_commit",
        "move_data_versions",
        "write_live_events",
        "apply_category_count_changes",
        "prepare_commit_notes",
      ]) {
        await sql`drop function if exists ${sql.id(name)}()`.execute(db);
      }
    },
  };
}

/** Every versioned table's triggers made again, moving versions `timing` (026, 029). */
export async function remakeVersionTriggers(db: AnyDb, dialect: Dialect, timing: BumpTiming) {
  for (const spec of [...VERSIONED_TABLES, ...RATING_AND_DETAIL_VERSIONED_TABLES]) {
    await dropVersionTriggers(db, dialect, spec);
    await createVersionTriggers(db, dialect, spec, timing);
  }
}

/**
 * The deferred triggers that write a transaction's live events at commit:
 * one per row written (026), or only while nothing is pending yet (029;
 * version-triggers.ts says why that is enough).
 */
export async function createLiveEventRaisers(db: AnyDb, queuedOnce: boolean) {
  for (const raiser of LIVE_EVENT_RAISERS) {
    await sql`drop trigger if exists ${sql.id(raiser.name)} on ${sql.table(raiser.table)}`.execute(
      db,
    );
    await sql`create constraint trigger ${sql.id(raiser.name)}
      after ${raiser.events} on ${sql.table(raiser.table)}
      deferrable initially deferred
      for each row ${queuedOnce ? sql`when (${settingUnset(COMMIT_NOTES_PENDING)})` : sql``}
      execute function shared_rows_at_commit()`.execute(db);
  }
}

async function createCommitFunctions(db: AnyDb) {
  // A temporary table, not a setting: a setting is one string, copied whole
  // on every change, so noting the thousands of rows of a large cascade or
  // a bulk load took minutes. Its rows are deleted as they are written at
  // commit, and a rolled-back transaction's go with it. Emptying it at every
  // commit (on commit delete rows) truncated its file inside each commit, under
  // the live events' lock; instead the dead rows' pages are given back once
  // they add up, at the first note of a transaction, when nothing in it is live.
  await sql`create function prepare_commit_notes() returns void language plpgsql as $$
    begin
      if coalesce(current_setting(${PENDING}, true), '') = 'yes' then return; end if;
      if to_regclass('pg_temp.reride_at_commit') is null then
        create temp table reride_at_commit (
          position bigint generated always as identity,
          what text not null,
          "key" text,
          change integer,
          kind text,
          subject text
        );
      elsif pg_relation_size('pg_temp.reride_at_commit') > 1048576
        and not exists (select 1 from pg_temp.reride_at_commit) then
        truncate pg_temp.reride_at_commit;
      end if;
      perform set_config(${PENDING}, 'yes', true);
    end $$`.execute(db);
  await createApplyCategoryCountChanges(db, false);
  await sql`create function write_live_events() returns void language plpgsql as $$
    begin
      if not exists (select 1 from pg_temp.reride_at_commit where what = 'live') then return; end if;
      perform pg_advisory_xact_lock(${sql.lit(LIVE_EVENTS_LOCK_KEY)});
      insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
        select "key", kind, subject, now() from pg_temp.reride_at_commit
        where what = 'live' order by position;
      delete from pg_temp.reride_at_commit where what = 'live';
      perform pg_notify(${sql.lit(LIVE_CHANNEL)}, '');
    end $$`.execute(db);
  await sql`create function move_data_versions() returns void language plpgsql as $$
    begin
      if not exists (select 1 from pg_temp.reride_at_commit where what = 'version') then return; end if;
      insert into "dataVersions" ("key", "version")
        select "key", floor((random() - 0.5) * 1.8e19)::bigint from (
          select distinct "key" from pg_temp.reride_at_commit where what = 'version'
        ) as keys order by "key"
        on conflict ("key") do update set "version" = excluded."version";
      delete from pg_temp.reride_at_commit where what = 'version';
    end $$`.execute(db);
  // Counts first: writing them notes their own version keys, which the last step moves.
  await sql`create function shared_rows_at_commit() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting(${PENDING}, true), '') <> 'yes' then return null; end if;
      perform set_config(${PENDING}, '', true);
      perform apply_category_count_changes();
      perform write_live_events();
      perform move_data_versions();
      return null;
    end $$`.execute(db);
}

/**
 * Writes the category counts' noted changes. `quietVersions` (029): the
 * counts' own version triggers note nothing meanwhile — the bikes' writes
 * that changed them noted the same `category:` keys — so the commit's work
 * isn't queued a second time for keys it already moves.
 */
export async function createApplyCategoryCountChanges(db: AnyDb, quietVersions: boolean) {
  const quiet = (value: string) =>
    quietVersions
      ? sql`perform set_config(${sql.lit(COUNTS_AT_COMMIT)}, ${sql.lit(value)}, true);`
      : sql``;
  await sql`create or replace function apply_category_count_changes() returns void language plpgsql as $$
    begin
      if not exists (select 1 from pg_temp.reride_at_commit where what = 'count') then return; end if;
      ${quiet("yes")}
      insert into "categoryCounts" ("categoryId", "available")
        select "categoryId", change from (
          select "key" as "categoryId", sum(change)::integer as change
          from pg_temp.reride_at_commit where what = 'count' group by "key"
        ) as changes
        -- A category with no row yet starts at its first listing, never below zero.
        where change > 0 or (change < 0 and exists (
          select 1 from "categoryCounts" c where c."categoryId" = changes."categoryId"))
        order by "categoryId"
        on conflict ("categoryId")
        do update set "available" = "categoryCounts"."available" + excluded."available";
      ${quiet("")}
      delete from pg_temp.reride_at_commit where what = 'count';
    end $$`.execute(db);
}

/** 020's count trigger, noting each change for commit instead of writing it. */
async function noteCountChanges(db: AnyDb) {
  await countCategoryChanges(sql`
    perform prepare_commit_notes();
    insert into pg_temp.reride_at_commit (what, "key", change)
      select 'count', counted_before, -1 where counted_before is not null
      union all select 'count', counted_after, 1 where counted_after is not null;`).execute(db);
}

/** 015's live event, noted for commit instead of written. */
async function noteLiveEvents(db: AnyDb) {
  await sql`create or replace function live_event(target text, what text, subject text)
    returns void language plpgsql as $$
    begin
      perform prepare_commit_notes();
      insert into pg_temp.reride_at_commit (what, "key", kind, subject)
        values ('live', target, what, subject);
    end $$`.execute(db);
}
