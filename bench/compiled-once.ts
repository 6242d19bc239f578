import { parseArgs } from "node:util";
import type { KyselyPlugin } from "kysely";
import { findBike, readBikesByIds } from "#src/server/catalog/bike-reads";
import { withConversationTables } from "#src/server/conversations/conversation-tables";
import { type AppDb, openDatabase } from "#src/server/db/database";
import { createBike } from "#src/server/features/bikes/create-bike";
import { createBooking } from "#src/server/features/bookings/bookings.queries";
import { changeBookingStatus } from "#src/server/features/bookings/change-booking-status";
import { findConversationSummary } from "#src/server/features/conversations/conversations.queries";
import { sendMessage, startConversation } from "#src/server/features/conversations/send-message";
import { addToWishlist, removeFromWishlist } from "#src/server/features/wishlist/wishlist.queries";
import type { User } from "#src/shared/schemas/users";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { median } from "./lib/load";
import { benchListing } from "./lib/mixed";

/**
 * What building SQL with Kysely on every call costs, side by side in one
 * process (src/server/db/compiled-once.ts): a booking made and cancelled,
 * a category page's read model of 12 bikes, a heart on and off, a
 * message in a conversation, a conversation started with its summary read
 * (POST /api/conversations) and a new listing read back as its seller sees
 * it (POST /api/bikes), each run in turn on the
 * app's database as it is (statements compiled once) and through a
 * pass-through plugin (a database with plugins builds every query, as
 * before). The figure is the ratio of the CPU medians: the machine's speed
 * cancels out. The plugin's own two calls a statement are a few
 * microseconds of the difference.
 *
 *   npm run bench:compiled-once                  # SQLite
 *   npm run bench:compiled-once -- --db postgres --rounds 8
 */
// As a server runs: outside production each compiled statement is also built again
// to check it (src/server/db/compiled-once.ts), which would be timed too.
process.env.NODE_ENV = "production";
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    rounds: { type: "string", default: "6" },
    pairs: { type: "string", default: "200" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const kind = values.db as DbKind;
if (kind !== "sqlite" && kind !== "postgres") throw new Error("--db is sqlite or postgres");
const rounds = Number(values.rounds);
const pairs = Number(values.pairs);

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);
const handle = openDatabase(database.config);
const passThrough: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};
const ways: Array<[string, AppDb]> = [
  ["compiled once", handle.db],
  ["built each call", handle.db.withPlugin(passThrough)],
];

/** The generated data's first user of this kind, as the session hands it to the app. */
async function firstUserOf(accountType: "buyer" | "seller"): Promise<User> {
  const row = await handle.db
    .selectFrom("users")
    .select(["id", "name", "email", "verified", "emailVerified", "createdAt"])
    .where("accountType", "=", accountType)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return {
    ...row,
    accountType,
    role: "user",
    verified: Boolean(row.verified),
    emailVerified: Boolean(row.emailVerified),
    createdAt: String(row.createdAt),
  };
}

