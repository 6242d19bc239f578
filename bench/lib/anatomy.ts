import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { createApp } from "#src/server/app";
import { createAuth } from "#src/server/auth";
import { type DataVersion, dataVersionOf } from "#src/server/cache/data-version";
import { ResponseCache } from "#src/server/cache/response-cache";
import { SessionCache } from "#src/server/cache/session-cache";
import { SharedReads } from "#src/server/cache/shared-reads";
import type { Deps } from "#src/server/context";
import { openDatabase } from "#src/server/db/database";
import { loadEnv } from "#src/server/env";
import { diskPhotoStorage } from "#src/server/features/uploads/photo-storage";
import { createLiveEvents } from "#src/server/live/live-events";
import { createLogger } from "#src/server/logger";
import { createOutbox } from "#src/server/mail/mail-outbox";
import { Metrics } from "#src/server/metrics/metrics";
import type { BenchDatabase } from "./databases";
import { SEARCH_PATH } from "./http-suite";
import { median } from "./load";
import { missingVersions } from "./missing-versions";

/**
 * Where a request's time goes, without HTTP: the app built as bootstrap
 * builds it, called with `app.request()` one request at a time, its database
 * wrapped to count the SQL statements each request sends and its data
 * versions to count their reads. Uncached, its caches are missed as the
 * cache-miss server misses them (missing-versions.ts). The session alone
 * (better-auth's getSession) is timed apart. This is the diagnosis behind
 * the throughput figures, not a target.
 */

export interface AnatomyRow {
  db: string;
  bikes: number;
  request: string;
  /** Statements one request sends through Kysely, better-auth's session lookup included. */
  statements: number;
  /**
   * The request's reads of the data versions and of a session as stored
   * (cache/data-version.ts), which go to the driver, not through Kysely:
   * on PostgreSQL each is a query of its own when a request is alone, and
   * shared by every request waiting for one under load; on SQLite a few
   * small reads, skipped while nothing has been committed.
   */
  versionReads: number;
  medianMs: number;
  samples: number;
}

/**
 * Counts every statement that goes through Kysely (better-auth's adapter
 * included) as it returns: Kysely transforms each query a statement is built
 * from (a subquery, each half of a `union`) as well as the statement, and
 * only the statement has a result. Counted as transformed, a category page's
 * two statements were four.
 */
