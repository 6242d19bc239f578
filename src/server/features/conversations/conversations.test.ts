import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withConversationTables } from "#src/server/conversations/conversation-tables";
import type { ErrorBody } from "#src/shared/errors";
import type {
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
  UnreadCounts,
} from "#src/shared/schemas/conversations";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { sendMessage } from "./send-message";

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

type Started = ConversationSummary & { message: Message };

async function cast() {
  const seller = await newPerson(t, "seller", "Sam Seller");
  const buyer = await newPerson(t, "buyer", "Bea Buyer");
  const bike = await listBike(t, seller, categories.SUZUKI, { phone: "+8801711999888" });
  return { seller, buyer, bike };
}

const start = (who: Person, bikeId: string, text: string) =>
  t.request("/api/conversations", { body: { bikeId, text }, cookie: who.cookie });
const send = (who: Person, id: string, text: string) =>
  t.request(`/api/conversations/${id}/messages`, { body: { text }, cookie: who.cookie });
const unread = async (who: Person) =>
  expectJson<UnreadCounts>(await t.request("/api/me/unread", { cookie: who.cookie }), 200);
const list = async (who: Person, query = "") =>
  expectJson<ConversationPage>(
    await t.request(`/api/me/conversations${query}`, { cookie: who.cookie }),
    200,
  );
const mailsTo = (email: string) =>
  t.deps.db
    .withTables<{ mailOutbox: { recipient: string; subject: string; text: string } }>()
    .selectFrom("mailOutbox")
    .selectAll()
    .where("recipient", "=", email)
    // Every sign-up is asked to confirm its address; these tests read the other mails.
    .where("subject", "!=", "Confirm your e-mail address for ReRide")
    .execute();

