import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type TransactionSettings,
} from "kysely";
import type { BackgroundCheckpoints } from "./sqlite-checkpoints";
import { type StatementCache, statementCache } from "./sqlite-statement-cache";

type StartOverBeforeTransaction = Pick<BackgroundCheckpoints, "beforeTransaction"> | null;

/** How long a transaction waits for the write lock before the request gets a 503 (db/errors.ts). */
export const WRITE_LOCK_WAIT_MS = 5_000;

/**
 * Kysely's SQLite dialect, its transactions begun the way a server with
 * several processes on one file needs (docs/decisions/0021-fast-uncached-reads-and-writes.md):
 *
 * - **The write lock at `begin`** (`begin immediate`): every transaction this
 *   app opens writes. A deferred transaction that reads first holds a
 *   snapshot, and when another process commits before it writes, its upgrade
 *   fails with SQLITE_BUSY at once, without waiting (SQLite's answer to a
 *   would-be deadlock): that user would get an error for a write that
 *   succeeds a moment later.
 * - **Waiting for it without stopping the process.** better-sqlite3 is
 *   synchronous: a statement that waits through SQLite's busy_timeout holds
 *   the whole event loop, so while another process held the write lock (a
 *   transaction stays open across the awaits between its statements) this
 *   one answered nothing, not even its cached reads, and with two processes
 *   under writes each spent much of its time frozen waiting for the other.
 *   Here `begin immediate`, and any write outside a transaction, is tried
 *   without waiting, and while the lock is taken the attempt is repeated
 *   after a short timer, up to WRITE_LOCK_WAIT_MS; other requests are
 *   answered meanwhile.
 */
export class AppSqliteDialect extends SqliteDialect {
  readonly #statements: StatementCache;
  readonly #sqlite: SQLite.Database;
  readonly #checkpoints: StartOverBeforeTransaction;

  /** `checkpoints`: the background worker that may start the log over between two transactions. */
  constructor(sqlite: SQLite.Database, checkpoints: StartOverBeforeTransaction = null) {
    const statements = statementCache(sqlite);
    super({ database: statements });
    this.#statements = statements;
    this.#sqlite = sqlite;
    this.#checkpoints = checkpoints;
  }

  override createDriver(): Driver {
    return new AppSqliteDriver(
      new SqliteDriver({ database: this.#statements }),
      this.#sqlite,
      this.#statements,
      this.#checkpoints,
    );
  }
}

const BEGIN = CompiledQuery.raw("begin immediate");

function isBusy(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "SQLITE_BUSY"
  );
}

/**
 * Runs `statement` without letting SQLite wait for a lock inside it: with
 * busy_timeout at 0 a statement that needs the write lock while another
 * connection holds it fails at once with SQLITE_BUSY, having changed nothing,
 * and is tried again after a short timer, until WRITE_LOCK_WAIT_MS have passed.
 */
class LockWaiter {
  readonly #noWait: SQLite.Statement;
  readonly #usualWait: SQLite.Statement;

  constructor(sqlite: SQLite.Database) {
    const usual = Number(sqlite.pragma("busy_timeout", { simple: true }));
    // Prepared once: a pragma call prepares its statement every time.
    this.#noWait = sqlite.prepare("pragma busy_timeout = 0");
    this.#usualWait = sqlite.prepare(`pragma busy_timeout = ${usual}`);
  }

