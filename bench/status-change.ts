import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { median } from "./lib/load";

/**
 * What the indexes that hold a bike's `status` cost each time a booking or
 * its answer moves the bike (available ↔ booked), side by side in one run:
 * the same status changes with every index, and with those seven dropped.
 * The database's own work only (the statement, its triggers, its indexes;
 * on SQLite the commit that writes the changed pages to the log), no HTTP
 * and no app. Medians of the rounds, each way in turn.
 *
 * SQLite: on a copy of the bench's database (`vacuum into`), each status
 * change its own transaction, as the app commits it. PostgreSQL: on the
 * bench's database, each round one transaction rolled back (the indexes
 * dropped inside it), timed by PostgreSQL itself, so without commits and
 * round trips.
 *
 *   npm run bench:status-change                  # SQLite
 *   npm run bench:status-change -- --db postgres
 */
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    rounds: { type: "string", default: "5" },
    bikes: { type: "string", default: "300" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const kind = values.db as DbKind;
if (kind !== "sqlite" && kind !== "postgres") throw new Error("--db is sqlite or postgres");
const rounds = Number(values.rounds);
const bikeCount = Number(values.bikes);

/** The indexes whose key holds `status` (migrations 003, 017, 018): each a delete and an insert per change. */
const STATUS_INDEXES = [
  "bikes_status_posted",
  "bikes_status_price",
  "bikes_category_status_posted",
  "bikes_category_status_price",
  "bikes_status_mileage",
  "bikes_status_year",
  "bikes_shown_details",
];
const AVAILABLE_BIKES = `select id from bikes where status = 'available' and hidden = 0 order by id limit ${bikeCount}`;

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);

/** µs per status change, one round each way: every index, then without STATUS_INDEXES. */
type Round = () => Promise<{ all: number; without: number }>;

async function sqliteRounds(file: string): Promise<{ round: Round; close: () => void }> {
  const scratch = mkdtempSync(path.join(tmpdir(), "reride-status-change-"));
  const copy = path.join(scratch, "copy.sqlite");
  const source = new SQLite(file, { readonly: true });
  source.prepare("vacuum into ?").run(copy);
  source.close();
  const db = new SQLite(copy);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const ids = db.prepare(AVAILABLE_BIKES).pluck().all() as string[];
  const setStatus = db.prepare("update bikes set status = ? where id = ?");
  const definitions = STATUS_INDEXES.map((name) =>
    String(db.prepare("select sql from sqlite_master where name = ?").pluck().get(name)),
  );
  const timeChanges = () => {
    db.pragma("wal_checkpoint(TRUNCATE)");
    const started = process.hrtime.bigint();
    for (const id of ids) {
      db.transaction(() => setStatus.run("booked", id))();
      db.transaction(() => setStatus.run("available", id))();
    }
    return Number(process.hrtime.bigint() - started) / 1000 / (2 * ids.length);
  };
  timeChanges(); // warm-up
  return {
    round: async () => {
      const all = timeChanges();
      for (const name of STATUS_INDEXES) db.exec(`drop index "${name}"`);
      const without = timeChanges();
      for (const definition of definitions) db.exec(definition);
      return { all, without };
    },
    close: () => {
      db.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

async function postgresRounds(url: string): Promise<{ round: Round; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Timed inside PostgreSQL: µs per status change, over the bikes chosen.
  const timeChanges = `do $$
    declare started timestamptz := clock_timestamp(); bike record; changes int := 0;
    begin
      for bike in ${AVAILABLE_BIKES} loop
        update bikes set status = 'booked' where id = bike.id;
        update bikes set status = 'available' where id = bike.id;
        changes := changes + 2;
      end loop;
      perform set_config('bench.us_per_change',
        (extract(epoch from clock_timestamp() - started) * 1e6 / greatest(changes, 1))::text, true);
    end $$`;
  const once = async (dropFirst: boolean) => {
    await client.query("begin");
    try {
      if (dropFirst) await client.query(`drop index ${STATUS_INDEXES.join(", ")}`);
      await client.query(timeChanges);
      const { rows } = await client.query<{ us: string }>(
        "select current_setting('bench.us_per_change') as us",
      );
      return Number(rows[0]?.us);
    } finally {
      await client.query("rollback");
    }
  };
  await once(false); // warm-up
  return {
    round: async () => ({ all: await once(false), without: await once(true) }),
    close: () => client.end(),
  };
}

const runner =
  kind === "sqlite"
    ? await sqliteRounds(database.url.replace(/^file:/, ""))
    : await postgresRounds(database.url);
try {
  const all: number[] = [];
  const without: number[] = [];
  for (let index = 0; index < rounds; index++) {
    const round = await runner.round();
    all.push(round.all);
    without.push(round.without);
    process.stdout.write(
      `round ${index + 1}: ${round.all.toFixed(0)} µs with every index, ${round.without.toFixed(0)} µs without the seven\n`,
    );
  }
  const withAll = median(all);
  const withoutSeven = median(without);
  process.stdout.write(
    `${kind}: a bike's status change ${withAll.toFixed(0)} µs with every index, ` +
      `${withoutSeven.toFixed(0)} µs without the ${STATUS_INDEXES.length} that hold status ` +
      `(${(withoutSeven / withAll).toFixed(2)}×; medians of ${rounds} rounds, ${bikeCount} bikes each way and back)\n`,
  );
} finally {
  await runner.close();
}
