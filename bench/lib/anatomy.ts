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
import { dataVersionOf } from "#src/server/cache/data-version";
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

/**
 * Where a request's time goes, without HTTP: the app built as bootstrap
 * builds it, called with `app.request()` one request at a time, its database
 * wrapped to count the SQL statements each request sends. The session alone
 * (better-auth's getSession, which every /api request runs) is timed apart.
 * This is the diagnosis behind the throughput figures, not a target.
 */

export interface AnatomyRow {
  db: string;
  bikes: number;
  request: string;
  /** SQL statements one request sends, the session lookup included. */
  statements: number;
  medianMs: number;
  samples: number;
}

/** Counts every statement that goes through Kysely (better-auth's adapter included). */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
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
      dataVersion: dataVersionOf(handle.driver),
      sessions: new SessionCache(auth, { env }),
      responses: new ResponseCache(),
      sharedReads: new SharedReads(),
      outbox: createOutbox(db),
      metrics: new Metrics(),
      live: createLiveEvents(db, env.database, logger),
    };
    const app = createApp(deps);
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
    const row = (request: string, statements: number, times: number[]) => {
      const result: AnatomyRow = {
        db: database.kind,
        bikes: database.bikes,
        request,
        statements,
        medianMs: median(times),
        samples: times.length,
      };
      log(`  ${request}: ${statements} statements, median ${result.medianMs.toFixed(2)} ms`);
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
      // Uncached: what the first request after any write pays (docs/decisions/0007-read-caches.md).
      const cold = async () => {
        deps.responses = new ResponseCache();
        deps.sharedReads = new SharedReads();
        deps.sessions = new SessionCache(auth, { env });
        await call();
      };
      // Another caller after a write, once the first has read what every caller shares.
      const coldForThisCaller = async () => {
        deps.responses = new ResponseCache();
        deps.sessions = new SessionCache(auth, { env });
        await call();
      };
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

async function countOf(
  counter: StatementCounter,
  deps: Deps,
  counted: Deps["db"],
  run: () => Promise<unknown>,
): Promise<number> {
  const timedDb = deps.db;
  deps.db = counted;
  try {
    await run(); // warm: prepared statements, caches
    counter.count = 0;
    await run();
    return counter.count;
  } finally {
    deps.db = timedDb;
  }
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