describe("starting a conversation", () => {
  test("a buyer's first message makes one conversation (201); the next reuses it (200) and adds its text", async () => {
    const { seller, buyer, bike } = await cast();
    const first = await expectJson<Started>(await start(buyer, bike.id, "  Any accidents?  "), 201);
    expect(first.message).toMatchObject({ senderId: buyer.id, text: "Any accidents?" });
    expect(first.bike).toEqual({
      id: bike.id,
      title: bike.title,
      imageUrl: bike.imageUrl,
      status: "available",
    });
    expect(first.seller).toEqual({ id: seller.id, name: "Sam Seller", verified: false });
    const again = await expectJson<Started>(await start(buyer, bike.id, "Papers in order?"), 200);
    expect(again.id).toBe(first.id);
    const page = await expectJson<MessagePage>(
      await t.request(`/api/conversations/${first.id}/messages`, { cookie: seller.cookie }),
      200,
    );
    expect(page.items.map((m) => m.text)).toEqual(["Any accidents?", "Papers in order?"]);
  });

  test("two first messages sent at once make one conversation holding both", async () => {
    const { seller, buyer, bike } = await cast();
    const answers = await Promise.all([
      start(buyer, bike.id, "Still there?"),
      start(buyer, bike.id, "Can I see it today?"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const [one, other] = await Promise.all(
      answers.map((answer) => answer.json() as Promise<Started>),
    );
    expect(one?.id).toBe(other?.id);
    const page = await expectJson<MessagePage>(
      await t.request(`/api/conversations/${one?.id}/messages`, { cookie: seller.cookie }),
      200,
    );
    expect(page.items.map((m) => m.text).sort()).toEqual(["Can I see it today?", "Still there?"]);
  });

  test("the seller can't message their own bike; an unknown bike is 404", async () => {
    const { seller, bike } = await cast();
    expect((await start(seller, bike.id, "Hello me")).status).toBe(403);
    expect((await start(seller, "no-such-bike", "Hello")).status).toBe(404);
  });

  test("the seller's phone is never in a conversation's payloads", async () => {
    const { seller, buyer, bike } = await cast();
    const response = await start(buyer, bike.id, "Is it still there?");
    expect(await response.text()).not.toContain("8801711999888");
    const lists = await Promise.all([
      t.request("/api/me/conversations", { cookie: seller.cookie }),
      t.request("/api/me/conversations", { cookie: buyer.cookie }),
    ]);
    for (const answer of lists) expect(await answer.text()).not.toContain("8801711999888");
  });
});

describe("rules of a message", () => {
  test("2,001 characters is 400 with a field error; 2,000 is fine; blank is 400", async () => {
    const { buyer, bike } = await cast();
    const tooLong = await start(buyer, bike.id, "x".repeat(2001));
    expect(tooLong.status).toBe(400);
    const body = (await tooLong.json()) as ErrorBody;
    expect(body.error.fields?.text).toBe("A message can be at most 2000 characters");
    const ok = await expectJson<Started>(await start(buyer, bike.id, "y".repeat(2000)), 201);
    const blank = await send(buyer, ok.id, "   \n  ");
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).error.fields?.text).toBe("Write a message");
    expect((await send(buyer, ok.id, "z".repeat(2001))).status).toBe(400);
  });

  test("markup is stored and returned as the text it is", async () => {
    const { buyer, bike } = await cast();
    const started = await expectJson<Started>(
      await start(buyer, bike.id, "<img src=x onerror=alert(1)> ok?"),
      201,
    );
    expect(started.message.text).toBe("<img src=x onerror=alert(1)> ok?");
  });
});

describe("only the two participants", () => {
  test("an outsider gets 404 on every conversation endpoint, the same as for no conversation", async () => {
    const { buyer, bike } = await cast();
    const outsider = await newPerson(t, "seller", "Otto Outsider");
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "Hi"), 201);
    for (const target of [id, "no-such-conversation"]) {
      const answers = [
        await t.request(`/api/conversations/${target}/messages`, { cookie: outsider.cookie }),
        await send(outsider, target, "Let me in"),
        await t.request(`/api/conversations/${target}/read`, {
          method: "POST",
          cookie: outsider.cookie,
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    }
    expect((await list(outsider)).items).toEqual([]);
  });

  test("signed out: 401", async () => {
    expect((await t.request("/api/me/conversations")).status).toBe(401);
    expect((await t.request("/api/me/unread")).status).toBe(401);
    expect((await t.request("/api/me/events")).status).toBe(401);
  });
});

describe("lists, pages and unread counts", () => {
  test("unread counts move with messages and with reading", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "One"), 201);
    await expectJson<Message>(await send(buyer, id, "Two"), 201);
    // Each message is also a notification, counted once: among the messages.
    expect(await unread(seller)).toEqual({ messages: 2, notifications: 0 });
    expect((await unread(buyer)).messages).toBe(0);
    const [summary] = (await list(seller)).items;
    expect(summary).toMatchObject({
      id,
      unreadCount: 2,
      buyer: { id: buyer.id, name: "Bea Buyer" },
      lastMessage: { text: "Two", senderId: buyer.id },
    });

    const read = await t.request(`/api/conversations/${id}/read`, {
      method: "POST",
      cookie: seller.cookie,
    });
    expect(read.status).toBe(204);
    expect(await unread(seller)).toEqual({ messages: 0, notifications: 0 });
    await expectJson<Message>(await send(seller, id, "Yes, papers are fine"), 201);
    expect((await unread(buyer)).messages).toBe(1);
    expect((await unread(seller)).messages).toBe(0);
    expect((await list(buyer)).items[0]?.unreadCount).toBe(1);
  });

  test("the badge counts messages and read markers written outside the app too", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "One"), 201);
    const tables = withConversationTables(t.deps.db);
    const write = (senderId: string, text: string) =>
      tables
        .insertInto("messages")
        .values({ conversationId: id, senderId, text, sentAt: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
    // A script adds two of the buyer's messages and one of the seller's.
    await write(buyer.id, "Two");
    const last = await write(buyer.id, "Three");
    await write(seller.id, "Answer");
    expect((await unread(seller)).messages).toBe(3);
    expect((await unread(buyer)).messages).toBe(1);
    // It moves the seller's read marker to the buyer's second message: one left, then none.
    const markSellerRead = (upTo: number) =>
      tables
        .updateTable("conversations")
        .set({ sellerReadId: upTo })
        .where("id", "=", id)
        .execute();
    await markSellerRead(Number(last.id) - 1);
    expect((await unread(seller)).messages).toBe(1);
    await markSellerRead(Number(last.id));
    expect((await unread(seller)).messages).toBe(0);
    // And removes the seller's answer: the buyer has nothing unread.
    await tables.deleteFrom("messages").where("text", "=", "Answer").execute();
    expect((await unread(buyer)).messages).toBe(0);
    expect((await list(buyer)).items.find((c) => c.id === id)?.unreadCount).toBe(0);
  });

  test("a message written outside the app moves its conversation to the top, never down", async () => {
    const buyer = await newPerson(t, "buyer");
    const seller = await newPerson(t, "seller");
    const ids: string[] = [];
    for (const title of ["Older bike", "Newer bike"]) {
      const bike = await listBike(t, seller, categories.KTM, { title });
      ids.push((await expectJson<Started>(await start(buyer, bike.id, `About ${title}`), 201)).id);
    }
    const [older, newer] = ids;
    expect((await list(buyer)).items.map((c) => c.id)).toEqual([newer, older]);
    const write = (conversationId: string, sentAt: Date) =>
      withConversationTables(t.deps.db)
        .insertInto("messages")
        .values({
          conversationId,
          senderId: seller.id,
          text: "By script",
          sentAt: sentAt.toISOString(),
        })
        .execute();
    // A script's answer in the older conversation, a second on: it comes first for both sides.
    await write(older ?? "", new Date(Date.now() + 1000));
    expect((await list(buyer)).items.map((c) => c.id)).toEqual([older, newer]);
    expect((await list(seller)).items.map((c) => c.id)).toEqual([older, newer]);
    // One dated a day back, in the other: it stays second.
    await write(newer ?? "", new Date(Date.now() - 24 * 60 * 60 * 1000));
    expect((await list(buyer)).items.map((c) => c.id)).toEqual([older, newer]);
  });

  test("conversations come newest activity first, in cursor pages; a deleted bike shows as null", async () => {
    const buyer = await newPerson(t, "buyer");
    const seller = await newPerson(t, "seller");
    const ids: string[] = [];
    for (const title of ["First bike", "Second bike", "Third bike"]) {
      const bike = await listBike(t, seller, categories.KTM, { title });
      ids.push((await expectJson<Started>(await start(buyer, bike.id, `About ${title}`), 201)).id);
    }
    // Activity in the first one moves it to the top.
    await expectJson<Message>(await send(seller, ids[0] ?? "", "Still here"), 201);
    const first = await list(buyer, "?limit=2");
    expect(first.items.map((c) => c.id)).toEqual([ids[0], ids[2]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(buyer, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((c) => c.id)).toEqual([ids[1]]);
    expect(second.nextCursor).toBeNull();

    const bikeId = first.items[0]?.bike?.id ?? "";
    expect(
      (await t.request(`/api/bikes/${bikeId}`, { method: "DELETE", cookie: seller.cookie })).status,
    ).toBe(204);
    const after = await list(buyer, "?limit=1");
    expect(after.items[0]).toMatchObject({ id: ids[0], bike: null });
  });

  test("someone who both sells and buys gets one list of both, paged without gaps or repeats", async () => {
    const alice = await newPerson(t, "seller", "Alice");
    const bob = await newPerson(t, "seller", "Bob");
    const carol = await newPerson(t, "buyer", "Carol");
    const dave = await newPerson(t, "buyer", "Dave");
    const hers = await listBike(t, alice, categories.KTM, { title: "Alice's bike" });
    const [bobs1, bobs2] = [
      await listBike(t, bob, categories.KTM, { title: "Bob's first" }),
      await listBike(t, bob, categories.KTM, { title: "Bob's second" }),
    ];
    const opened = async (who: Person, bikeId: string) =>
      (await expectJson<Started>(await start(who, bikeId, "Hello"), 201)).id;
    const carolAsks = await opened(carol, hers.id); // Alice sells
    const aliceAsks1 = await opened(alice, bobs1.id); // Alice buys
    const daveAsks = await opened(dave, hers.id);
    const aliceAsks2 = await opened(alice, bobs2.id);
    await expectJson<Message>(await send(bob, aliceAsks1, "Yes, still for sale"), 201);

    const whole = (await list(alice)).items.map((c) => c.id);
    expect(whole).toEqual([aliceAsks1, aliceAsks2, daveAsks, carolAsks]);
    for (const limit of [1, 3]) {
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await list(alice, query);
        paged.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);
    }
    // Bob sees only his own two, as the seller.
    expect((await list(bob)).items.map((c) => c.id)).toEqual([aliceAsks1, aliceAsks2]);
  });

  test("a bad cursor is 400", async () => {
    const buyer = await newPerson(t, "buyer");
    expect(
      (await t.request("/api/me/conversations?cursor=x", { cookie: buyer.cookie })).status,
    ).toBe(400);
  });

  test("messages come in pages of older messages", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "m1"), 201);
    for (let n = 2; n <= 5; n++) await expectJson<Message>(await send(buyer, id, `m${n}`), 201);
    const read = (query: string) =>
      t
        .request(`/api/conversations/${id}/messages${query}`, { cookie: seller.cookie })
        .then((r) => expectJson<MessagePage>(r, 200));
    const newest = await read("?limit=2");
    expect(newest.items.map((m) => m.text)).toEqual(["m4", "m5"]);
    const older = await read(`?limit=2&cursor=${newest.nextCursor}`);
    expect(older.items.map((m) => m.text)).toEqual(["m2", "m3"]);
    const oldest = await read(`?limit=2&cursor=${older.nextCursor}`);
    expect(oldest.items.map((m) => m.text)).toEqual(["m1"]);
    expect(oldest.nextCursor).toBeNull();
  });
});

