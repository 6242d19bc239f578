import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { EnvError, loadEnv } from "./env";
import { startPhotoSweeper } from "./features/uploads/photo-sweep";
import { createLogger } from "./logger";
import { closeRateLimitStore } from "./rate-limits/limiter";

/** Entry point: read configuration, prepare the database, listen, and stop cleanly on SIGTERM. */
async function main() {
  // A .env file in the working directory is optional; real environment variables win.
  if (existsSync(".env")) loadEnvFileKeepingExisting(".env");
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.logLevel);
  const { deps, database } = await bootstrap(env, logger);
  const app = createApp(deps);
  // Removes photos nothing shows any more (features/uploads/photo-sweep.ts).
  const photoSweeper = startPhotoSweeper(deps);

  const server = serve({ fetch: app.fetch, hostname: env.host, port: env.port }, (info) => {
    const host = info.address.includes(":") ? `[${info.address}]` : info.address;
    process.stdout.write(`ReRide is running at http://${host}:${info.port}\n`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing in-flight requests");
    // Give in-flight requests up to 10 s, then close idle keep-alive sockets and the database.
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; closing anyway");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await photoSweeper.stop();
      await closeRateLimitStore(deps);
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) {
      // A keep-alive connection goes idle once its in-flight request is
      // answered; close it then rather than after the keep-alive timeout.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `ReRide could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});

function loadEnvFileKeepingExisting(file: string) {
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}
