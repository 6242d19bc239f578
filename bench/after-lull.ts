import { parseArgs } from "node:util";
import { openDatabase } from "#src/server/db/database";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { median } from "./lib/load";
import { signUp, startReRide } from "./lib/reride";

/**
 * A write after a lull: one buyer books a bike and cancels it, a few times
 * after a short pause and a few times after a long one (longer than the 10 s
 * after which pg's pool closed an idle connection by default), and the
 * median time of each. A quiet marketplace has lulls all day; what its first
 * write after one costs is what most of its writes cost. The ratio of the
 * two medians is the figure: the machine's speed cancels out.
 *
 *   npm run bench:after-lull                       # PostgreSQL, pauses of 1 s and 11 s
 *   npm run bench:after-lull -- --db sqlite --times 7
 */
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    pauses: { type: "string", default: "1,11" },
    times: { type: "string", default: "5" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const kind = values.db as DbKind;
if (kind !== "sqlite" && kind !== "postgres") throw new Error("--db is sqlite or postgres");
const pauses = values.pauses.split(",").map((seconds) => Number(seconds) * 1000);
const times = Number(values.times);

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);
// Bikes nobody else books in this run: the highest ids, one per booking.
const handle = openDatabase(database.config);
const bikes = (
  await handle.db
    .selectFrom("bikes")
    .select("id")
    .where("status", "=", "available")
    .orderBy("id", "desc")
    .limit(pauses.length * times)
    .execute()
).map((row) => row.id);
await handle.close();

const reride = await startReRide(database, "warn");
try {
  const buyer = await signUp(reride.url, "buyer");
  const headers = { cookie: buyer.cookie, origin: reride.url, "content-type": "application/json" };
  const send = async (method: string, route: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${reride.url}${route}`, {
      method,
      headers,
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { id?: string };
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
    return { ms: performance.now() - started, answer };
  };
  const medians: number[] = [];
  for (const pause of pauses) {
    const bookings: number[] = [];
    const cancels: number[] = [];
    for (let n = 0; n < times; n++) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      const booked = await send("POST", "/api/bookings", {
        bikeId: bikes.pop(),
        phone: "+8801711000001",
        meetingLocation: "Dhaka",
      });
      bookings.push(booked.ms);
      cancels.push(
        (await send("PATCH", `/api/bookings/${booked.answer.id}`, { status: "cancelled" })).ms,
      );
    }
    medians.push(median(bookings));
    console.log(
      `${kind}, after ${pause / 1000} s: booking ${median(bookings).toFixed(1)} ms, its cancel ${median(cancels).toFixed(1)} ms (medians of ${times}; bookings ${bookings.map((ms) => ms.toFixed(0)).join(", ")})`,
    );
  }
  const first = medians[0];
  const last = medians.at(-1);
  if (first && last && medians.length > 1) {
    console.log(
      `a booking after the longest pause takes ${(last / first).toFixed(2)}× one after the shortest`,
    );
  }
} finally {
  await reride.stop();
}
