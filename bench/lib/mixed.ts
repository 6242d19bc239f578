import http from "node:http";
import { performance } from "node:perf_hooks";
import { openDatabase } from "#src/server/db/database";
import type { CategoryName } from "#src/shared/schemas/categories";
import type { BenchDatabase } from "./databases";
import { inTurn, type LoadSettings, medianOf, pairedRatio, percentile, type Summary } from "./load";
import { type ReRide, signUp } from "./reride";
import { type WrkOptions, type WrkResult, wrk } from "./wrk";

/**
 * The mixed workload (issue 16): the signed-in category page, the search and
 * a bike page read at full speed by wrk, while other users write at a fixed
 * rate — wishlist hearts, bookings and their cancellations, new listings, messages to sellers —
 * from this process. Each read endpoint is measured write-free and at every
 * rate in WRITE_RATES, interleaved round by round, each round starting one
 * rate further along (0, 20, 200, then 20, 200, 0, …; load.ts's `inTurn`),
 * on one ReRide process and on one per core. "Kept" is the read throughput at
 * a rate over the write-free throughput of the same round (load.ts pairs
 * them), so a slow spell of the machine moves one ratio, not the verdict.
 *
 * The writers are open-loop: a write starts every 1/rate seconds whether or
 * not the earlier ones have been answered (up to MAX_IN_FLIGHT at once; past
 * that a write is counted as skipped), as real users do. The rate achieved
 * is reported beside each figure: a server that can't take the writes shows
 * it there rather than by quietly receiving fewer.
 */

export const WRITE_RATES = [0, 20, 200] as const;
const MAX_IN_FLIGHT = 64;
/** Writer accounts: the writes are other users', never the reader's. */
const WRITER_BUYERS = 4;

export interface WriteFigures {
  /** Writes started per second over the run. */
  perSecond: number;
  done: number;
  /** Answers that weren't 2xx, and network errors. */
  failed: number;
  /** Not started because MAX_IN_FLIGHT were still unanswered. */
  skipped: number;
  p99Ms: number;
  /** How many of each kind were made. */
  kinds: Record<string, number>;
}

export interface MixedRow {
  db: string;
  bikes: number;
  /** "one process" or "<n> processes". */
  server: string;
  endpoint: string;
  /** Writes per second asked for. */
  rate: number;
  rounds: WrkResult[];
  writes: WriteFigures[];
  median: Summary;
  /** Read throughput at this rate ÷ write-free, round by round (1 for rate 0). */
  kept: number;
  errors: number;
}

/**
 * One kind of write the background users make: `next` makes one write (one
 * HTTP request) and says whether it was answered 2xx. Kinds take turns by
 * weight. Conversations' messages, once they exist, are one more entry in
 * `writeKinds`; `cleanUp` undoes what a kind left behind (run untimed, after
 * the measurements), so the generated database can be used again.
 */
export interface WriteKind {
  name: string;
  weight: number;
  next(): Promise<boolean>;
  cleanUp?(): Promise<void>;
}

export interface Writer {
  url: string;
  cookie: string;
}

export interface MixedPaths {
  category: string;
  search: string | null;
  bike: string | null;
}

