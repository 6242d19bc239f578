import { randomBytes } from "node:crypto";

/**
 * A mixed load of reads and bookings against a running server, for the
 * database fault tests: signed-in buyers read bikes and their bookings, book
 * a random bike with an Idempotency-Key (retrying the same key after a 503 or
 * a lost answer, as the web app does) and cancel what they booked, so bikes
 * come free again. Every answer is tallied; `stop()` returns the tally.
 */
export interface LoadTally {
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** Requests that got no HTTP answer at all (refused, reset). */
  failures: string[];
  /** Bookings answered 201: id → the Idempotency-Key they were made with. */
  acknowledged: Map<string, string>;
  /** Keys sent for bookings that never got a 201 (the write may or may not be stored). */
  unacknowledgedKeys: string[];
}

export interface LoadOptions {
  baseUrl: string;
  buyerCookies: string[];
  bikeIds: string[];
}

export function startMixedLoad(options: LoadOptions): { stop(): Promise<LoadTally> } {
  const tally: LoadTally = {
    statuses: {},
    failures: [],
    acknowledged: new Map(),
    unacknowledgedKeys: [],
  };
  let running = true;

  const send = async (path: string, cookie: string, init: RequestInit = {}) => {
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: {
          origin: options.baseUrl,
          cookie,
          "content-type": "application/json",
          ...(init.headers as Record<string, string> | undefined),
        },
        signal: AbortSignal.timeout(15_000),
      });
      tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
      return response;
    } catch (error) {
      tally.failures.push(`${init.method ?? "GET"} ${path}: ${String(error)}`);
      return null;
    }
  };

  const book = async (cookie: string, bikeId: string) => {
    const key = randomBytes(8).toString("hex");
    const body = JSON.stringify({ bikeId, phone: "+8801911000002", meetingLocation: "Gulshan" });
    // The same intent is sent again after a 503 or a lost answer, with the same key.
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await send("/api/bookings", cookie, {
        method: "POST",
        body,
        headers: { "idempotency-key": key },
      });
      if (response?.status === 201) {
        const { id } = (await response.json()) as { id: string };
        tally.acknowledged.set(id, key);
        return id;
      }
      if (response && response.status !== 503) return null;
      if (!running) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    tally.unacknowledgedKeys.push(key);
    return null;
  };

  const worker = async (cookie: string) => {
    while (running) {
      const bikeId = options.bikeIds[Math.floor(Math.random() * options.bikeIds.length)] ?? "";
      const roll = Math.random();
      if (roll < 0.3) await send(`/api/bikes/${bikeId}`, cookie);
      else if (roll < 0.45) await send("/api/categories", cookie);
      else if (roll < 0.6) await send("/api/me/bookings", cookie);
      else {
        const id = await book(cookie, bikeId);
        if (id) {
          await send(`/api/bookings/${id}`, cookie, {
            method: "PATCH",
            body: JSON.stringify({ status: "cancelled" }),
          });
        }
      }
      // A 503 comes back at once: a short pause keeps a worker from spinning.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const workers = options.buyerCookies.map((cookie) => worker(cookie));
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return tally;
    },
  };
}
