import Sqlite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { signIn, signUp } from "#tests/support/accounts";
import { uniqueEmail } from "#tests/support/builders/account";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import {
  type AppInstance,
  createAppsOnOneDatabase,
  type SharedDatabaseApps,
} from "#tests/support/shared-database";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RequestOptions } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";
import type { AccountType } from "../../shared/schemas/auth";
import type { User } from "../../shared/schemas/users";
import { responseKey } from "./response-cache";

/**
 * What each kind of write evicts from the read caches, and what it keeps
 * (docs/decisions/0007-read-caches.md). Instance `b` reads and caches a set
 * of answers for two buyers (category pages of KTM and SUZUKI, a bike page of
 * each, search, home) and signed out (the categories), and caches both
 * buyers' sessions; instance `a` (another connection, as another process)
 * or a connection outside the app writes; then each cached answer either
 * is still current — `b` would serve it — or not, and the test names exactly
 * which are not.
 */
let shared: SharedDatabaseApps;
let a: AppInstance;
let b: AppInstance;
let ktm = "";
let suzuki = "";
interface Account {
  id: string;
  cookie: string;
}
let ann: Account;
let ben: Account;
let ktmSeller: Account;
let suzukiSeller: Account;
let ktmBike = "";
let suzukiBike = "";
let admin = "";

