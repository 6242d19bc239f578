import type { DatabaseHandle } from "../db/database";

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
  /** Several scopes' tokens from one read of the database (cache/replay.ts: a session and a page). */
  readMany(scopes: readonly VersionScope[]): Promise<string[]>;
  /**
   * The user of the session with this token and the token of that user's
   * `session:<userId>` version, in one statement; null when no session has
   * this token. For a session not cached yet: read before better-auth is asked.
   */
  readSession(sessionToken: string): Promise<{ userId: string; version: string } | null>;
}

/** The `session:<userId>` scope that guards a cached session (cache/session-cache.ts). */
export function sessionScope(userId: string): VersionScope {
  return { keys: [`session:${userId}`] };
}

/** A `session:<userId>` version as the token `read(sessionScope(userId))` gives. */
function sessionToken(row: { userId: string; version: string }) {
  const scope = sessionScope(row.userId);
  return {
    userId: row.userId,
    version: tokenOf(scope, new Map([[`session:${row.userId}`, row.version]])),
  };
}

/** The versions one read found: key → version, and `@bike:<id>` → that bike's category id. */
type Found = Map<string, string>;

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

/**
 * The scope's token from what a read found: each key's version in the
 * scope's order ("0" for a key never written), the category of each bike and
 * its prices version, then every catalog key with its version. A key that
 * appears (a new category) or a bike that moves changes the token too.
 */
export function tokenOf(scope: VersionScope, found: Found): string {
  let token = "";
  for (const key of scope.keys) token += `${found.get(key) ?? "0"} `;
  for (const bike of scope.pricesOfBikes ?? []) {
    const category = found.get(`@bike:${bike}`);
    token +=
      category === undefined ? "- " : `${category}=${found.get(`prices:${category}`) ?? "0"} `;
  }
  if (scope.catalog) {
    const catalog: string[] = [];
    for (const [key, version] of found) {
      if (key.startsWith("category:") || key.startsWith("prices:")) {
        catalog.push(`${key}=${version}`);
      }
    }
    token += catalog.sort().join(" ");
  }
  return token;
}

export function dataVersionOf(driver: DatabaseHandle["driver"]): DataVersion {
  return driver.dialect === "sqlite" ? sqliteVersion(driver.sqlite) : postgresVersion(driver.pool);
}

/** Exact keys, catalog ranges (only when asked), and the prices key of each bike's category. */
const SQLITE_READ = `
  select "key" as k, cast("version" as text) as v from "dataVersions"
    where "key" in (select value from json_each(@keys))
  union all select "key", cast("version" as text) from "dataVersions"
    where @catalog = 1 and "key" >= 'category:' and "key" < 'category;'
  union all select "key", cast("version" as text) from "dataVersions"
    where @catalog = 1 and "key" >= 'prices:' and "key" < 'prices;'
  union all select '@bike:' || id, "categoryId" from bikes
    where id in (select value from json_each(@bikes))
  union all select d."key", cast(d."version" as text) from bikes b
    join "dataVersions" d on d."key" = 'prices:' || b."categoryId"
    where b.id in (select value from json_each(@bikes))`;

const SESSION_READ = `
  select s."userId" as "userId", cast(coalesce(d."version", 0) as text) as version
  from sessions s left join "dataVersions" d on d."key" = 'session:' || s."userId"
  where s.token = `;

/**
 * SQLite answers locally, in microseconds, from the database file every
 * process shares: a committed write's triggers moved the rows before the
 * commit, so any connection reading after it sees them.
 */
function sqliteVersion(
  sqlite: Extract<DatabaseHandle["driver"], { dialect: "sqlite" }>["sqlite"],
): DataVersion {
  const statement = sqlite.prepare<[{ keys: string; catalog: number; bikes: string }]>(SQLITE_READ);
  const session = sqlite.prepare<[string]>(`${SESSION_READ} ?`);
  const fetch = (wanted: Wanted): Found => {
    const rows = statement.all({
      keys: JSON.stringify([...wanted.keys]),
      catalog: wanted.catalog ? 1 : 0,
      bikes: JSON.stringify([...wanted.bikes]),
    }) as Array<{ k: string; v: string }>;
    return new Map(rows.map((row) => [row.k, row.v]));
  };
  return {
    read: async (scope) => tokenOf(scope, fetch(wantedOf([scope]))),
    readMany: async (scopes) => {
      const found = fetch(wantedOf(scopes));
      return scopes.map((scope) => tokenOf(scope, found));
    },
    readSession: async (token) => {
      const row = session.get(token) as { userId: string; version: string } | undefined;
      return row ? sessionToken(row) : null;
    },
  };
}

const POSTGRES_READ = `
  select "key" as k, "version"::text as v from "dataVersions" where "key" = any($1::text[])
  union all select "key", "version"::text from "dataVersions"
    where $2::boolean and "key" >= 'category:' and "key" < 'category;'
  union all select "key", "version"::text from "dataVersions"
    where $2::boolean and "key" >= 'prices:' and "key" < 'prices;'
  union all select '@bike:' || id, "categoryId" from bikes where id = any($3::text[])
  union all select d."key", d."version"::text from bikes b
    join "dataVersions" d on d."key" = 'prices:' || b."categoryId"
    where b.id = any($3::text[])`;

/**
 * PostgreSQL: the `dataVersions` rows of this database only, so writes to
 * other databases on the server move nothing. A round trip per request would
 * be most of a cached response's cost, so requests share them: a request
 * joins the next query sent after it arrived (never one already on its way,
 * which may have left before a write the caller has seen), and that query
 * asks for every key its requests want. Under load one query serves every
 * request that arrived while the previous one was out.
 */
function postgresVersion(
  pool: Extract<DatabaseHandle["driver"], { dialect: "postgres" }>["pool"],
): DataVersion {
  const send = async (wanted: Wanted): Promise<Found> => {
    const result = await pool.query<{ k: string; v: string }>({
      name: "reride-data-versions",
      text: POSTGRES_READ,
      values: [[...wanted.keys], wanted.catalog, [...wanted.bikes]],
    });
    return new Map(result.rows.map((row) => [row.k, row.v]));
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
    if (!inFlight) return start(wantedOf(scopes));
    if (!next) {
      const batch: { wanted: Wanted; found: Promise<Found> } = {
        wanted: wantedOf([]),
        found: Promise.resolve(new Map()),
      };
      const after = () => {
        if (next === batch) next = null;
        return start(batch.wanted);
      };
      batch.found = inFlight.then(after, after);
      next = batch;
    }
    addTo(next.wanted, scopes);
    return next.found;
  };
  return {
    read: async (scope) => tokenOf(scope, await fetch([scope])),
    readMany: async (scopes) => {
      const found = await fetch(scopes);
      return scopes.map((scope) => tokenOf(scope, found));
    },
    readSession: async (token) => {
      const result = await pool.query<{ userId: string; version: string }>({
        name: "reride-session-version",
        text: `${SESSION_READ} $1`,
        values: [token],
      });
      const row = result.rows[0];
      return row ? sessionToken(row) : null;
    },
  };
}