describe("telling the other side", () => {
  test("each message is a notification; mails are batched to one per conversation while unread", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "First question"), 201);
    await expectJson<Message>(await send(buyer, id, "Second question"), 201);
    await expectJson<Message>(await send(buyer, id, "Third question"), 201);
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("New message from Bea Buyer");
    expect(mails[0]?.text).toContain(`/dashboard/messages/${id}`);
    const notes = await t.deps.db
      .withTables<{ notifications: { userId: string; kind: string; readAt: string | null } }>()
      .selectFrom("notifications")
      .selectAll()
      .where("userId", "=", seller.id)
      .execute();
    expect(notes.filter((n) => n.kind === "message")).toHaveLength(3);

    // Read, then a new message: mailed again.
    await t.request(`/api/conversations/${id}/read`, { method: "POST", cookie: seller.cookie });
    await expectJson<Message>(await send(buyer, id, "Fourth"), 201);
    expect(await mailsTo(seller.email)).toHaveLength(2);
    // Still unread, but 15 minutes later: mailed again.
    const user = await expectJson<Parameters<typeof sendMessage>[1]>(
      await t.request("/api/me", { cookie: buyer.cookie }),
      200,
    );
    await sendMessage(t.deps.db, user, id, "Fifth", {
      publicUrl: t.env.publicUrl,
      dialect: t.deps.dialect,
      now: new Date(Date.now() + 16 * 60 * 1000),
    });
    expect(await mailsTo(seller.email)).toHaveLength(3);
  });

  test("messages sent at the same moment after a read are mailed once", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "Still for sale?"), 201);
    await t.request(`/api/conversations/${id}/read`, { method: "POST", cookie: seller.cookie });
    const answers = await Promise.all(
      ["One", "Two", "Three", "Four"].map((text) => send(buyer, id, text)),
    );
    for (const answer of answers) expect(answer.status).toBe(201);
    // The first message's mail and one for the four: whichever came first was mailed, and
    // each of the others found an unread message before it, mailed a moment ago.
    expect(await mailsTo(seller.email)).toHaveLength(2);
  });

  test("reading a conversation also reads its message notifications", async () => {
    const { seller, buyer, bike } = await cast();
    const { id } = await expectJson<Started>(await start(buyer, bike.id, "Hello"), 201);
    const unreadNotes = () =>
      t.deps.db
        .withTables<{ notifications: { userId: string; readAt: string | null } }>()
        .selectFrom("notifications")
        .select("userId")
        .where("userId", "=", seller.id)
        .where("readAt", "is", null)
        .execute();
    expect(await unreadNotes()).toHaveLength(1);
    await t.request(`/api/conversations/${id}/read`, { method: "POST", cookie: seller.cookie });
    expect(await unreadNotes()).toHaveLength(0);
  });
});

describe("the write limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_WRITES: "40/1m" });
  });
  afterAll(() => limited?.close());

  test("a burst of 50 messages from one user hits the per-user write limit", async () => {
    const ids = await categoryIds(limited);
    const seller = await newPerson(limited, "seller");
    const buyer = await newPerson(limited, "buyer");
    const bike = await listBike(limited, seller, ids.YAMAHA);
    const first = await limited.request("/api/conversations", {
      body: { bikeId: bike.id, text: "Hi" },
      cookie: buyer.cookie,
    });
    const { id } = await expectJson<Started>(first, 201);
    const statuses: number[] = [];
    for (let n = 0; n < 50; n++) {
      const answer = await limited.request(`/api/conversations/${id}/messages`, {
        body: { text: `Message ${n}` },
        cookie: buyer.cookie,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeLessThan(40);
    expect(statuses.at(-1)).toBe(429);
    // The seller, another user, may still answer.
    const answer = await limited.request(`/api/conversations/${id}/messages`, {
      body: { text: "Slow down" },
      cookie: seller.cookie,
    });
    expect(answer.status).toBe(201);
  });
});
