import type Sqlite from "better-sqlite3";
import type { DatabaseHandle } from "../db/database";
import type { SessionUser } from "../session-user";

/**
 * What a cached answer was read from, as version keys (the `dataVersions`
 * table, kept by triggers: db/migrations/version-triggers.ts lists the keys):
 * - `keys`: exact keys (`category:<id>`, `bike:<id>`, `user:<id>`, …);
 * - `catalog`: every `category:*` and `prices:*` key, for reads that span
 *   categories (search, the home page's bikes, the categories' counts);
 * - `pricesOfBikes`: the `prices:<categoryId>` key of each of these bikes'
 *   categories, looked up in the same read (a bike page shows its category's
 *   fair-price statistics but names only the bike).
 * docs/decisions/0007-read-caches.md.
 */
export interface VersionScope {
  keys: readonly string[];
  catalog?: boolean;
  pricesOfBikes?: readonly string[];
}

/**
 * "Has anything this answer was read from been written since?" — what every
 * cached response and session asks before it is served.
 *
 * `read(scope)` returns a token that changes whenever a write that touches
 * the scope's keys has been committed, by this process or any other on the
 * same database, and only then. It is read after the request that asks has
 * arrived and before that request's own reads, so a write that finished
 * before the request was sent is always seen, and an answer is stored under
 * a token no newer than its data.
 */
export interface DataVersion {
  read(scope: VersionScope): Promise<string>;
  /**
   * `read(scope)`'s token, with each key's version as that same read found
   * it: the scope's keys, the `prices:` keys of its bikes' categories,
   * every catalog key (a key never written may be missing). For what a
   * cached read's handler keeps apart under a single key (the fair prices'
   * histograms, the search's vocabulary), read at no cost of its own.
   */
  readWithVersions(
    scope: VersionScope,
  ): Promise<{ token: string; versions: ReadonlyMap<string, string> }>;
  /** Several scopes' tokens from one read of the database (cache/replay.ts: a session and a page). */
  readMany(scopes: readonly VersionScope[]): Promise<string[]>;
  /**
   * Each key's version on its own ("0" for a key never written), from the
   * same shared reads: for what the app keeps apart from answers (the fair
   * prices' histograms, catalog/fair-price-stats.ts).
   */
  readKeys(keys: readonly string[]): Promise<Map<string, string>>;
  /**
   * The session with this token, its user, and the token of that user's
   * `session:<userId>` version, in one statement (one snapshot: the version
   * is never newer than the rows); null when no session has this token. For
   * a session not cached yet (cache/session-cache.ts).
   */
  readSession(sessionToken: string): Promise<StoredSession | null>;
}

/** A session as stored, read with its user and the version guarding both. */
export interface StoredSession {
  userId: string;
  version: string;
  sessionId: string;
  expiresAt: Date;
  user: SessionUser;
}

/** The version key of a category's fair-price statistics (catalog/fair-price-stats.ts). */
export const pricesKey = (categoryId: string) => `prices:${categoryId}`;

/** The `session:<userId>` scope that guards a cached session (cache/session-cache.ts). */
export function sessionScope(userId: string): VersionScope {
  return { keys: [`session:${userId}`] };
}

interface SessionRow {
  userId: string;
  version: string;
  sessionId: string;
  expiresAt: Date | string;
  name: string;
  email: string;
  createdAt: Date | string;
  accountType: string | null;
  verified: boolean | number | null;
  emailVerified: boolean | number | null;
}

/** Each of `keys` and its version in what a read found. */
const versionsOf = (keys: readonly string[], found: Found) =>
  new Map(keys.map((key) => [key, found.keys.get(key) ?? "0"]));

/** A session row, its version given as the token `read(sessionScope(userId))` gives. */
function storedSession(row: SessionRow): StoredSession {
  const found = emptyFound();
  found.keys.set(`session:${row.userId}`, row.version);
  return {
    userId: row.userId,
    version: tokenOf(sessionScope(row.userId), found),
    sessionId: row.sessionId,
    expiresAt: new Date(row.expiresAt),
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      createdAt: row.createdAt,
      accountType: row.accountType,
      verified: row.verified,
      emailVerified: row.emailVerified,
    },
  };
}

/** What a read found. */
interface Found {
  /** Key → version; a key never written has no row and reads as "0". */
  keys: Map<string, string>;
  /** Bike id → its category id. */
  bikes: Map<string, string>;
  /** Every catalog key and its version, sorted, when asked for. */
  catalog?: string;
}

const emptyFound = (): Found => ({ keys: new Map(), bikes: new Map() });

interface Wanted {
  keys: Set<string>;
  catalog: boolean;
  bikes: Set<string>;
}

function wantedOf(scopes: readonly VersionScope[]): Wanted {
  const wanted: Wanted = { keys: new Set(), catalog: false, bikes: new Set() };
  addTo(wanted, scopes);
  return wanted;
}