export async function runMixed(
  database: BenchDatabase,
  servers: ReRide[],
  paths: MixedPaths,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<MixedRow[]> {
  const first = servers[0];
  if (!first) return [];
  const { kinds, writers } = await writeKinds(database, first);
  const rows: MixedRow[] = [];
  const endpoints: Array<[string, string | null]> = [
    ["category page", paths.category],
    ["search", paths.search],
    ["bike page", paths.bike],
  ];
  try {
    for (const server of servers) {
      const label = server.name === "ReRide" ? "one process" : server.name.replace(/^ReRide ×/, "");
      // The writes go to the server being read, as its users' would.
      for (const writer of writers) writer.url = server.url;
      // A fresh process's first seconds of writes run code it has never run: the first
      // 200 writes/s served a third of the reads or less that the same rate did seconds later, on
      // both databases (`npm run bench:first-burst`; decision 21, thirtieth pass). That is
      // a start's cost, not what a rate costs, so one run of reads and writes at the
      // highest rate comes before the rounds, as a run of reads comes before each endpoint's.
      await readWhileWriting(
        {
          url: `${server.url}${paths.category}`,
          seconds: settings.seconds,
          connections: settings.connections,
          headers: { Cookie: first.cookie },
        },
        Math.max(...WRITE_RATES),
        kinds,
      );
      for (const [endpoint, route] of endpoints) {
        if (!route) continue;
        log(
          `  ${database.kind} ${database.bikes.toLocaleString("en")}: mixed, ${endpoint}, ${label}`,
        );
        const url = `${server.url}${route}`;
        const headers = { Cookie: first.cookie };
        await wrk({
          url,
          seconds: settings.warmupSeconds,
          connections: settings.connections,
          headers,
        });
        const byRate = new Map<number, { reads: WrkResult[]; writes: WriteFigures[] }>(
          WRITE_RATES.map((rate) => [rate, { reads: [], writes: [] }]),
        );
        for (let round = 1; round <= settings.rounds; round++) {
          const line: string[] = [];
          for (const rate of inTurn(WRITE_RATES, round)) {
            const [reads, writes] = await readWhileWriting(
              { url, seconds: settings.seconds, connections: settings.connections, headers },
              rate,
              kinds,
            );
            byRate.get(rate)?.reads.push(reads);
            byRate.get(rate)?.writes.push(writes);
            line.push(
              `${rate} w/s: ${Math.round(reads.requestsPerSecond)}/s p99 ${Math.round(reads.p99Ms)} ms` +
                (rate > 0 ? ` (${Math.round(writes.perSecond)} w/s done)` : ""),
            );
          }
          log(`    round ${round}: ${line.join(" · ")}`);
        }
        const writeFree = byRate.get(0)?.reads ?? [];
        for (const rate of WRITE_RATES) {
          const measured = byRate.get(rate);
          if (!measured) continue;
          const { reads, writes } = measured;
          rows.push({
            db: database.kind,
            bikes: database.bikes,
            server: label,
            endpoint,
            rate,
            rounds: reads,
            writes,
            median: medianOf(reads),
            // Reads at this rate ÷ write-free reads, paired round by round.
            kept: rate === 0 ? 1 : pairedRatio({ rounds: reads }, { rounds: writeFree }),
            errors: reads.reduce((sum, r) => sum + r.non2xx + r.socketErrors, 0),
          });
        }
      }
    }
  } finally {
    log(`  ${database.kind}: undoing the mixed workload's writes`);
    for (const kind of kinds) await kind.cleanUp?.();
  }
  return rows;
}

/** wrk reading `url` for `seconds` while `kinds` write at `rate`: one run of the mixed workload. */
export function readWhileWriting(
  read: WrkOptions,
  rate: number,
  kinds: WriteKind[],
): Promise<[WrkResult, WriteFigures]> {
  return Promise.all([wrk(read), writeAtRate(rate, read.seconds * 1000, kinds)]);
}

/** Writes at `rate` per second for `durationMs`, in turn by the kinds' weights. */
export async function writeAtRate(
  rate: number,
  durationMs: number,
  kinds: WriteKind[],
): Promise<WriteFigures> {
  const figures: WriteFigures = {
    perSecond: 0,
    done: 0,
    failed: 0,
    skipped: 0,
    p99Ms: Number.NaN,
    kinds: {},
  };
  if (rate === 0) return figures;
  const turns = kinds.flatMap((kind) => Array.from({ length: kind.weight }, () => kind));
  const times: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const interval = 1000 / rate;
  let due = started;
  let turn = 0;
  let attempted = 0;
  while (performance.now() - started < durationMs) {
    while (due <= performance.now()) {
      due += interval;
      attempted++;
      if (inFlight.size >= MAX_IN_FLIGHT) {
        figures.skipped++;
        continue;
      }
      const kind = turns[turn++ % turns.length];
      if (!kind) continue;
      figures.kinds[kind.name] = (figures.kinds[kind.name] ?? 0) + 1;
      const sent = performance.now();
      const write: Promise<void> = kind.next().then(
        (ok) => {
          times.push(performance.now() - sent);
          if (ok) figures.done++;
          else figures.failed++;
          inFlight.delete(write);
        },
        () => {
          figures.failed++;
          inFlight.delete(write);
        },
      );
      inFlight.add(write);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(inFlight);
  figures.perSecond = (attempted - figures.skipped) / (durationMs / 1000);
  figures.p99Ms = percentile(times, 99);
  return figures;
}

/**
 * Wishlist hearts (put, then take off), bookings and their cancellations by
 * several buyers, and new listings by a seller in every category: the writes
 * of a marketplace's evening. None by the reader.
 */
export async function writeKinds(database: BenchDatabase, reride: ReRide) {
  const url = reride.url;
  const buyers: Writer[] = [];
  for (let i = 0; i < WRITER_BUYERS; i++) {
    buyers.push({ url, cookie: (await signUp(url, "buyer")).cookie });
  }
  const seller: Writer = { url, cookie: (await signUp(url, "seller")).cookie };
  const { hearts, bookable } = await bikesToWriteOn(database);
  const kinds: WriteKind[] = [
    wishlistHearts(buyers, hearts),
    bookingsAndCancels(buyers, bookable),
    newListings(seller, database.categoryIds),
    messages(buyers, bookable),
  ];
  return { kinds, writers: [...buyers, seller] };
}

/** What a write was answered: its status and body. */
interface Answer {
  status: number;
  ok: boolean;
  json(): unknown;
}

/**
 * The writers' HTTP client: node:http over kept-alive connections rather
 * than fetch. The writers stand in for users on other machines, but here
 * they share the two cores with the server and wrk, so whatever a write
 * costs the client is taken from the reads being measured. fetch (undici)
 * cost this process 1.3–1.9 ms of CPU a write at 200 writes/s, node:http
 * about a third of that (decision 21, twelfth pass).
 */
const keptAlive = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

function send(writer: Writer, method: string, route: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { cookie: writer.cookie, origin: writer.url };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${writer.url}${route}`,
      { method, headers, agent: keptAlive },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status, ok: status >= 200 && status < 300, json: () => JSON.parse(text) });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

async function ok(answer: Promise<Answer>): Promise<boolean> {
  return (await answer).ok;
}

/** About a quarter of a second of messages at 200 writes/s: the conversation's first is long answered. */
const REPLY_LAG = 8;

/**
 * A buyer's message to a bike's seller, every other one starting a
 * conversation about a bike nobody has written about (its seller is
 * mailed) and the others added to one started a little earlier (POST
 * /api/conversations reuses it; no mail while the seller hasn't read and was
 * mailed in the last 15 minutes). So every round writes the same mix: when
 * the messages instead went round a fixed list of buyer–bike pairs, the
 * first two thousand each started a conversation and mailed, and every
 * later one was a reply, so the runs after them wrote cheaper messages than
 * the runs before (decision 21, thirtieth pass). `bikes` is used from its
 * end: the bookings take it from its start. Messages and their
 * notifications are read by no cached answer, so they should evict nothing;
 * they are left in the database afterwards, where no bike read sees them.
 */
export function messages(buyers: Writer[], bikes: string[]): WriteKind {
  let turn = 0;
  const started: Array<{ buyer: Writer; bikeId: string }> = [];
  return {
    name: "messages",
    weight: 2,
    next() {
      turn++;
      // The reply goes to the conversation started REPLY_LAG before the newest, so each
      // gets one: replies going round every conversation started so far all landed on
      // the first (its row and its buyer's lock a queue every reply waited in).
      const earlier = turn % 2 === 0 ? started[started.length - 1 - REPLY_LAG] : undefined;
      const conversation = earlier ?? {
        buyer: buyers[started.length % buyers.length] as Writer,
        bikeId: bikes[bikes.length - 1 - (started.length % bikes.length)] as string,
      };
      if (!earlier) started.push(conversation);
      return ok(
        send(conversation.buyer, "POST", "/api/conversations", {
          bikeId: conversation.bikeId,
          text: `Is it still available? Question ${turn}.`,
        }),
      );
    },
  };
}

/** Each heart put on a bike, and the next write on that buyer's turn takes it off again. */
function wishlistHearts(buyers: Writer[], bikes: string[]): WriteKind {
  let turn = 0;
  const hearted: Array<{ buyer: Writer; bikeId: string }> = [];
  return {
    name: "wishlist hearts",
    weight: 2,
    next() {
      const undo = turn % 2 === 1 ? hearted.shift() : undefined;
      const buyer = buyers[turn % buyers.length] as Writer;
      const bikeId = bikes[turn % bikes.length] as string;
      turn++;
      if (undo) return ok(send(undo.buyer, "DELETE", `/api/me/wishlist/${undo.bikeId}`));
      hearted.push({ buyer, bikeId });
      return ok(send(buyer, "PUT", `/api/me/wishlist/${bikeId}`));
    },
    async cleanUp() {
      for (const { buyer, bikeId } of hearted.splice(0)) {
        await ok(send(buyer, "DELETE", `/api/me/wishlist/${bikeId}`));
      }
    },
  };
}

/** A bike booked, and on the kind's next turn a booking made earlier cancelled. */
function bookingsAndCancels(buyers: Writer[], bikes: string[]): WriteKind {
  let turn = 0;
  let nextBike = 0;
  const booked: Array<{ buyer: Writer; id: string }> = [];
  return {
    name: "bookings and cancels",
    weight: 2,
    async next() {
      turn++;
      const cancel = turn % 2 === 0 ? booked.shift() : undefined;
      if (cancel) {
        return ok(
          send(cancel.buyer, "PATCH", `/api/bookings/${cancel.id}`, { status: "cancelled" }),
        );
      }
      const buyer = buyers[turn % buyers.length] as Writer;
      const bikeId = bikes[nextBike++ % bikes.length] as string;
      const answer = await send(buyer, "POST", "/api/bookings", {
        bikeId,
        phone: "+8801711000002",
        meetingLocation: "Dhaka",
      });
      if (answer.status !== 201) return false;
      const { id } = answer.json() as { id: string };
      booked.push({ buyer, id });
      return true;
    },
    async cleanUp() {
      for (const { buyer, id } of booked.splice(0)) {
        await ok(send(buyer, "PATCH", `/api/bookings/${id}`, { status: "cancelled" }));
      }
    },
  };
}

/** The `turn`th listing the bench writes, as a seller's form sends it. */
export function benchListing(turn: number, categoryId: string) {
  return {
    title: `Well kept bike, one owner, ${turn}`,
    name: "Bench Roadster 150",
    categoryId,
    imageUrl: "https://example.com/bench-roadster.jpg",
    location: "Dhaka",
    yearsOfUse: 1 + (turn % 6),
    originalPrice: 2400,
    resalePrice: 1500 + (turn % 500),
    phone: "+8801711000003",
    description: undefined,
    // The details every new listing gives (issue 18): without them it is a 400.
    mileageKm: 4000 + turn * 10,
    modelYear: new Date().getFullYear() - (turn % 6),
    engineCc: 150,
    condition: "good" as const,
    papersUpToDate: true,
  };
}

/** A new listing, in each category in turn; deleted again at the end. */
function newListings(seller: Writer, categoryIds: Record<CategoryName, string>): WriteKind {
  const categories = Object.values(categoryIds);
  const listed: string[] = [];
  let turn = 0;
  return {
    name: "new listings",
    weight: 1,
    async next() {
      const categoryId = categories[turn++ % categories.length] as string;
      const answer = await send(seller, "POST", "/api/bikes", benchListing(turn, categoryId));
      if (answer.status !== 201) return false;
      listed.push((answer.json() as { id: string }).id);
      return true;
    },
    async cleanUp() {
      for (const id of listed.splice(0)) await ok(send(seller, "DELETE", `/api/bikes/${id}`));
    },
  };
}

/**
 * Bikes to heart (any) and to book (available ones, from the end of the id
 * order: the booking mix books from the start).
 */
async function bikesToWriteOn(database: BenchDatabase) {
  const handle = openDatabase(database.config);
  try {
    const hearts = await handle.db
      .selectFrom("bikes")
      .select("id")
      .orderBy("postedAt", "desc")
      .limit(500)
      .execute();
    const bookable = await handle.db
      .selectFrom("bikes")
      .select("id")
      .where("status", "=", "available")
      .orderBy("id", "desc")
      .limit(20_000)
      .execute();
    return { hearts: hearts.map((row) => row.id), bookable: bookable.map((row) => row.id) };
  } finally {
    await handle.close();
  }
}
