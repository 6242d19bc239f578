import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { openDatabase } from "#src/server/db/database";
import type { Database } from "#src/server/env";
import { signUp } from "#tests/support/accounts";
import { bikeFields } from "#tests/support/builders/bike";
import { requestBooking } from "#tests/support/builders/booking";
import { myBikes, myBookings } from "#tests/support/listings";
import { apiClient, type ServerProcess } from "#tests/support/server-process";

/**
 * Issue 6, point 4: a stream of listings and bookings against the real
 * server, SIGKILLed mid-stream again and again. Afterwards every write the
 * server answered with 2xx must be there, and every rule of the data must
 * hold. Used by bench/crash-test.ts (long) and tests/reliability (short).
 */
export interface DrillOptions {
  /** Starts (or restarts) the server on the same data. */
  start(): Promise<ServerProcess>;
  database: Database;
  crashes: number;
  /** How long the stream runs before each SIGKILL: a random time in this range (ms). */
  streamMs: [number, number];
  /** Concurrent clients writing. */
  workers: number;
  log?(line: string): void;
}

export interface DrillResult {
  crashes: number;
  requests: number;
  /** Writes answered 2xx, by kind. */
  acknowledged: { listings: number; bookings: number; cancellations: number; deletions: number };
  /** Writes whose answer was lost in a crash: either outcome is allowed. */
  inDoubt: number;
  /** Acknowledged writes found as answered after the last restart. */
  verified: number;
  /** Broken promises and broken rules; empty when all is well. */
  violations: string[];
}

interface Listing {
  id: string;
  title: string;
  deleted: "no" | "yes" | "maybe";
}

interface BookingRecord {
  id: string;
  bikeId: string;
  buyer: number;
  /** Statuses it may have now: the last acknowledged one, or one an unanswered request asked for. */
  allowed: Set<string>;
  cancelAcked: boolean;
}

export async function runCrashDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => {});
  let server = await options.start();
  const api = apiClient(() => server.url);
  const result: DrillResult = {
    crashes: 0,
    requests: 0,
    acknowledged: { listings: 0, bookings: 0, cancellations: 0, deletions: 0 },
    inDoubt: 0,
    verified: 0,
    violations: [],
  };
  const listings: Listing[] = [];
  const bookings: BookingRecord[] = [];

  const register = (accountType: "seller" | "buyer") =>
    signUp({ request: api }, { name: `Crash ${accountType}`, accountType });
  const sellers = [await register("seller"), await register("seller")];
  const buyers: string[] = [];
  for (let index = 0; index < options.workers; index++) buyers.push(await register("buyer"));
  const categories = (await (await api("/api/categories")).json()) as { id: string }[];

  /** One write; false when the server went away (the worker then stops). */
  async function step(worker: number): Promise<boolean> {
    const roll = Math.random();
    const buyer = buyers[worker % buyers.length] ?? "";
    const seller = sellers[worker % sellers.length] ?? "";
    try {
      if (roll < 0.4 || listings.length < 3) {
        const title = `Crash bike ${randomBytes(4).toString("hex")}`;
        const categoryId = categories[Math.floor(Math.random() * categories.length)]?.id ?? "";
        result.requests++;
        const response = await api("/api/bikes", {
          cookie: seller,
          body: bikeFields(categoryId, { title }),
        });
        if (response.status === 201) {
          const { id } = (await response.json()) as { id: string };
          listings.push({ id, title, deleted: "no" });
          result.acknowledged.listings++;
        }
      } else if (roll < 0.75) {
        const open = listings.filter((listing) => listing.deleted === "no");
        const bike = open[Math.floor(Math.random() * open.length)];
        if (!bike) return true;
        result.requests++;
        const response = await requestBooking({ request: api }, { cookie: buyer }, bike.id);
        if (response.status === 201) {
          const { id } = (await response.json()) as { id: string };
          bookings.push({
            id,
            bikeId: bike.id,
            buyer: worker,
            allowed: new Set(["pending"]),
            cancelAcked: false,
          });
          result.acknowledged.bookings++;
        }
      } else if (roll < 0.93) {
        const mine = bookings.filter(
          (b) => b.buyer === worker && b.allowed.has("pending") && !b.cancelAcked,
        );
        const booking = mine[Math.floor(Math.random() * mine.length)];
        if (!booking) return true;
        booking.allowed.add("cancelled"); // asked for: from now on it may be cancelled
        result.requests++;
        const response = await api(`/api/bookings/${booking.id}`, {
          method: "PATCH",
          cookie: buyer,
          body: { status: "cancelled" },
        });
        if (response.status === 200) {
          booking.allowed = new Set(["cancelled"]);
          booking.cancelAcked = true;
          result.acknowledged.cancellations++;
        }
      } else {
        const open = listings.filter((listing) => listing.deleted === "no");
        const bike = open[Math.floor(Math.random() * open.length)];
        if (!bike) return true;
        bike.deleted = "maybe";
        // Deleting a bike cancels its active booking.
        for (const booking of bookings)
          if (booking.bikeId === bike.id) booking.allowed.add("cancelled");
        result.requests++;
        const response = await api(`/api/bikes/${bike.id}`, { method: "DELETE", cookie: seller });
        if (response.status === 204) {
          bike.deleted = "yes";
          result.acknowledged.deletions++;
          // Its active booking was cancelled with it.
          for (const booking of bookings) {
            if (booking.bikeId === bike.id) booking.allowed = new Set(["cancelled"]);
          }
        } else if (response.status === 404) {
          bike.deleted = "yes"; // an earlier, unanswered deletion had gone through
        }
      }
      return true;
    } catch {
      result.inDoubt++;
      return false;
    }
  }

  for (let crash = 1; crash <= options.crashes; crash++) {
    let running = true;
    const workers = Array.from({ length: options.workers }, async (_, worker) => {
      while (running && (await step(worker))) {}
    });
    const [min, max] = options.streamMs;
    await new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
    server.signal("SIGKILL");
    const exit = await server.exited;
    running = false;
    await Promise.all(workers);
    result.crashes++;
    log(
      `crash ${crash}: SIGKILL (${exit.signal}); ${result.requests} requests so far, ${result.inDoubt} in doubt`,
    );
    server = await options.start();
  }

  // Every acknowledged write, read back through the API after the last restart.
  const sellerBikes = new Map<string, { title: string }>();
  const reader = { request: api };
  for (const seller of sellers) {
    for (const bike of await myBikes(reader, { cookie: seller })) sellerBikes.set(bike.id, bike);
  }
  for (const listing of listings) {
    const found = sellerBikes.get(listing.id);
    if (listing.deleted === "no" && found?.title !== listing.title) {
      result.violations.push(`listing ${listing.id} answered 201 is missing`);
    } else if (listing.deleted === "yes" && found) {
      result.violations.push(`listing ${listing.id} answered 204 to its deletion is still there`);
    } else {
      result.verified++;
    }
  }
  const statuses = new Map<string, string>();
  for (const buyer of buyers) {
    for (const booking of await myBookings(reader, { cookie: buyer })) {
      statuses.set(booking.id, booking.status);
    }
  }
  for (const booking of bookings) {
    const status = statuses.get(booking.id);
    if (!status) result.violations.push(`booking ${booking.id} answered 201 is missing`);
    else if (!booking.allowed.has(status)) {
      result.violations.push(
        `booking ${booking.id} is ${status}, expected ${[...booking.allowed].join(" or ")}`,
      );
    } else result.verified++;
  }

  await server.stop();
  result.violations.push(...(await checkRules(options.database)));
  return result;
}

