import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ConversationSummary, Message } from "#src/shared/schemas/conversations";
import { signUp } from "#tests/support/accounts";
import { buildAccount } from "#tests/support/builders/account";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { readEventStream } from "#tests/support/event-stream";
import { apiClient, type ServerProcess, startServerProcess } from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * GET /api/me/events across processes (docs/decisions/0016-live-events.md):
 * a tab connected to one process hears of a message written through
 * another, and a tab that lost its connection gets what it missed by
 * Last-Event-ID. PostgreSQL (LISTEN/NOTIFY) in the PostgreSQL pass, one
 * SQLite file shared by two processes in the SQLite pass.
 */
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  const start = () =>
    startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  a = await start();
  b = await start();
}, 90_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const onA = apiClient(() => a.url);
const onB = apiClient(() => b.url);

async function person(accountType: "buyer" | "seller", name: string) {
  const account = buildAccount({ accountType, name });
  const cookie = await signUp({ request: onA }, account);
  const me = await expectJson<{ id: string }>(await onA("/api/me", { cookie }), 200);
  return { id: me.id, cookie };
}

function connect(server: ServerProcess, cookie: string, lastEventId?: string) {
  const abort = new AbortController();
  const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
  if (lastEventId) headers["last-event-id"] = lastEventId;
  return fetch(`${server.url}/api/me/events`, { headers, signal: abort.signal }).then((response) =>
    readEventStream(response, abort),
  );
}

describe("live events on two processes", () => {
  test("a tab on one process receives a message written through the other, with the unread counts", async () => {
    const seller = await person("seller", "Sam Seller");
    const buyer = await person("buyer", "Bea Buyer");
    const { SUZUKI } = await categoryIds({ request: onA });
    const bike = await listBike({ request: onA }, seller, SUZUKI);

    const tab = await connect(a, seller.cookie);
    expect(tab.status).toBe(200);
    expect(tab.headers.get("content-type")).toContain("text/event-stream");
    expect(tab.headers.get("cache-control")).toBe("no-store");
    expect(tab.headers.get("content-encoding")).toBeNull();
    const first = JSON.parse((await tab.next("unread")).data) as unknown;
    expect(first).toEqual({ messages: 0, notifications: 0 });

    const started = await expectJson<ConversationSummary>(
      await onB("/api/conversations", {
        cookie: buyer.cookie,
        body: { bikeId: bike.id, text: "Any accidents?" },
      }),
      201,
    );
    const message = JSON.parse((await tab.next("message")).data) as Message;
    expect(message).toMatchObject({
      conversationId: started.id,
      senderId: buyer.id,
      text: "Any accidents?",
    });
    const notification = JSON.parse((await tab.next("notification")).data) as { kind: string };
    expect(notification.kind).toBe("message");
    const counts = JSON.parse((await tab.next("unread")).data) as unknown;
    expect(counts).toEqual({ messages: 1, notifications: 0 });

    // Reading on B moves the badge of the tab on A.
    const read = await onB(`/api/conversations/${started.id}/read`, {
      cookie: seller.cookie,
      body: {},
    });
    expect(read.status).toBe(204);
    expect(JSON.parse((await tab.next("unread")).data)).toEqual({ messages: 0, notifications: 0 });
    tab.close();
  }, 60_000);

  test("a dropped connection catches up with nothing missed (Last-Event-ID), on either process", async () => {
    const seller = await person("seller", "Sal Seller");
    const buyer = await person("buyer", "Bo Buyer");
    const { KTM } = await categoryIds({ request: onA });
    const bike = await listBike({ request: onA }, seller, KTM);
    const started = await expectJson<ConversationSummary>(
      await onA("/api/conversations", {
        cookie: buyer.cookie,
        body: { bikeId: bike.id, text: "Hello" },
      }),
      201,
    );

    const tab = await connect(a, buyer.cookie);
    await tab.next("unread");
    const reply = await onB(`/api/conversations/${started.id}/messages`, {
      cookie: seller.cookie,
      body: { text: "Hi, ask away" },
    });
    expect(reply.status).toBe(201);
    const seen = await tab.next("message");
    expect(JSON.parse(seen.data)).toMatchObject({ text: "Hi, ask away" });
    const lastId = (await tab.next("unread")).id;
    expect(lastId).toBeDefined();
    tab.close();

    // While the tab is away, the seller writes twice (one through each process).
    for (const [api, text] of [
      [onA, "Papers are in order"],
      [onB, "No accidents"],
    ] as const) {
      const sent = await api(`/api/conversations/${started.id}/messages`, {
        cookie: seller.cookie,
        body: { text },
      });
      expect(sent.status).toBe(201);
    }

    const back = await connect(b, buyer.cookie, lastId);
    const missed = [await back.next("message"), await back.next("message")];
    expect(missed.map((event) => (JSON.parse(event.data) as Message).text)).toEqual([
      "Papers are in order",
      "No accidents",
    ]);
    expect(JSON.parse((await back.next("unread")).data)).toMatchObject({ messages: 3 });
    // Nothing before the last id seen is sent again.
    expect(back.seen.filter((event) => event.event === "message")).toHaveLength(2);
    back.close();
  }, 60_000);

  test("a stopping process ends its open streams and exits cleanly", async () => {
    const buyer = await person("buyer", "Leaving Tab");
    const tab = await connect(b, buyer.cookie);
    await tab.next("unread");
    const started = Date.now();
    await b.stop(8_000);
    expect((await b.exited).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(8_000);
    await expect(tab.next("never")).rejects.toThrow(/ended/);
  }, 30_000);

  test("signed out: 401", async () => {
    const answer = await fetch(`${a.url}/api/me/events`);
    expect(answer.status).toBe(401);
  });
});
