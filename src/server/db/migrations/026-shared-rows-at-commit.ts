import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { VERSIONED_TABLES } from "./014-data-versions";
import { createLiveEventAtWrite, LIVE_CHANNEL, LIVE_EVENTS_LOCK_KEY } from "./015-conversations";
import { countShownBikesOnly } from "./020-moderation";
import { RATING_AND_DETAIL_VERSIONED_TABLES } from "./022-version-triggers-for-ratings-and-details";
import {
  type BumpTiming,
  createVersionTriggers,
  dropVersionTriggers,
  TOUCHED_VERSIONS,
} from "./version-triggers";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** The count changes a transaction has made so far: lines of "<categoryId>\t<+1 or -1>". */
const COUNT_CHANGES = sql.lit("reride.category_count_changes");
/** The live events a transaction has raised so far: a JSON array of [user, kind, subject]. */
const LIVE_EVENTS = sql.lit("reride.live_events");

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
 * Now each row written notes what it changes in a transaction-local setting,
 * and one trigger deferred to commit, `shared_rows_at_commit()`, writes it
 * all, always in one order: counts (by category), live events, versions (by
 * key). No transaction holds any of them before it commits, and all take
 * them in the same order, so they can't deadlock on them. Readers see no
 * difference: it is all still the same transaction as the data.
 *
 * SQLite runs one writer at a time and writes them at once, as before.
 */
export function sharedRowsAtCommitMigration(dialect: Dialect) {
  const versionTriggers = async (db: AnyDb, timing: BumpTiming) => {
    for (const spec of [...VERSIONED_TABLES, ...RATING_AND_DETAIL_VERSIONED_TABLES]) {
      await dropVersionTriggers(db, dialect, spec);
      await createVersionTriggers(db, dialect, spec, timing);
    }
  };
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await createCommitFunctions(db);
      await noteCountChanges(db);
      await noteLiveEvents(db);
      for (const raiser of LIVE_EVENT_RAISERS) {
        await sql`create constraint trigger ${sql.id(raiser.name)}
          after ${raiser.events} on ${sql.table(raiser.table)}
          deferrable initially deferred
          for each row execute function shared_rows_at_commit()`.execute(db);
      }
      // Every write of a bike moves a version, so its table's deferred trigger
      // (made here) also writes the bike's count changes.
      await versionTriggers(db, "at commit");
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await versionTriggers(db, "at write");
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
      ]) {
        await sql`drop function if exists ${sql.id(name)}()`.execute(db);
      }
    },
  };
}

async function createCommitFunctions(db: AnyDb) {
  await sql`create function apply_category_count_changes() returns void language plpgsql as $$
    declare
      pending text := current_setting(${COUNT_CHANGES}, true);
    begin
      if coalesce(pending, '') = '' then return; end if;
      perform set_config(${COUNT_CHANGES}, '', true);
      insert into "categoryCounts" ("categoryId", "available")
        select "categoryId", change from (
          select split_part(line, E'\\t', 1) as "categoryId",
            sum(split_part(line, E'\\t', 2)::integer)::integer as change
          from unnest(string_to_array(pending, E'\\n')) as lines(line)
          where line <> '' group by 1
        ) as changes
        -- A category with no row yet starts at its first listing, never below zero.
        where change > 0 or (change < 0 and exists (
          select 1 from "categoryCounts" c where c."categoryId" = changes."categoryId"))
        order by "categoryId"
        on conflict ("categoryId")
        do update set "available" = "categoryCounts"."available" + excluded."available";
    end $$`.execute(db);
  await sql`create function write_live_events() returns void language plpgsql as $$
    declare
      pending text := current_setting(${LIVE_EVENTS}, true);
    begin
      if coalesce(pending, '') = '' then return; end if;
      perform set_config(${LIVE_EVENTS}, '', true);
      perform pg_advisory_xact_lock(${sql.lit(LIVE_EVENTS_LOCK_KEY)});
      insert into "liveEvents" ("userId", kind, "subjectId", "createdAt")
        select event ->> 0, event ->> 1, event ->> 2, now()
        from jsonb_array_elements(pending::jsonb) with ordinality as raised(event, position)
        order by position;
      perform pg_notify(${sql.lit(LIVE_CHANNEL)}, '');
    end $$`.execute(db);
  await sql`create function move_data_versions() returns void language plpgsql as $$
    declare
      touched text := current_setting(${TOUCHED_VERSIONS}, true);
    begin
      if coalesce(touched, '') = '' then return; end if;
      perform set_config(${TOUCHED_VERSIONS}, '', true);
      insert into "dataVersions" ("key", "version")
        select "key", floor((random() - 0.5) * 1.8e19)::bigint from (
          select distinct "key" from unnest(string_to_array(touched, E'\\n')) as keys("key")
          where "key" <> ''
        ) as keys order by "key"
        on conflict ("key") do update set "version" = excluded."version";
    end $$`.execute(db);
  // Counts first: writing them notes their own version keys, which the last step moves.
  await sql`create function shared_rows_at_commit() returns trigger language plpgsql as $$
    begin
      perform apply_category_count_changes();
      perform write_live_events();
      perform move_data_versions();
      return null;
    end $$`.execute(db);
}

/** 020's count trigger, noting each change for commit instead of writing it. */
async function noteCountChanges(db: AnyDb) {
  await sql`create or replace function category_counts_follow_bikes() returns trigger
    language plpgsql as $$
    declare
      counted_before text;
      counted_after text;
    begin
      if tg_op <> 'INSERT' and old.status = 'available' and old.hidden = 0 then counted_before := old."categoryId"; end if;
      if tg_op <> 'DELETE' and new.status = 'available' and new.hidden = 0 then counted_after := new."categoryId"; end if;
      if counted_before is not distinct from counted_after then return null; end if;
      perform set_config(${COUNT_CHANGES}, coalesce(current_setting(${COUNT_CHANGES}, true), '')
        || coalesce(counted_before || E'\\t-1\\n', '')
        || coalesce(counted_after || E'\\t1\\n', ''), true);
      return null;
    end $$`.execute(db);
}

/** 015's live event, noted for commit instead of written. */
async function noteLiveEvents(db: AnyDb) {
  await sql`create or replace function live_event(target text, what text, subject text)
    returns void language plpgsql as $$
    begin
      perform set_config(${LIVE_EVENTS}, (
        coalesce(nullif(current_setting(${LIVE_EVENTS}, true), ''), '[]')::jsonb
          || jsonb_build_array(jsonb_build_array(target, what, subject))
      )::text, true);
    end $$`.execute(db);
}
