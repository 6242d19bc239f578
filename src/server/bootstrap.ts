import { createAuth } from "./auth";
import { dataVersionOf } from "./cache/data-version";
import { ResponseCache } from "./cache/response-cache";
import { SessionCache } from "./cache/session-cache";
import { SharedReads } from "./cache/shared-reads";
import type { Deps } from "./context";
import { waitForDatabase } from "./db/connect";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrateToLatest, withSchemaLock } from "./db/migrate";
import { seedDatabase } from "./db/seed";
import type { Env } from "./env";
import { openPhotoStorage } from "./features/uploads/photo-store";
import { createLiveEvents } from "./live/live-events";
import { createLogger, type Logger } from "./logger";
import { createOutbox } from "./mail/mail-outbox";
import { countedDataVersion } from "./metrics/counted-data-version";
import { Metrics } from "./metrics/metrics";

export interface Started {
  deps: Deps;
  database: DatabaseHandle;
}

/**
 * Opens the database, brings it up to date, seeds it, and assembles the
 * request dependencies. `prepared`: the schema and seed are known to be
 * current (a worker process whose primary just did both), so skip them.
 */
export async function bootstrap(
  env: Env,
  logger: Logger = createLogger(env.logLevel),
  options: { prepared?: boolean } = {},
) {
  const database = openDatabase(env.database, logger, { backgroundCheckpoints: true });
  try {
    // PostgreSQL may still be starting (compose, an orchestrator): wait for it, saying so once.
    await waitForDatabase(database, env.database, env.databaseConnectTimeoutMs, (line) =>
      process.stderr.write(`${line}\n`),
    );
    const outbox = createOutbox(database.db);
    const auth = createAuth(env, database.db, database.dialect, logger, outbox);
    if (!options.prepared) {
      await withSchemaLock(database, async () => {
        await migrateToLatest(database, env);
        await seedDatabase(database, auth, env, logger);
      });
    }
    const photos = await openPhotoStorage(env.photoStore, logger);
    const metrics = new Metrics({ processMetrics: true });
    const deps: Deps = {
      env,
      db: database.db,
      dialect: database.dialect,
      auth,
      logger,
      photos,
      dataVersion: countedDataVersion(dataVersionOf(database.driver), metrics),
      sessions: new SessionCache(auth, { env }, metrics.cache("sessions")),
      responses: new ResponseCache({ counters: metrics.cache("responses") }),
      sharedReads: new SharedReads({ counters: metrics.cache("shared") }),
      outbox,
      metrics,
      live: createLiveEvents(database.db, env.database, logger),
    };
    // The live events' listener goes before the database it reads.
    const closeDatabase = database.close;
    database.close = async () => {
      await deps.live.close();
      await closeDatabase();
    };
    return { deps, database } satisfies Started;
  } catch (error) {
    await database.close();
    throw error;
  }
}