class StatementCounter implements KyselyPlugin {
  count = 0;
  versionReads = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

export async function measureAnatomy(
  database: BenchDatabase,
  samples: number,
  log: (line: string) => void,
): Promise<AnatomyRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "reride-anatomy-"));
  const env = loadEnv({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: "anatomy-secret-anatomy-secret-anatomy-secret",
    LOG_LEVEL: "silent",
    RATE_LIMIT_WRITES: "off",
    RATE_LIMIT_SIGN_UP_IP: "off",
    RATE_LIMIT_SIGN_IN_IP: "off",
    RATE_LIMIT_SIGN_IN_DELAY: "off",
    RATE_LIMIT_ADMIN_SIGN_IN_DELAY: "off",
    RATE_LIMIT_SIGN_IN_ACCOUNT: "off",
  });
  const handle = openDatabase(env.database);
  const counter = new StatementCounter();
  // Counted through a plugin; timed without it, since a database with plugins builds
  // every statement, the ones the app compiles once included (db/compiled-once.ts).
  const db = handle.db.withPlugin(counter);
  try {
    const logger = createLogger("silent");
    const auth = createAuth(env, db, handle.dialect, logger);
    const deps: Deps = {
      env,
      db: handle.db,
      dialect: handle.dialect,
      auth,
      logger,
      photos: diskPhotoStorage(path.join(dataDir, "uploads")),
      dataVersion: countedReads(dataVersionOf(handle.driver), counter),
      sessions: new SessionCache(auth, { env }),
      responses: new ResponseCache(),
      sharedReads: new SharedReads(),
      outbox: createOutbox(db),
      metrics: new Metrics(),
      live: createLiveEvents(db, env.database, logger),
    };
    const app = createApp(deps);
    const current = deps.dataVersion;
    const missed = missingVersions(current);
    const missedOwn = missingVersions(current, { keepShared: true });
    /** `run` with the caches checked against `versions`. */
    const withVersions = async (versions: DataVersion, run: () => Promise<void>) => {
      deps.dataVersion = versions;
      try {
        await run();
      } finally {
        deps.dataVersion = current;
      }
    };
    const cookie = await signIn(app, env.publicUrl);
    const firstBike = await app.request(`/api/categories/${database.categoryIds.KTM}/bikes`, {
      headers: { cookie },
    });
    const { items } = (await firstBike.json()) as { items: Array<{ id: string }> };
    const paths: Array<[string, string]> = [
      ["GET /api/config (no database work)", "/api/config"],
      ["category page", `/api/categories/${database.categoryIds.KTM}/bikes`],
      ["GET /api/categories", "/api/categories"],
      ["home: advertised bikes", "/api/bikes/advertised"],
      ["search", SEARCH_PATH],
      ["bike page", `/api/bikes/${items[0]?.id ?? "none"}`],
    ];
    const rows: AnatomyRow[] = [];
    const row = (request: string, counted: Counted, times: number[]) => {
      const result: AnatomyRow = {
        db: database.kind,
        bikes: database.bikes,
        request,
        ...counted,
        medianMs: median(times),
        samples: times.length,
      };
      log(
        `  ${request}: ${counted.statements} statements, ${counted.versionReads} version reads, median ${result.medianMs.toFixed(2)} ms`,
      );
      rows.push(result);
    };

    const headers = new Headers({ cookie });
    const session = () => auth.api.getSession({ headers });
    row(
      "session only (better-auth getSession)",
      await countOf(counter, deps, db, session),
      await timed(session, samples),
    );
    for (const [name, route] of paths) {
      const call = async () => {
        const response = await app.request(route, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
        await response.arrayBuffer();
      };
      // Uncached: what the first request after a write to everything it shows pays
      // (docs/decisions/0007-read-caches.md), as the cache-miss server misses.
      const cold = () => withVersions(missed, call);
      // Another caller after a write, once the first has read what every caller shares.
      const coldForThisCaller = () => withVersions(missedOwn, call);
      try {
        row(name, await countOf(counter, deps, db, call), await timed(call, samples));
        row(
          `${name}, uncached`,
          await countOf(counter, deps, db, cold),
          await timed(cold, samples),
        );
        if (route.includes("/categories/")) {
          row(
            `${name}, uncached, its bikes already read for another caller`,
            await countOf(counter, deps, db, coldForThisCaller),
            await timed(coldForThisCaller, samples),
          );
        }
      } catch (error) {
        log(`  ${name}: skipped (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    return rows;
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Counted {
  statements: number;
  versionReads: number;
}

async function countOf(
  counter: StatementCounter,
  deps: Deps,
  counted: Deps["db"],
  run: () => Promise<unknown>,
): Promise<Counted> {
  const timedDb = deps.db;
  deps.db = counted;
  try {
    await run(); // warm: prepared statements, caches
    counter.count = 0;
    counter.versionReads = 0;
    await run();
    return { statements: counter.count, versionReads: counter.versionReads };
  } finally {
    deps.db = timedDb;
  }
}

/**
 * The data versions, their reads counted in `counter`: those asked together
 * (in one run of code, as `Promise.all` asks them) once, since they share
 * one read of the database (cache/data-version.ts), while a read asked after
 * another was awaited is one of its own when a request is alone. A session
 * as stored is always a query of its own.
 */
function countedReads(versions: DataVersion, counter: StatementCounter): DataVersion {
  let countedTogether = false;
  const counted = <T>(read: Promise<T>) => {
    if (!countedTogether) {
      counter.versionReads++;
      countedTogether = true;
      // Runs once the code asking has run to its end, before anything it awaits resumes.
      queueMicrotask(() => {
        countedTogether = false;
      });
    }
    return read;
  };
  return {
    read: (scope) => counted(versions.read(scope)),
    readWithVersions: (scope) => counted(versions.readWithVersions(scope)),
    readMany: (scopes) => counted(versions.readMany(scopes)),
    readKeys: (keys) => counted(versions.readKeys(keys)),
    readSession: (token) => {
      counter.versionReads++;
      return versions.readSession(token);
    },
  };
}

async function timed(run: () => Promise<unknown>, samples: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function signIn(app: ReturnType<typeof createApp>, origin: string): Promise<string> {
  const email = `anatomy-${Date.now().toString(36)}@bench.reride.test`;
  const password = "anatomy-password-1";
  const post = (route: string, body: unknown) =>
    app.request(`/api/auth/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
  const signedUp = await post("sign-up/email", {
    name: "Anatomy",
    email,
    password,
    accountType: "buyer",
  });
  if (!signedUp.ok) throw new Error(`sign-up answered ${signedUp.status}`);
  const signedIn = await post("sign-in/email", { email, password });
  const pairs = signedIn.headers.getSetCookie().map((header) => header.split(";")[0] ?? "");
  if (!signedIn.ok || pairs.length === 0) throw new Error(`sign-in answered ${signedIn.status}`);
  return pairs.join("; ");
}