function addTo(wanted: Wanted, scopes: readonly VersionScope[]) {
  for (const scope of scopes) {
    for (const key of scope.keys) wanted.keys.add(key);
    if (scope.catalog) wanted.catalog = true;
    for (const bike of scope.pricesOfBikes ?? []) wanted.bikes.add(bike);
  }
}

/** The catalog keys' part of a token, from `key=version` pairs. */
const catalogToken = (pairs: string[]) => pairs.sort().join(" ");

/**
 * The scope's token from what a read found: each key's version in the
 * scope's order ("0" for a key never written), the category of each bike and
 * its prices version, then every catalog key with its version. A key that
 * appears (a new category) or a bike that moves changes the token too.
 */
function tokenOf(scope: VersionScope, found: Found): string {
  let token = "";
  for (const key of scope.keys) token += `${found.keys.get(key) ?? "0"} `;
  for (const bike of scope.pricesOfBikes ?? []) {
    const category = found.bikes.get(bike);
    token +=
      category === undefined ? "- " : `${category}=${found.keys.get(pricesKey(category)) ?? "0"} `;
  }
  if (scope.catalog) token += found.catalog ?? "";
  return token;
}

export function dataVersionOf(driver: DatabaseHandle["driver"]): DataVersion {
  return driver.dialect === "sqlite"
    ? sqliteVersion(driver.sqlite)
    : postgresVersion(driver.versionPool);
}

const SESSION_READ = `
  select s."userId" as "userId", cast(coalesce(d."version", 0) as text) as version,
    s.id as "sessionId", s."expiresAt" as "expiresAt", u.name as name, u.email as email,
    u."createdAt" as "createdAt", u."accountType" as "accountType", u.verified as verified,
    u."emailVerified" as "emailVerified"
  from sessions s join users u on u.id = s."userId"
  left join "dataVersions" d on d."key" = 'session:' || s."userId"
  where s.token = `;

/**
 * SQLite answers locally from the database file every process shares: a
 * committed write's triggers moved the rows before the commit, so any
 * connection reading after it sees them. Cheaper still, what was read is
 * kept in memory while nothing at all has been committed since, by this
 * connection (`total_changes()`) or any other (`data_version`), which costs
 * two pragma-like reads, shared by the requests of one turn (below); after
 * any write the keys are read again, each by its primary key. That check is
 * taken *before* the keys are read, so a value read later than it is only
 * ever dropped sooner.
 */
function sqliteVersion(
  sqlite: Extract<DatabaseHandle["driver"], { dialect: "sqlite" }>["sqlite"],
): DataVersion {
  // Prepared on first use: the schema may still be migrating when this is made.
  let statements:
    | Record<"written" | "own" | "key" | "catalog" | "bike" | "session", Sqlite.Statement>
    | undefined;
  const prepared = () => {
    statements ??= {
      written: sqlite.prepare("pragma data_version").pluck(),
      own: sqlite.prepare("select total_changes()").pluck(),
      key: sqlite
        .prepare(`select cast("version" as text) from "dataVersions" where "key" = ?`)
        .pluck(),
      catalog: sqlite
        .prepare(`select "key" || '=' || "version" from "dataVersions"
        where ("key" >= 'category:' and "key" < 'category;') or ("key" >= 'prices:' and "key" < 'prices;')`)
        .pluck(),
      bike: sqlite.prepare(`select "categoryId" from bikes where id = ?`).pluck(),
      session: sqlite.prepare(`${SESSION_READ} ?`),
    };
    return statements;
  };
  let known = emptyFound();
  let knownAt = "";
  const fetch = (wanted: Wanted): Found => {
    const read = prepared();
    const now = `${String(read.written.get())}:${String(read.own.get())}`;
    if (now !== knownAt) {
      known = emptyFound();
      knownAt = now;
    }
    for (const key of wanted.keys) {
      if (!known.keys.has(key)) known.keys.set(key, String(read.key.get(key) ?? "0"));
    }
    for (const bike of wanted.bikes) {
      let category = known.bikes.get(bike);
      if (category === undefined) {
        const found = read.bike.get(bike) as string | undefined;
        if (found === undefined) continue;
        category = found;
        known.bikes.set(bike, category);
      }
      const prices = pricesKey(category);
      if (!known.keys.has(prices)) known.keys.set(prices, String(read.key.get(prices) ?? "0"));
    }
    if (wanted.catalog && known.catalog === undefined) {
      const pairs = read.catalog.all() as string[];
      known.catalog = catalogToken(pairs);
      for (const pair of pairs) {
        const at = pair.lastIndexOf("=");
        known.keys.set(pair.slice(0, at), pair.slice(at + 1));
      }
    }
    return known;
  };
  // The requests read in one turn of the event loop share one check, made
  // once that turn's input has all been read (setImmediate): after each of
  // them arrived, as a check must be. A check is a read transaction, and
  // SQLite's costs system calls (its shared-memory lock and the file's size):
  // once per request they held cached answers to half the rate they reach
  // now (decision 7).
  let next: { wanted: Wanted; found: Promise<Found> } | null = null;
  const fetchSoon = (scopes: readonly VersionScope[]): Promise<Found> => {
    if (!next) {
      const wanted = wantedOf([]);
      const found = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next = null;
        return fetch(wanted);
      });
      next = { wanted, found };
    }
    addTo(next.wanted, scopes);
    return next.found;
  };
  return {
    read: async (scope) => tokenOf(scope, await fetchSoon([scope])),
    readWithVersions: async (scope) => {
      const found = await fetchSoon([scope]);
      return { token: tokenOf(scope, found), versions: found.keys };
    },
    readMany: async (scopes) => {
      const found = await fetchSoon(scopes);
      return scopes.map((scope) => tokenOf(scope, found));
    },
    readKeys: async (keys) => versionsOf(keys, await fetchSoon([{ keys }])),
    readSession: async (token) => {
      const row = prepared().session.get(token) as SessionRow | undefined;
      return row ? storedSession(row) : null;
    },
  };
}

