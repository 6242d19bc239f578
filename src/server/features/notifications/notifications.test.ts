import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { notify } from "#src/server/notifications/notify";
import type { ErrorBody } from "#src/shared/errors";
import type { NotificationPage, Preferences } from "#src/shared/schemas/notifications";
import { expectJson } from "#tests/support/builders/api";
import { expectBadPageQueriesRefused } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// docs/api.md, /api/me/notifications and /api/me/preferences: a user's own
// notifications, newest first, page by page; marking read touches only the
// caller's own; the e-mail preference is theirs to turn off.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Tells `person` something, `minutesAgo` before now. */
async function tell(person: Person, title: string, minutesAgo = 0) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const sent = await notify(
    t.deps.db,
    { userId: person.id, kind: "booking_made", title, body: `${title}.`, link: "/dashboard" },
    { publicUrl: t.env.publicUrl, now: at },
  );
  if (!sent) throw new Error("not stored");
  return sent;
}

const list = async (person: Person, query = "") =>
  expectJson<NotificationPage>(
    await t.request(`/api/me/notifications${query}`, { cookie: person.cookie }),
    200,
  );

const markRead = (person: Person, body: unknown) =>
  t.request("/api/me/notifications/read", { body, cookie: person.cookie });

describe("GET /api/me/notifications", () => {
  test("lists the caller's own, newest first, a page at a time with nothing lost or repeated", async () => {
    const [me, other] = await Promise.all([newPerson(t, "seller"), newPerson(t, "seller")]);
    for (let i = 0; i < 5; i++) await tell(me, `Event ${i}`, 10 - i);
    await tell(other, "Not yours");

    const first = await list(me, "?limit=2");
    expect(first.items.map((n) => n.title)).toEqual(["Event 4", "Event 3"]);
    expect(first.items[0]).toMatchObject({
      kind: "booking_made",
      body: "Event 4.",
      link: "/dashboard",
      readAt: null,
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(me, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.title)).toEqual(["Event 2", "Event 1"]);
    const third = await list(me, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((n) => n.title)).toEqual(["Event 0"]);
    expect(third.nextCursor).toBeNull();

    expect((await list(other)).items.map((n) => n.title)).toEqual(["Not yours"]);
  });

  test("refuses a made-up cursor and a bad limit with 400 and the field", async () => {
    const me = await newPerson(t, "buyer");
    await expectBadPageQueriesRefused(t, me, "/api/me/notifications");
  });

  test("needs a session", async () => {
    expect((await t.request("/api/me/notifications")).status).toBe(401);
    expect((await t.request("/api/me/notifications/read", { body: {} })).status).toBe(401);
    expect((await t.request("/api/me/preferences")).status).toBe(401);
  });
});

describe("POST /api/me/notifications/read", () => {
  test("marks the given ones read, then all; another user's ids touch nothing", async () => {
    const [me, other] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "buyer")]);
    const a = await tell(me, "A", 3);
    const b = await tell(me, "B", 2);
    await tell(me, "C", 1);
    const theirs = await tell(other, "Theirs");

    expect((await markRead(me, { ids: [a.id, theirs.id] })).status).toBe(204);
    const after = await list(me);
    const readOf = (title: string) => after.items.find((n) => n.title === title)?.readAt;
    expect(readOf("A")).toEqual(expect.any(String));
    expect(readOf("B")).toBeNull();
    expect(readOf("C")).toBeNull();
    expect((await list(other)).items[0]?.readAt).toBeNull();

    // Marking again keeps the first time it was read.
    const firstRead = readOf("A");
    expect((await markRead(me, {})).status).toBe(204);
    const all = await list(me);
    expect(all.items.every((n) => n.readAt !== null)).toBe(true);
    expect(all.items.find((n) => n.id === a.id)?.readAt).toBe(firstRead);
    expect(all.items.find((n) => n.id === b.id)?.readAt).toEqual(expect.any(String));
    expect((await list(other)).items[0]?.readAt).toBeNull();
  });

  test("refuses ids that are not a list with 400", async () => {
    const me = await newPerson(t, "buyer");
    const response = await markRead(me, { ids: "all" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toHaveProperty("ids");
  });
});

describe("/api/me/preferences", () => {
  test("e-mail is on until the user turns it off, and the choice is kept", async () => {
    const me = await newPerson(t, "buyer");
    const get = async () =>
      expectJson<Preferences>(await t.request("/api/me/preferences", { cookie: me.cookie }), 200);
    const patch = (body: unknown) =>
      t.request("/api/me/preferences", { method: "PATCH", body, cookie: me.cookie });

    expect(await get()).toEqual({ emailNotifications: true });
    expect(await expectJson(await patch({ emailNotifications: false }), 200)).toEqual({
      emailNotifications: false,
    });
    expect(await get()).toEqual({ emailNotifications: false });
    await expectJson(await patch({ emailNotifications: true }), 200);
    expect(await get()).toEqual({ emailNotifications: true });

    const bad = await patch({ emailNotifications: "no" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toHaveProperty("emailNotifications");
    expect(await get()).toEqual({ emailNotifications: true });
  });

  test("turned off: the notification still comes, the mail doesn't", async () => {
    const me = await newPerson(t, "seller");
    await t.request("/api/me/preferences", {
      method: "PATCH",
      body: { emailNotifications: false },
      cookie: me.cookie,
    });
    await tell(me, "Quiet");
    expect((await list(me)).items.map((n) => n.title)).toEqual(["Quiet"]);
    const mails = await t.deps.db
      .withTables<{ mailOutbox: { recipient: string; subject: string } }>()
      .selectFrom("mailOutbox")
      .select("recipient")
      .where("recipient", "=", me.email)
      .where("subject", "=", "Quiet")
      .execute();
    expect(mails).toHaveLength(0);
  });
});