/** The data's own rules, checked in the database itself (the server is stopped). */
export async function checkRules(config: Database): Promise<string[]> {
  const handle = openDatabase(config);
  const problems: string[] = [];
  const count = async (label: string, query: ReturnType<typeof sql<{ n: number }>>) => {
    const { rows } = await query.execute(handle.db);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) problems.push(`${label}: ${n}`);
  };
  try {
    await count(
      "bikes with more than one active booking",
      sql<{
        n: number;
      }>`select count(*) as n from (select "bikeId" from bookings where status in ('pending', 'accepted') and "bikeId" is not null group by "bikeId" having count(*) > 1) as twice`,
    );
    await count(
      "booked bikes without an active booking",
      sql<{
        n: number;
      }>`select count(*) as n from bikes b where b.status = 'booked' and not exists (select 1 from bookings k where k."bikeId" = b.id and k.status in ('pending', 'accepted'))`,
    );
    await count(
      "active bookings whose bike is not booked",
      sql<{
        n: number;
      }>`select count(*) as n from bookings k join bikes b on b.id = k."bikeId" where k.status in ('pending', 'accepted') and b.status <> 'booked'`,
    );
    await count(
      "active bookings without a bike",
      sql<{
        n: number;
      }>`select count(*) as n from bookings where status in ('pending', 'accepted') and "bikeId" is null`,
    );
    await count(
      "bookings pointing at a missing bike",
      sql<{
        n: number;
      }>`select count(*) as n from bookings k where k."bikeId" is not null and not exists (select 1 from bikes b where b.id = k."bikeId")`,
    );
    await count(
      "bikes without their seller",
      sql<{
        n: number;
      }>`select count(*) as n from bikes b where not exists (select 1 from users u where u.id = b."sellerId")`,
    );
    await count(
      "wishlist entries without their bike or user",
      sql<{
        n: number;
      }>`select count(*) as n from wishlist w where not exists (select 1 from bikes b where b.id = w."bikeId") or not exists (select 1 from users u where u.id = w."userId")`,
    );
    await count(
      "sessions without their user",
      sql<{
        n: number;
      }>`select count(*) as n from sessions s where not exists (select 1 from users u where u.id = s."userId")`,
    );
    if (handle.dialect === "sqlite") {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        handle.db,
      );
      const verdict = integrity.rows.map((row) => row.integrity_check).join("; ");
      if (verdict !== "ok") problems.push(`integrity_check: ${verdict}`);
      const keys = await sql`pragma foreign_key_check`.execute(handle.db);
      if (keys.rows.length > 0) problems.push(`foreign_key_check: ${keys.rows.length} rows`);
    }
  } finally {
    await handle.close();
  }
  return problems;
}
