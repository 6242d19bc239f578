import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Which image of a changed row a key query reads: `new` (insert, update) or `old` (update, delete). */
export type RowImage = "new" | "old";

/**
 * How a table's writes move the read caches' versions (cache/data-version.ts,
 * docs/decisions/0007-read-caches.md): `keys(row)` is a query with one text
 * column, `key`, giving the versions a row touches, where `row` is the
 * trigger's `new` or `old` (refer to its columns with `sql.ref(`${row}.column`)`).
 * It may read other tables (the category of a photo's bike) and give any number
 * of keys; null keys are skipped.
 *
 * The keys in use:
 * - `category:<categoryId>`: a category's bikes as lists show them (the
 *   bikes, their photos, sellers, availability, counts, the category itself);
 * - `prices:<categoryId>`: what every bike of a category shows beside its own
 *   row (fair-price statistics, the category's name);
 * - `bike:<bikeId>`: one bike's page (the bike, its photos, seller, bookings);
 * - `user:<userId>`: what a user's own reads show of their state (wishlist
 *   hearts, their bookings, quotes, the user's row);
 * - `session:<userId>`: the user's sessions (the session cache);
 * - `search`: the search vocabulary.
 */
export interface VersionKeys {
  /** The table, as in SQL. */
  table: string;
  /** Names its triggers: `data_versions_<name>…`; letters, digits and underscores. */
  name: string;
  keys: (row: RowImage) => RawBuilder<unknown>;
  /**
   * A setting: while it is `yes` in the writing transaction, this table's
   * writes note no keys (PostgreSQL, "at commit, queued once"). The category
   * counts written at commit set it: the bikes' writes that changed them
   * already noted the same keys.
   */
  quietWhile?: string;
}

/** Set while a transaction has notes for commit (026's `prepare_commit_notes()`). */
export const COMMIT_NOTES_PENDING = "reride.commit_notes_pending";
/** Set while the category counts are written at commit (029). */
export const COUNTS_AT_COMMIT = "reride.counts_at_commit";

/** True while `setting` isn't `yes` in this transaction. */
export const settingUnset = (setting: string) =>
  sql`current_setting(${sql.lit(setting)}, true) is distinct from 'yes'`;

/**
 * Makes every insert, update and delete of `spec.table` — from the app,
 * better-auth, a cascade, a trigger, a script or a database shell — bump the
 * versions its rows touch, in the same transaction as the write. A table a
 * cached read reads must have these triggers (a new column of such a table
 * needs nothing more); a table no cached read reads must not, so its writes
 * evict nothing.
 */
export async function createVersionTriggers(
  db: AnyDb,
  dialect: Dialect,
  spec: VersionKeys,
  timing: BumpTiming,
) {
  if (dialect === "postgres") await createPostgres(db, spec, timing);
  else await createSqlite(db, spec);
}

/**
 * When PostgreSQL moves a key's version: at the write itself (014 and 022
 * made them so), or at commit (the keys are gathered as rows are written and
 * moved together as the transaction commits: 026), with every row written
 * queueing the work for commit (026) or only the first of a transaction's
 * (029 and after). SQLite always moves them at the write.
 */
export type BumpTiming = "at commit" | "at commit, queued once" | "at write";

export async function dropVersionTriggers(db: AnyDb, dialect: Dialect, spec: VersionKeys) {
  if (dialect === "postgres") {
    await sql`drop trigger if exists ${sql.id(`data_versions_${spec.name}`)} on ${sql.table(spec.table)}`.execute(
      db,
    );
    await sql`drop trigger if exists ${sql.id(`data_versions_${spec.name}_at_commit`)} on ${sql.table(spec.table)}`.execute(
      db,
    );
    await sql`drop function if exists ${sql.id(`data_versions_${spec.name}`)}()`.execute(db);
    return;
  }
  for (const operation of ["insert", "update", "delete"]) {
    await sql`drop trigger if exists ${sql.id(`data_versions_${spec.name}_${operation}`)}`.execute(
      db,
    );
  }
}

/**
 * Gives each key a new version: a random 64-bit number, not a count, so a
 * version is never given twice — a write rolled back can't leave a value a
 * later write gives again, and make an answer read meanwhile look current.
 */
