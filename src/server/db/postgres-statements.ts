import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";

/**
 * PostgreSQL statements prepared once per connection and SQL text. Kysely
 * sends every statement as pg's unnamed statement, which PostgreSQL parses,
 * analyses and plans on every call: for a page's queries that was more than
 * running them (docs/decisions/0021-fast-uncached-reads-and-writes.md). Sent
 * by name, a text is parsed once per connection, and PostgreSQL keeps its
 * plan once a generic plan costs no more than the custom ones it made for
 * the first five calls (`plan_cache_mode = auto`). SQLite's statements are
 * kept the same way (database.ts).
 *
 * Two things a kept statement must survive:
 * - **A schema change under it.** PostgreSQL replans a kept statement when a
 *   table it reads changes, but refuses one whose result columns changed
 *   (`select *` after `add column`): "cached plan must not change result
 *   type", every time it is run again. The text then gets a new name, so it
 *   is parsed afresh, and a statement that ran outside a transaction is run
 *   again at once; inside one, the transaction has already failed, and the
 *   next attempt works.
 * - **Texts without end.** Only the first PREPARED_TEXTS distinct texts get a
 *   name (the app sends a few hundred); any later one runs unnamed, as before.
 * - **Several statements in one text** (a migration's), which only pg's simple
 *   protocol runs: a text without parameters that holds a `;` runs unnamed, as
 *   it always ran. One without a `;` is one statement and goes by name: a
 *   query whose values are all written into its SQL (the home page's
 *   Advertised bikes) then keeps its plan rather than being planned at every
 *   call (docs/decisions/0021, twenty-fifth pass).
 *
 * A connection pooler between the app and PostgreSQL must keep a session's
 * prepared statements (PgBouncer in session mode, or 1.21+ with
 * `max_prepared_statements` in transaction mode).
 */
const PREPARED_TEXTS = 1000;

// Statements PostgreSQL can prepare; everything else (begin, commit, set …) runs as it did.
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const STALE_PLAN = "cached plan must not change result type";

export class StatementNames {
  readonly #names = new Map<string, string>();
  #issued = 0;

  /** The name `text` runs under, or null to run it unnamed. */
  of(text: string): string | null {
    const known = this.#names.get(text);
    if (known) return known;
    if (!PREPARABLE.test(text) || this.#names.size >= PREPARED_TEXTS) return null;
    return this.#issue(text);
  }

  /** A new name for `text`: its statement is parsed again on every connection. */
  renew(text: string): string {
    return this.#issue(text);
  }

  #issue(text: string): string {
    const name = `reride_${++this.#issued}`;
    this.#names.set(text, name);
    return name;
  }
}

/** pg's error for it: SQLSTATE 0A000 (feature_not_supported) with this message. */
function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    Reflect.get(error, "code") === "0A000" &&
    error.message.includes(STALE_PLAN)
  );
}

/** A pooled connection whose statements go by name (or unnamed, as `names` says). */
class NamedStatementClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  readonly #names: StatementNames;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  /** The backend's pid, which Kysely reads to cancel a query (pg has it, untyped). */
  get processID(): number | undefined {
    const pid: unknown = Reflect.get(this.#client, "processID");
    return typeof pid === "number" ? pid : undefined;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams only through a cursor class given to its dialect; ReRide gives none.
    if (typeof sql !== "string") throw new Error("PostgreSQL queries are not streamed here");
    return this.#run(sql, [...parameters]) as Promise<PostgresQueryResult<R>>;
  }

  release(destroy?: boolean) {
    this.#client.release(destroy);
  }

  async #run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = values.length > 0 || !text.includes(";") ? this.#names.of(text) : null;
    if (!name) return this.#client.query(text, values);
    const outsideTransaction = this.#client.getTransactionStatus() === "I";
    try {
      return await this.#client.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      const renewed = this.#names.renew(text);
      if (!outsideTransaction) throw error;
      return this.#client.query({ name: renewed, text, values });
    }
  }
}

/** `pool` for Kysely's PostgresDialect, its statements sent by name. */
export function namedStatementPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, NamedStatementClient>();
  const named = (client: pg.PoolClient) => {
    let known = clients.get(client);
    if (!known) {
      known = new NamedStatementClient(client, names);
      clients.set(client, known);
    }
    return known;
  };
  return {
    options: pool.options,
    connect: async () => named(await pool.connect()),
    end: () => pool.end(),
  };
}
