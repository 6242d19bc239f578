import type { DatabaseHandle } from "../db/database";

/**
 * "Has anything been written since?" — the question every cached response asks
 * before it is served (docs/decisions/0007-read-caches.md).
 *
 * `read()` returns a token that changes whenever a write has been committed
 * to the database since the previous token, by this process or by any other
 * one on the same database. The token is read after the request that asks
 * has arrived, so a write that finished before the request was sent is always
 * seen: a cache entry stored under an older token is never served again.
 */
export interface DataVersion {
  read(): Promise<string>;
}

export function dataVersionOf(driver: DatabaseHandle["driver"]): DataVersion {
  return driver.dialect === "sqlite" ? sqliteVersion(driver.sqlite) : postgresVersion(driver.pool);
}

/**
 * SQLite tells locally, in microseconds: `data_version` changes when
 * another connection (another process) commits to the file, and
 * `total_changes()` counts this connection's own inserts, updates and
 * deletes, triggers' included. Together they move on every write, wherever
 * it came from.
 */
function sqliteVersion(sqlite: Extract<DatabaseHandle["driver"], { dialect: "sqlite" }>["sqlite"]) {
  // Two statements: the pragma's table-valued form costs four times as much.
  const others = sqlite.prepare("pragma data_version").pluck();
  const own = sqlite.prepare("select total_changes()").pluck();
  return { read: async () => `${String(others.get())}:${String(own.get())}` };
}

/**
 * PostgreSQL: the current snapshot (`xmin:xmax:in-progress ids`). It changes
 * whenever a transaction that wrote anything commits (xmax passes its id, or
 * its id leaves the in-progress list), on any connection of any process, and
 * never for reads. Cluster-wide, so writes to other databases on the same
 * server count too: that only costs cache misses.
 *
 * One round trip per request would be most of a cached response's cost, so
 * callers share them: a request joins the next query sent after it arrived
 * (never one already on its way, which may have left before a write the
 * caller has seen), so under load one query serves every request that
 * arrived while the previous one was out.
 */
function postgresVersion(pool: Extract<DatabaseHandle["driver"], { dialect: "postgres" }>["pool"]) {
  const query = { name: "reride-data-version", text: "select pg_current_snapshot()::text as v" };
  const send = async () => {
    const result = await pool.query<{ v: string }>(query);
    return result.rows[0]?.v ?? "";
  };
  let inFlight: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const start = () => {
    const sent = send();
    inFlight = sent;
    const clear = () => {
      if (inFlight === sent) inFlight = null;
    };
    sent.then(clear, clear);
    return sent;
  };
  return {
    read: () => {
      if (!inFlight) return start();
      queued ??= inFlight.then(
        () => next(),
        () => next(),
      );
      return queued;
    },
  };
  function next() {
    queued = null;
    return start();
  }
}