try {
  const buyer = await firstUserOf("buyer");
  // Bikes this buyer may book; each booking is cancelled before the next, so a few suffice.
  const bikes = (
    await handle.db
      .selectFrom("bikes")
      .select("id")
      .where("status", "=", "available")
      .where("hidden", "=", 0)
      .where("sellerId", "!=", buyer.id)
      .orderBy("id", "desc")
      .limit(50)
      .execute()
  ).map((row) => row.id);
  const page = bikes.slice(0, 12);
  const rules = { dialect: kind, maxActive: 1000, publicUrl: "http://127.0.0.1:1" };

  /** CPU milliseconds per call of `run`, over `times` calls. */
  const cpuPer = async (times: number, run: (index: number) => Promise<unknown>) => {
    const started = process.cpuUsage();
    for (let index = 0; index < times; index++) await run(index);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000 / times;
  };
  const bookAndCancel = (db: AppDb) => async (index: number) => {
    const bikeId = bikes[index % bikes.length] ?? "";
    const booking = await createBooking(
      db,
      buyer,
      { bikeId, phone: "01700000000", meetingLocation: "Bench" },
      rules,
    );
    await changeBookingStatus(db, buyer, booking.id, "cancelled", rules);
  };
  const readPage = (db: AppDb) => () => readBikesByIds(db, buyer.id, page);
  const heartOnAndOff = (db: AppDb) => async (index: number) => {
    const bikeId = bikes[index % bikes.length] ?? "";
    if (!(await addToWishlist(db, kind, buyer, bikeId)))
      throw new Error(`bike ${bikeId} is not shown`);
    await removeFromWishlist(db, buyer.id, bikeId);
  };
  // One conversation, new for this run (deleted at the end); each call adds a message to it.
  const talkedAbout = new Set(
    (
      await withConversationTables(handle.db)
        .selectFrom("conversations")
        .select("bikeId")
        .where("buyerId", "=", buyer.id)
        .execute()
    ).map((row) => row.bikeId),
  );
  const talkedAboutHere = bikes.find((id) => !talkedAbout.has(id)) ?? "";
  const { conversationId, created } = await startConversation(
    handle.db,
    buyer,
    { bikeId: talkedAboutHere, text: "Is it still available?" },
    rules,
  );
  if (!created) throw new Error("the bench's conversation was not a new one");
  talkedAbout.add(talkedAboutHere);
  const message = (db: AppDb) => () =>
    sendMessage(db, buyer, conversationId, "Could I see it on Saturday?", rules);
  // A first message about another bike on each call, as POST /api/conversations answers it.
  const bikesToAskAbout = (
    await handle.db
      .selectFrom("bikes")
      .select("id")
      .where("hidden", "=", 0)
      .where("sellerId", "!=", buyer.id)
      .orderBy("postedAt", "desc")
      .limit(pairs * (rounds * 2 + 2) + 50)
      .execute()
  )
    .map((row) => row.id)
    .filter((id) => !talkedAbout.has(id));
  const started: string[] = [];
  let asked = 0;
  const firstMessage = (db: AppDb) => async () => {
    const bikeId = bikesToAskAbout[asked++];
    if (!bikeId) throw new Error("the bench ran out of bikes to ask about");
    const first = await startConversation(
      db,
      buyer,
      { bikeId, text: "Is it still available?" },
      rules,
    );
    if (!first.created) throw new Error("the bench asked about a bike twice");
    started.push(first.conversationId);
    if (!(await findConversationSummary(db, buyer.id, first.conversationId))) {
      throw new Error("a conversation just started has no summary");
    }
  };
  // A new listing without photos, read back for its seller, as POST /api/bikes answers it.
  const seller = await firstUserOf("seller");
  const { id: categoryId } = await handle.db
    .selectFrom("categories")
    .select("id")
    .orderBy("name")
    .executeTakeFirstOrThrow();
  const listed: string[] = [];
  const newListing = (db: AppDb) => async (index: number) => {
    const id = await createBike(db, seller.id, benchListing(index, categoryId));
    listed.push(id);
    if (!(await findBike(db, seller, id))) throw new Error("a new listing can't be read back");
  };

  const tasks: Array<[string, (db: AppDb) => (index: number) => Promise<unknown>, number]> = [
    ["booking made and cancelled", bookAndCancel, pairs],
    ["a page's read model (12 bikes)", readPage, pairs * 5],
    ["a heart on and off", heartOnAndOff, pairs],
    ["a message", message, pairs],
    ["a conversation started, with its summary", firstMessage, pairs],
    ["a new listing, read back", newListing, pairs],
  ];
  process.stdout.write(`${kind}: CPU of this process per call, median of ${rounds} rounds\n`);
  try {
    for (const [task, runOn, times] of tasks) {
      const cpu = new Map<string, number[]>(ways.map(([way]) => [way, []]));
      for (const [, db] of ways) await cpuPer(Math.ceil(times / 4), runOn(db)); // warm-up
      for (let round = 0; round < rounds; round++) {
        for (const [way, db] of ways) cpu.get(way)?.push(await cpuPer(times, runOn(db)));
      }
      const [compiled, built] = ways.map(([way]) => median(cpu.get(way) ?? []));
      process.stdout.write(
        `  ${task}: compiled once ${compiled?.toFixed(3)} ms, built each call ${built?.toFixed(3)} ms (${((compiled ?? 0) / (built ?? 1)).toFixed(2)}×)\n`,
      );
    }
  } finally {
    // The messages and listings would stay in the generated data; the bookings, cancelled,
    // are what the booking mix leaves too.
    await withConversationTables(handle.db)
      .deleteFrom("conversations")
      .where("id", "in", [conversationId, ...started])
      .execute();
    // The listings too, in batches: each is a few triggers' work.
    for (let at = 0; at < listed.length; at += 500) {
      await handle.db
        .deleteFrom("bikes")
        .where("id", "in", listed.slice(at, at + 500))
        .execute();
    }
  }
} finally {
  await handle.close();
}