async function json<T>(on: AppInstance, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await on.request(path, options);
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function account(accountType: AccountType): Promise<Account> {
  const cookie = await signUp(a, { accountType, email: uniqueEmail(accountType) });
  return { id: (await json<User>(a, "/api/me", { cookie })).id, cookie };
}

beforeAll(async () => {
  shared = await createAppsOnOneDatabase(2);
  [a, b] = shared.instances as [AppInstance, AppInstance];
  const ids = await categoryIds(a);
  ktm = ids.KTM;
  suzuki = ids.SUZUKI;
  [ann, ben, ktmSeller, suzukiSeller] = [
    await account("buyer"),
    await account("buyer"),
    await account("seller"),
    await account("seller"),
  ];
  ktmBike = (await listBike(a, ktmSeller, ktm, { title: "KTM Duke, evictions" })).id;
  suzukiBike = (await listBike(a, suzukiSeller, suzuki, { title: "Suzuki Gixxer, evictions" })).id;
  admin = await signIn(a, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
}, 120_000);
afterAll(() => shared?.close());

/** The answers b caches: name → who reads it and where. */
function answers(): Record<string, { who: Account | null; path: string }> {
  const search = "/api/bikes?q=evictions";
  return {
    "ann ktm page": { who: ann, path: `/api/categories/${ktm}/bikes` },
    "ann suzuki page": { who: ann, path: `/api/categories/${suzuki}/bikes` },
    "ann ktm bike": { who: ann, path: `/api/bikes/${ktmBike}` },
    "ann suzuki bike": { who: ann, path: `/api/bikes/${suzukiBike}` },
    "ann search": { who: ann, path: search },
    "ben ktm page": { who: ben, path: `/api/categories/${ktm}/bikes` },
    "ben suzuki page": { who: ben, path: `/api/categories/${suzuki}/bikes` },
    "ben ktm bike": { who: ben, path: `/api/bikes/${ktmBike}` },
    "ben suzuki bike": { who: ben, path: `/api/bikes/${suzukiBike}` },
    "ben search": { who: ben, path: search },
    "ben home": { who: ben, path: "/api/bikes/advertised" },
    categories: { who: null, path: "/api/categories" },
  };
}

/** Reads every answer on b (and so caches it and both sessions), and checks all are current. */
async function warm() {
  for (const { who, path } of Object.values(answers())) {
    await json(b, path, { cookie: who?.cookie });
  }
  await json(b, "/api/me", { cookie: ann.cookie });
  await json(b, "/api/me", { cookie: ben.cookie });
  expect(await evicted()).toEqual([]);
}

/** The names of b's answers and sessions that b would no longer serve from its cache. */
async function evicted(): Promise<string[]> {
  const gone: string[] = [];
  for (const [name, { who, path }] of Object.entries(answers())) {
    const cached = b.deps.responses.replayable(responseKey(who?.id ?? null, path));
    if (!cached || (await b.deps.dataVersion.read(cached.scope)) !== cached.version) {
      gone.push(name);
    }
  }
  for (const [name, who] of [
    ["ann session", ann],
    ["ben session", ben],
  ] as const) {
    const session = b.deps.sessions.peek(who.cookie);
    if (!session || (await b.deps.dataVersion.read(session.scope)) !== session.version) {
      gone.push(name);
    }
  }
  return gone.sort();
}

const annPages = [
  "ann ktm bike",
  "ann ktm page",
  "ann search",
  "ann suzuki bike",
  "ann suzuki page",
];
/** Every cached answer that shows KTM's bikes or a KTM bike (to anyone), and the cross-category reads. */
const ktmShared = [
  "ann ktm bike",
  "ann ktm page",
  "ann search",
  "ben home",
  "ben ktm bike",
  "ben ktm page",
  "ben search",
  "categories",
];
const suzukiShared = [
  "ann search",
  "ann suzuki bike",
  "ann suzuki page",
  "ben home",
  "ben search",
  "ben suzuki bike",
  "ben suzuki page",
  "categories",
];
const union = (...lists: string[][]) => [...new Set(lists.flat())].sort();

describe("what each write evicts", () => {
  beforeEach(warm);

  test("a wishlist heart: the hearter's own answers only, never another user's", async () => {
    const hearted = await a.request(`/api/me/wishlist/${suzukiBike}`, {
      method: "PUT",
      cookie: ann.cookie,
    });
    expect(hearted.status).toBe(204);
    expect(await evicted()).toEqual(annPages);
    const unhearted = await a.request(`/api/me/wishlist/${suzukiBike}`, {
      method: "DELETE",
      cookie: ann.cookie,
    });
    expect(unhearted.status).toBe(204);
    expect(await evicted()).toEqual(annPages);
  });

  test("a booking, its acceptance and its cancellation: the bike's category and the booker, never another category", async () => {
    const booking = await book(a, ann, ktmBike);
    // The booking holds the booker's account still (lib/account-lock.ts) but
    // changes nothing in it: the booker's session stays cached on both databases.
    expect(await evicted()).toEqual(union(ktmShared, annPages));
    await warm();
    await moveBooking(a, ktmSeller, booking.id, "accepted");
    expect(await evicted()).toEqual(union(ktmShared, annPages));
    await warm();
    await moveBooking(a, ann, booking.id, "cancelled");
    expect(await evicted()).toEqual(union(ktmShared, annPages));
  });

  test("a new listing, its price change and its deletion: its category, and its category's bikes' fair prices", async () => {
    const listed = await listBike(a, suzukiSeller, suzuki, { title: "Another Suzuki" });
    expect(await evicted()).toEqual(suzukiShared);
    await warm();
    const repriced = await a.request(`/api/bikes/${listed.id}`, {
      method: "PATCH",
      cookie: suzukiSeller.cookie,
      body: { resalePrice: 1500 },
    });
    expect(repriced.status).toBe(200);
    expect(await evicted()).toEqual(suzukiShared);
    await warm();
    const deleted = await a.request(`/api/bikes/${listed.id}`, {
      method: "DELETE",
      cookie: suzukiSeller.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await evicted()).toEqual(suzukiShared);
  });

  test("an edit of a bike's description: that bike and its category's lists", async () => {
    const edited = await a.request(`/api/bikes/${ktmBike}`, {
      method: "PATCH",
      cookie: ktmSeller.cookie,
      body: { description: "Serviced last month." },
    });
    expect(edited.status).toBe(200);
    expect(await evicted()).toEqual(ktmShared);
  });

  test("a seller's verification: every answer showing their bikes, no one's session", async () => {
    const verified = await a.request(`/api/users/${ktmSeller.id}`, {
      method: "PATCH",
      cookie: admin,
      body: { verified: true },
    });
    expect(verified.status).toBe(200);
    expect(await evicted()).toEqual(ktmShared);
  });

  test("signing in, a session's refresh and signing out: that user's sessions, never a page", async () => {
    const email = uniqueEmail("buyer");
    const other = await signUp(a, { email });
    expect(await evicted()).toEqual([]);
    await signIn(a, { email });
    expect(await evicted()).toEqual([]);
    // Ben signs in on another device: his cached session is read again, nothing else.
    const benUser = await json<User>(a, "/api/me", { cookie: ben.cookie });
    const account = await a.deps.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", benUser.id)
      .executeTakeFirstOrThrow();
    await signIn(a, { email: account.email });
    expect(await evicted()).toEqual(["ben session"]);
    await warm();
    // Due a refresh: better-auth moves the session's expiry on the next request.
    const { expiresIn, updateAge } = a.deps.auth.options.session;
    await a.deps.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(Date.now() + (expiresIn - updateAge - 60) * 1000).toISOString() })
      .where("userId", "=", ann.id)
      .execute();
    expect(await evicted()).toEqual(["ann session"]);
    const refreshed = await a.request("/api/me", { cookie: ann.cookie });
    expect(refreshed.headers.getSetCookie().join(";")).toContain("session_token");
    expect(await evicted()).toEqual(["ann session"]);
    await warm();
    const out = await a.request("/api/auth/sign-out", { cookie: other, body: {} });
    expect(out.status).toBe(200);
    expect(await evicted()).toEqual([]);
  });

  test("a rate-limit counter and a queued mail evict nothing", async () => {
    const wrong = await a.request("/api/auth/sign-in/email", {
      body: { email: uniqueEmail("nobody"), password: "not-the-password-1" },
    });
    expect(wrong.status).toBe(401);
    const rateLimitRows = await a.deps.db
      .withTables<{ rateLimits: { key: string } }>()
      .selectFrom("rateLimits")
      .select((eb) => eb.fn.countAll<number>().as("rows"))
      .executeTakeFirstOrThrow();
    expect(Number(rateLimitRows.rows)).toBeGreaterThan(0);
    await a.deps.outbox.enqueue({
      to: "someone@example.com",
      subject: "Hello",
      text: "A mail with no bearing on any page.",
      html: "<p>A mail with no bearing on any page.</p>",
    });
    expect(await evicted()).toEqual([]);
  });

  test("a write through SQL outside the app is seen: a seller renamed", async () => {
    await outsideTheApp(`update users set name = 'Renamed Rider' where id = '${suzukiSeller.id}'`);
    expect(await evicted()).toEqual(suzukiShared);
    const page = await json<{ items: Array<{ id: string; seller: { name: string } }> }>(
      b,
      `/api/categories/${suzuki}/bikes`,
      { cookie: ben.cookie },
    );
    expect(page.items.find((item) => item.id === suzukiBike)?.seller.name).toBe("Renamed Rider");
  });

  test("on PostgreSQL, a write to another database on the server evicts nothing", async () => {
    const server = testServerUrl();
    if (!server || b.env.database.dialect !== "postgres") return;
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query("create temporary table elsewhere (n integer)");
      await client.query("insert into elsewhere values (1)");
    } finally {
      await client.end();
    }
    expect(await evicted()).toEqual([]);
  });

  test("an account's deletion: its own answers and session, and the bikes it had booked", async () => {
    await book(a, ben, suzukiBike);
    await warm();
    const deleted = await a.request(`/api/users/${ben.id}`, { method: "DELETE", cookie: admin });
    expect(deleted.status).toBe(204);
    const gone = await evicted();
    expect(gone).toEqual(
      union(
        suzukiShared,
        ["ben ktm bike", "ben ktm page", "ben search", "ben suzuki bike", "ben suzuki page"],
        ["ben home", "ben session"],
      ),
    );
    expect(gone).not.toContain("ann ktm page");
    expect((await b.request("/api/me", { cookie: ben.cookie })).status).toBe(401);
  });
});

/** Runs one statement on a connection of its own, as a script or a database shell would. */
async function outsideTheApp(statement: string) {
  const database = b.env.database;
  if (database.dialect === "sqlite") {
    const connection = new Sqlite(database.file);
    try {
      connection.exec(statement);
    } finally {
      connection.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
