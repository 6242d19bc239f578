import type { Hono } from "hono";
import { createApp } from "#src/server/app";
import { bootstrap } from "#src/server/bootstrap";
import type { AppBindings, Deps } from "#src/server/context";
import type { DatabaseHandle } from "#src/server/db/database";
import { type Env, loadEnv } from "#src/server/env";
import { createLogger } from "#src/server/logger";
import { closeRateLimitStore } from "#src/server/rate-limits/limiter";
import { type EnvOverrides, type RequestOptions, requestInit, testEnvSource } from "./test-app";
import { createTestDatabase } from "./test-database";

/** One app of several in this process, as if each were its own server process. */
export interface AppInstance {
  app: Hono<AppBindings>;
  env: Env;
  deps: Deps;
  request(path: string, options?: RequestOptions): Promise<Response>;
}

export interface SharedDatabaseApps {
  instances: AppInstance[];
  /** Closes every instance, then removes the database. */
  close(): Promise<void>;
}

/**
 * `count` apps over one fresh database, each with its own connection (pool)
 * and dependencies: what several app processes behind a load balancer share,
 * and only that. Anything one instance kept in memory, the other can't see.
 */
export async function createAppsOnOneDatabase(
  count: number,
  overrides: EnvOverrides = {},
): Promise<SharedDatabaseApps> {
  const database = await createTestDatabase();
  const handles: DatabaseHandle[] = [];
  const instances: AppInstance[] = [];
  const close = async () => {
    for (const instance of instances) await closeRateLimitStore(instance.deps);
    try {
      for (const handle of handles) await handle.close();
    } finally {
      await database.drop();
    }
  };
  try {
    for (let index = 0; index < count; index++) {
      const env = loadEnv(testEnvSource(database, overrides));
      const started = await bootstrap(env, createLogger(env.logLevel));
      handles.push(started.database);
      const app = createApp(started.deps);
      instances.push({
        app,
        env,
        deps: started.deps,
        request: async (path, options) => app.request(path, requestInit(env, options)),
      });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, close };
}