  async run<T>(statement: () => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + WRITE_LOCK_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      this.#noWait.run();
      try {
        return await statement();
      } catch (error) {
        if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
      } finally {
        this.#usualWait.run();
      }
      // 1, 2, 4 … ms, at most 20, with jitter: a holder's transaction usually takes a few ms.
      const pause = Math.min(20, 2 ** attempt) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** `select` or `with` as the first word, after any `--` and `/* … *\/` comments. */
const BEGINS_AS_A_READ = /^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:select|with)\b/i;

/**
 * Whether `query` only reads. A built select does; a statement written as
 * raw SQL (`sql\`select …\``) is asked of SQLite itself, through the
 * statement prepared for its text (prepared once, and the same one that will
 * run it). SQLite calls `begin`, `commit` and some pragmas read-only too
 * (they change no data themselves), so only a `select` or a `with` is asked:
 * `with … insert` begins like a read, and SQLite knows it writes where the
 * text alone would not say. Comments before the first word are passed over.
 */
function onlyReads(query: CompiledQuery, statements: StatementCache): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  if (!BEGINS_AS_A_READ.test(query.sql)) return false;
  try {
    return statements.prepare(query.sql).readonly;
  } catch {
    return false; // SQL that doesn't prepare: the driver runs it and reports why.
  }
}

/**
 * The connection's writes outside a transaction — `begin immediate` itself,
 * and writes on their own (a session's refresh, a mail's claim) — wait for
 * the write lock without blocking (LockWaiter). Reads need no lock in WAL
 * mode, and inside a transaction this connection already holds it.
 */
class NonBlockingConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #sqlite: SQLite.Database;
  readonly #statements: StatementCache;
  readonly #waiter: LockWaiter;

  constructor(inner: DatabaseConnection, sqlite: SQLite.Database, statements: StatementCache) {
    this.#inner = inner;
    this.#sqlite = sqlite;
    this.#statements = statements;
    this.#waiter = new LockWaiter(sqlite);
  }

  executeQuery<R>(query: CompiledQuery) {
    if (this.#sqlite.inTransaction || onlyReads(query, this.#statements)) {
      return this.#inner.executeQuery<R>(query);
    }
    return this.#waiter.run(() => this.#inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number) {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * How long transactions may run back to back before the event loop gets a
 * turn. better-sqlite3 answers at once, so every `await` inside a
 * transaction resolves in the same turn of the event loop, and transactions
 * waiting for the one connection ran one after the other without returning
 * to it: hundreds of milliseconds of writes under a burst, in which the
 * server read no request and accepted no connection (Node accepts one per
 * turn), so some of fifty writers waited two seconds before their request
 * was even read (the booking mix's p99). A turn after every transaction
 * instead throttled the connection to one transaction per turn, and reads
 * that miss the cache queue behind those: a few milliseconds of writes per
 * turn keeps both moving.
 */
const WRITES_PER_TURN_MS = 4;

const nextTurnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class AppSqliteDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #sqlite: SQLite.Database;
  readonly #statements: StatementCache;
  readonly #checkpoints: StartOverBeforeTransaction;
  #connection: NonBlockingConnection | undefined;
  /** When the event loop last had a turn between two transactions. */
  #turnTakenAt = performance.now();

  constructor(
    inner: SqliteDriver,
    sqlite: SQLite.Database,
    statements: StatementCache,
    checkpoints: StartOverBeforeTransaction,
  ) {
    this.#inner = inner;
    this.#sqlite = sqlite;
    this.#statements = statements;
    this.#checkpoints = checkpoints;
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection() {
    this.#connection ??= new NonBlockingConnection(
      await this.#inner.acquireConnection(),
      this.#sqlite,
      this.#statements,
    );
    return this.#connection;
  }

  releaseConnection() {
    return this.#inner.releaseConnection();
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    // Between two of this connection's transactions: the moment for the log to start over.
    const startingOver = this.#checkpoints?.beforeTransaction();
    if (startingOver) {
      await startingOver;
      this.#turnTakenAt = performance.now();
    } else if (performance.now() - this.#turnTakenAt >= WRITES_PER_TURN_MS) {
      await nextTurnOfTheEventLoop();
      this.#turnTakenAt = performance.now();
    }
    await connection.executeQuery(BEGIN);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ) {
    return this.#inner.savepoint(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ) {
    return this.#inner.rollbackToSavepoint(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler["compileQuery"],
  ) {
    return this.#inner.releaseSavepoint(connection, name, compileQuery);
  }

  destroy() {
    return this.#inner.destroy();
  }
}
