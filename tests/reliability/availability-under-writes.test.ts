import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { buildAccount } from "#tests/support/builders/account";
import type { Api } from "#tests/support/builders/api";
import { bikeFields, type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { buildBooking } from "#tests/support/builders/booking";
import { apiClient, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * The availability guarantee under the read caches' per-key versions
 * (docs/decisions/0007-read-caches.md): a bike is never shown available after
 * its booking's 201, in any answer read after it — category page, bike page,
 * search — polled from another process, while other users write all the
 * while: hearts, bookings and cancellations in another category, listings,
 * price changes and deletions, sign-ins and sign-outs. Those writes move
 * other versions; none of them may hide the booking's.
 */
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  const start = async () => {
    const server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      waitForHealth: false,
    });
    await healthy(server);
    return server;
  };
  a = await start();
  b = await start();
}, 240_000);

/** Waits for the server to answer its health check: longer than the default, as a busy machine needs. */
async function healthy(server: ServerProcess) {
  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${server.url}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${server.url} was not healthy in time:\n${server.output()}`);
}
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const onA: Api = { request: apiClient(() => a.url) };
const onB: Api = { request: apiClient(() => b.url) };
let counter = 0;

async function register(api: Api, accountType: "seller" | "buyer" = "buyer") {
  const account = buildAccount({ accountType, name: `Writer ${++counter}` });
  return { email: account.email, cookie: await signUp(api, account) };
}

async function expectStatus(response: Promise<Response>, ...statuses: number[]) {
  const answer = await response;
  const text = await answer.text();
  if (!statuses.includes(answer.status)) throw new Error(`${answer.status}: ${text}`);
  return text;
}

/** Other users' writes through A (their accounts and a bike made first), looping until `stop`. */
async function otherWrites(ids: CategoryIds, ktmBikes: string[]) {
  const hearter = await register(onA);
  const booker = await register(onA);
  const seller = await register(onA, "seller");
  const visitor = await register(onA);
  const suzukiBike = (await listBike(onA, seller, ids.SUZUKI, { title: "Suzuki, booked often" }))
    .id;
  const people = { hearter, booker, seller, visitor };
  return (stop: { done: boolean }) => runWrites(ids, ktmBikes, suzukiBike, people, stop);
}

/** Runs the writes until `stop`; how many were made. */
async function runWrites(
  ids: CategoryIds,
  ktmBikes: string[],
  suzukiBike: string,
  people: Record<"hearter" | "booker" | "seller" | "visitor", { email: string; cookie: string }>,
  stop: { done: boolean },
) {
  const { hearter, booker, seller, visitor } = people;
  let writes = 0;
  const loop = async (write: () => Promise<void>) => {
    while (!stop.done) {
      await write();
      writes++;
    }
  };
  const hearts = loop(async () => {
    for (const bike of [...ktmBikes, suzukiBike]) {
      const path = `/api/me/wishlist/${bike}`;
      await expectStatus(onA.request(path, { method: "PUT", cookie: hearter.cookie }), 204, 404);
      await expectStatus(onA.request(path, { method: "DELETE", cookie: hearter.cookie }), 204, 404);
    }
  });
  const bookings = loop(async () => {
    const text = await expectStatus(
      onA.request("/api/bookings", { cookie: booker.cookie, body: buildBooking(suzukiBike) }),
      201,
    );
    const { id } = JSON.parse(text) as { id: string };
    await expectStatus(
      onA.request(`/api/bookings/${id}`, {
        method: "PATCH",
        cookie: booker.cookie,
        body: { status: "cancelled" },
      }),
      200,
    );
  });
  const listings = loop(async () => {
    const text = await expectStatus(
      onA.request("/api/bikes", {
        cookie: seller.cookie,
        body: bikeFields(ids.SUZUKI, { title: "Listed and gone" }),
      }),
      201,
    );
    const { id } = JSON.parse(text) as { id: string };
    const path = `/api/bikes/${id}`;
    await expectStatus(
      onA.request(path, { method: "PATCH", cookie: seller.cookie, body: { resalePrice: 1600 } }),
      200,
    );
    await expectStatus(onA.request(path, { method: "DELETE", cookie: seller.cookie }), 204);
  });
  const sessions = loop(async () => {
    const cookie = await signIn(onA, { email: visitor.email });
    await expectStatus(onA.request("/api/auth/sign-out", { cookie, body: {} }), 200);
  });
  await Promise.all([hearts, bookings, listings, sessions]);
  return writes;
}

interface Read {
  sentAt: number;
  shownAvailable: boolean;
}

/** Reads `path` on B in a loop until `stop`, noting when each read was sent and what it showed. */
async function poll(
  path: string,
  cookie: string,
  shownAvailable: (body: unknown) => boolean,
  reads: Read[],
  stop: { done: boolean },
): Promise<void> {
  while (!stop.done) {
    const sentAt = performance.now();
    const response = await onB.request(path, { cookie });
    expect(response.status).toBe(200);
    reads.push({ sentAt, shownAvailable: shownAvailable(await response.json()) });
  }
}

/** Waits (up to a minute) until `enough()`: on a busy machine a round of reads can take long. */
async function until(enough: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!enough() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Items = { items: Array<{ id: string; status: string }> };

describe("a booked bike is never shown available, while others write", () => {
  test("category page, bike page and search polled on B, bookings on A, other writes throughout", async () => {
    const ids = await categoryIds(onA);
    const seller = await register(onA, "seller");
    const buyer = await register(onA);
    const watcher = await register(onB);
    const titles = ["Alpha", "Bravo", "Charlie", "Delta"].map(
      (word) => `KTM Duke ${word}${Date.now().toString(36)}`,
    );
    const ktmBikes: string[] = [];
    for (const title of titles) ktmBikes.push((await listBike(onA, seller, ids.KTM, { title })).id);

    const writing = { done: false };
    const writes = (await otherWrites(ids, ktmBikes))(writing);
    for (const [index, bikeId] of ktmBikes.entries()) {
      const word = titles[index]?.split(" ")[2] ?? "";
      const polling = { done: false };
      const reads: Read[][] = [[], [], []];
      const readers = Promise.all([
        poll(
          `/api/categories/${ids.KTM}/bikes`,
          watcher.cookie,
          (body) =>
            (body as Items).items.some((item) => item.id === bikeId && item.status === "available"),
          reads[0] ?? [],
          polling,
        ),
        poll(
          `/api/bikes/${bikeId}`,
          watcher.cookie,
          (body) => (body as { status: string }).status === "available",
          reads[1] ?? [],
          polling,
        ),
        poll(
          `/api/bikes?q=${encodeURIComponent(word)}`,
          watcher.cookie,
          (body) => (body as Items).items.some((item) => item.id === bikeId),
          reads[2] ?? [],
          polling,
        ),
      ]);
      // Each reader has seen the bike available (so it could fail), a few times (cached).
      await until(() =>
        reads.every((list) => list.filter((read) => read.shownAvailable).length >= 3),
      );
      await expectStatus(
        onA.request("/api/bookings", { cookie: buyer.cookie, body: buildBooking(bikeId) }),
        201,
      );
      const bookedAt = performance.now();
      const sentAfter = (list: Read[]) => list.filter((read) => read.sentAt > bookedAt);
      await until(() => reads.every((list) => sentAfter(list).length >= 5));
      polling.done = true;
      await readers;
      for (const list of reads) {
        expect(
          list.filter((read) => read.sentAt < bookedAt && read.shownAvailable).length,
        ).toBeGreaterThanOrEqual(3);
        expect(sentAfter(list).length).toBeGreaterThanOrEqual(5);
        expect(sentAfter(list).filter((read) => read.shownAvailable)).toEqual([]);
      }
    }
    writing.done = true;
    expect(await writes).toBeGreaterThan(10);
  }, 120_000);
});
