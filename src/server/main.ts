import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { bootstrap } from "./bootstrap";
import { withReplayedResponses } from "./cache/replay";
import { StartupError } from "./db/startup-error";
import { EnvError, loadEnv } from "./env";
import { startBookingExpiry } from "./features/bookings/expire-bookings";
import { startSavedSearchMatcher } from "./features/search/saved-search-matches";
import { startPhotoSweeper } from "./features/uploads/photo-sweep";
import { createLogger } from "./logger";
import { createMailTransport } from "./mail/mail-transport";
import { startMailWorker } from "./mail/mail-worker";
import { runPrimary, stopWithPrimary } from "./processes";
import { closeRateLimitStore } from "./rate-limits/limiter";

/** Entry point: read configuration, prepare the database, listen, and stop cleanly on SIGTERM. */
async function main() {
  // A .env file in the working directory is optional; Node keeps real environment variables over it.
  if (existsSync(".env")) process.loadEnvFile(".env");
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
  if (env.processes > 1 && cluster.isPrimary) {
    // Migrations, seeding and the first admin's password: once, before any worker starts.
    const { database } = await bootstrap(env, logger);
    await database.close();
    cluster.once("listening", (_worker, address) => announce(address.address, address.port));
    runPrimary(env, logger);
    return;
  }
  const { deps, database } = await bootstrap(env, logger, { prepared: cluster.isWorker });
  const app = createApp(deps);
  // Removes photos nothing shows any more (features/uploads/photo-sweep.ts).
  const photoSweeper = startPhotoSweeper(deps);
  // Pending bookings nobody answered in BOOKING_PENDING_HOURS (features/bookings/expire-bookings.ts).
  const bookingExpiry = startBookingExpiry(deps);
  // Sends queued mail, in every process; a request never waits on SMTP (mail/).
  const mailWorker = startMailWorker(deps, createMailTransport(env, logger));
  // Bikes listed or available again, matched against saved searches (features/search/saved-search-matches.ts).
  const savedSearchMatcher = startSavedSearchMatcher(deps);

  // Reads the app has already answered for this caller and data version skip it (cache/replay.ts).
  const listener = getRequestListener(app.fetch, { hostname: env.host });
  const server = createServer(withReplayedResponses(deps, listener));
  server.listen(env.port, env.host, () => {
    const address = server.address();
    // With several processes the primary says it once (processes.ts).
    if (cluster.isPrimary && address && typeof address === "object") {
      announce(address.address, address.port);
    }
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
    // Open event streams never finish by themselves: end them, so the server can close.
    void deps.live.close();
    server.close(async () => {
      await photoSweeper.stop();
      await bookingExpiry.stop();
      await savedSearchMatcher.stop();
      await mailWorker.stop();
      await closeRateLimitStore(deps);
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) {
      // A keep-alive connection goes idle once its in-flight request is
      // responded to; close it then rather than after the keep-alive timeout.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  stopWithPrimary(stop);
}

function announce(address: string, port: number) {
  const host = address.includes(":") ? `[${address}]` : address;
  process.stdout.write(`ReRide is running at http://${host}:${port}\n`);
}

main().catch((error: unknown) => {
  // A start that can't go on for a reason the operator can fix: one sentence, no stack.
  if (error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `ReRide could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