const bump = (keys: RawBuilder<unknown>) =>
  sql`insert into "dataVersions" ("key", "version")
    select "key", random() from (
      select distinct "key" from (${keys}) as touched where "key" is not null
    ) as keys where true
    on conflict ("key") do update set "version" = excluded."version"`;

async function createSqlite(db: AnyDb, spec: VersionKeys) {
  const table = sql.table(spec.table);
  const name = (operation: string) => sql.id(`data_versions_${spec.name}_${operation}`);
  await sql`create trigger ${name("insert")} after insert on ${table}
    begin ${bump(spec.keys("new"))}; end`.execute(db);
  await sql`create trigger ${name("delete")} after delete on ${table}
    begin ${bump(spec.keys("old"))}; end`.execute(db);
  await sql`create trigger ${name("update")} after update on ${table}
    begin ${bump(sql`${spec.keys("old")} union ${spec.keys("new")}`)}; end`.execute(db);
}

/**
 * At write (014, 022): each row upserts its keys' versions at once, the keys
 * of one statement locked in sorted order, so two writes touching the same
 * keys wait for each other instead of deadlocking.
 *
 * At commit (026): each row written notes the keys it touches in the
 * session's `reride_at_commit` table (made by `prepare_commit_notes()`, 026),
 * and a trigger deferred to commit runs `shared_rows_at_commit()` (026),
 * which moves them all in one sorted statement. The first of those deferred
 * triggers to fire does the work; the rest find nothing left.
 *
 * At commit, queued once (029): the same, but a row queues the deferred
 * trigger only while the transaction has no notes pending (the `when` of a
 * deferred trigger is asked as the row is written, before that row's own
 * note): the first write of a transaction queues it, and the ones after it
 * add their notes to the same commit's work instead of queueing a call that
 * finds nothing left. A savepoint rolled back takes both its queued call and
 * the pending mark with it, so a later write queues one again. A row's note
 * skips the call to `prepare_commit_notes()` when notes are already pending.
 */
async function createPostgres(db: AnyDb, spec: VersionKeys, timing: BumpTiming) {
  const name = sql.id(`data_versions_${spec.name}`);
  const record =
    timing === "at write"
      ? (keys: RawBuilder<unknown>) =>
          sql`insert into "dataVersions" ("key", "version")
            select "key", floor((random() - 0.5) * 1.8e19)::bigint from (
              select distinct "key" from (${keys}) as touched where "key" is not null
            ) as keys order by "key"
            on conflict ("key") do update set "version" = excluded."version"`
      : (keys: RawBuilder<unknown>) =>
          sql`${
            timing === "at commit"
              ? sql`perform prepare_commit_notes();`
              : sql`if ${settingUnset(COMMIT_NOTES_PENDING)} then perform prepare_commit_notes(); end if;`
          }
            insert into pg_temp.reride_at_commit (what, "key")
              select distinct 'version', "key" from (${keys}) as touched where "key" is not null`;
  const queuedOnce = timing === "at commit, queued once";
  const quiet = queuedOnce && spec.quietWhile ? settingUnset(spec.quietWhile) : null;
  await sql`create function ${name}() returns trigger language plpgsql as $$
    begin
      -- A write that leaves the row as it was (a row lock taken by writing it
      -- unchanged: lib/account-lock.ts) changes no answer.
      if tg_op = 'UPDATE' and old::text = new::text then return null; end if;
      if tg_op = 'INSERT' then ${record(spec.keys("new"))};
      elsif tg_op = 'DELETE' then ${record(spec.keys("old"))};
      else ${record(sql`${spec.keys("old")} union ${spec.keys("new")}`)};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${name} after insert or update or delete on ${sql.table(spec.table)}
    for each row ${quiet ? sql`when (${quiet})` : sql``} execute function ${name}()`.execute(db);
  if (timing !== "at write") {
    const when = queuedOnce
      ? sql`when (${settingUnset(COMMIT_NOTES_PENDING)}${quiet ? sql` and ${quiet}` : sql``})`
      : sql``;
    await sql`create constraint trigger ${sql.id(`data_versions_${spec.name}_at_commit`)}
      after insert or update or delete on ${sql.table(spec.table)}
      deferrable initially deferred
      for each row ${when} execute function shared_rows_at_commit()`.execute(db);
  }
}
