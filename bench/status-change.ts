import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import {
  availableIndexes,
  createIndexStatement,
  statusIndexes,
} from "#src/server/db/migrations/028-available-bike-indexes";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { median } from "./lib/load";

/**
 * What the search's seven indexes cost each time a booking or its answer
 * moves a bike between available and booked, side by side in one run, three
 * ways: as migrated (partial indexes of available, shown bikes: migration
 * 028), keyed by `status` as they were before it (every bike, `status`
 * first), and without them. The database's own work only (the statement,
 * its triggers, its indexes; on SQLite the commit that writes the changed
 * pages to the log), no HTTP and no app. Medians of the rounds, each way in
 * turn.
 *
 * SQLite: on a copy of the bench's database (`vacuum into`), each status
 * change its own transaction, as the app commits it. PostgreSQL: on the
 * bench's database, each way one transaction rolled back (its indexes made
 * inside it), timed by PostgreSQL itself, so without commits and round trips.
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

const AVAILABLE_BIKES = `select id from bikes where status = 'available' and hidden = 0 order by id limit ${bikeCount}`;

/** The ways compared, each the statements that turn the migrated indexes into it, and back. */
const WAYS = (() => {
  const partial = availableIndexes(kind);
  const keyed = statusIndexes(kind);
  const drop = ([name]: [string, string]) => `drop index "${name}"`;
  const createPartial = partial.map((index) => createIndexStatement(index, true));
  return [
    { name: "partial (as migrated)", into: [], back: [] },
    {
      name: "keyed by status (before 028)",
      into: [...partial.map(drop), ...keyed.map((index) => createIndexStatement(index, false))],
      back: [...keyed.map(drop), ...createPartial],
    },
    { name: "without them", into: partial.map(drop), back: createPartial },
  ];
})();
type Way = (typeof WAYS)[number];

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);

/** µs per status change, the bikes chosen moved to booked and back, with the indexes of `way`. */
type Timing = (way: Way) => Promise<number>;

function sqliteTiming(file: string): { time: Timing; close: () => void } {
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
    time: async (way) => {
      for (const statement of way.into) db.exec(statement);
      try {
        return timeChanges();
      } finally {
        for (const statement of way.back) db.exec(statement);
      }
    },
    close: () => {
      db.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

async function postgresTiming(url: string): Promise<{ time: Timing; close: () => Promise<void> }> {
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
  const time: Timing = async (way) => {
    await client.query("begin");
    try {
      for (const statement of way.into) await client.query(statement);
      await client.query(timeChanges);
      const { rows } = await client.query<{ us: string }>(
        "select current_setting('bench.us_per_change') as us",
      );
      return Number(rows[0]?.us);
    } finally {
      await client.query("rollback");
    }
  };
  await time(WAYS[0] as Way); // warm-up
  return { time, close: () => client.end() };
}

const runner =
  kind === "sqlite"
    ? sqliteTiming(database.url.replace(/^file:/, ""))
    : await postgresTiming(database.url);
try {
  const times = WAYS.map(() => [] as number[]);
  for (let index = 0; index < rounds; index++) {
    const round: string[] = [];
    for (const [wayIndex, way] of WAYS.entries()) {
      const us = await runner.time(way);
      times[wayIndex]?.push(us);
      round.push(`${way.name} ${us.toFixed(0)} µs`);
    }
    process.stdout.write(`round ${index + 1}: ${round.join(" · ")}\n`);
  }
  const medians = times.map((each) => median(each));
  const migrated = medians[0] ?? Number.NaN;
  process.stdout.write(
    `${kind}: a bike's status change (medians of ${rounds} rounds, ${bikeCount} bikes each way and back)\n`,
  );
  for (const [wayIndex, way] of WAYS.entries()) {
    const us = medians[wayIndex] ?? Number.NaN;
    process.stdout.write(
      `  ${way.name.padEnd(30)} ${us.toFixed(0).padStart(5)} µs  ${(us / migrated).toFixed(2)}× as migrated\n`,
    );
  }
} finally {
  await runner.close();
}