/** Tagged rows: `k` a key's version, `c` a catalog key's, `b` a bike's category. */
const POSTGRES_READ = `
  select 'k' as t, "key" as k, "version"::text as v from "dataVersions" where "key" = any($1::text[])
  union all select 'c', "key", "version"::text from "dataVersions"
    where $2::boolean and "key" >= 'category:' and "key" < 'category;'
  union all select 'c', "key", "version"::text from "dataVersions"
    where $2::boolean and "key" >= 'prices:' and "key" < 'prices;'
  union all select 'b', id, "categoryId" from bikes where id = any($3::text[])
  union all select 'k', d."key", d."version"::text from bikes b
    join "dataVersions" d on d."key" = 'prices:' || b."categoryId"
    where b.id = any($3::text[])`;

/**
 * PostgreSQL: the `dataVersions` rows of this database only, so writes to
 * other databases on the server move nothing. A round trip per request would
 * be most of a cached response's cost, so requests share them: a request
 * joins the next query sent after it arrived (never one already on its way,
 * which may have left before a write the caller has seen), and that query
 * asks for every key its requests want. Under load one query serves every
 * request that arrived while the previous one was out. With none out, the
 * requests read in one turn of the event loop share the first, sent once
 * that turn's input has been read (setImmediate, as on SQLite): sent at
 * once, it served the turn's first request alone and the rest waited for a
 * second, and with two processes on two cores each sent a query per 7–8
 * requests (docs/decisions/0021, "eighth pass").
 */
function postgresVersion(
  pool: Extract<DatabaseHandle["driver"], { dialect: "postgres" }>["pool"],
): DataVersion {
  const send = async (wanted: Wanted): Promise<Found> => {
    const result = await pool.query<{ t: "k" | "c" | "b"; k: string; v: string }>({
      name: "reride-data-versions",
      text: POSTGRES_READ,
      values: [[...wanted.keys], wanted.catalog, [...wanted.bikes]],
    });
    const found = emptyFound();
    const catalog: string[] = [];
    for (const row of result.rows) {
      if (row.t === "b") {
        found.bikes.set(row.k, row.v);
        continue;
      }
      found.keys.set(row.k, row.v);
      if (row.t === "c") catalog.push(`${row.k}=${row.v}`);
    }
    if (wanted.catalog) found.catalog = catalogToken(catalog);
    return found;
  };
  let inFlight: Promise<Found> | null = null;
  let next: { wanted: Wanted; found: Promise<Found> } | null = null;
  const start = (wanted: Wanted) => {
    const sent = send(wanted);
    inFlight = sent;
    const clear = () => {
      if (inFlight === sent) inFlight = null;
    };
    sent.then(clear, clear);
    return sent;
  };
  const fetch = (scopes: readonly VersionScope[]): Promise<Found> => {
    if (!next) {
      const batch: { wanted: Wanted; found: Promise<Found> } = {
        wanted: wantedOf([]),
        found: Promise.resolve(emptyFound()),
      };
      const after = () => {
        if (next === batch) next = null;
        return start(batch.wanted);
      };
      batch.found = inFlight
        ? inFlight.then(after, after)
        : new Promise<void>((resolve) => setImmediate(resolve)).then(after);
      next = batch;
    }
    addTo(next.wanted, scopes);
    return next.found;
  };
  return {
    read: async (scope) => tokenOf(scope, await fetch([scope])),
    readWithVersions: async (scope) => {
      const found = await fetch([scope]);
      return { token: tokenOf(scope, found), versions: found.keys };
    },
    readMany: async (scopes) => {
      const found = await fetch(scopes);
      return scopes.map((scope) => tokenOf(scope, found));
    },
    readKeys: async (keys) => versionsOf(keys, await fetch([{ keys }])),
    readSession: async (token) => {
      const result = await pool.query<SessionRow>({
        name: "reride-session",
        text: `${SESSION_READ} $1`,
        values: [token],
      });
      const row = result.rows[0];
      return row ? storedSession(row) : null;
    },
  };
}
