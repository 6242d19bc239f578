import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "#src/server/app";
import { bootstrap } from "#src/server/bootstrap";
import { withReplayedResponses } from "#src/server/cache/replay";
import { loadEnv } from "#src/server/env";
import { missingVersions } from "../lib/missing-versions";

/**
 * ReRide with its read caches missing on every request: the app exactly as
 * src/server/main.ts serves it (one process, the same middleware, the replay
 * check in front), except that the data versions every cache entry and session is
 * checked against never repeat. It is still read from the database as usual, then
 * given a counter, so each request pays what the first request after a write
 * pays: the version read, the session asked of better-auth, the page's
 * statements, JSON, and storing the answer that nobody will reuse.
 * Started by the bench with the same environment as ReRide itself.
 */
const env = loadEnv();
// The schema and seed are the bench's own ReRide's, already prepared.
const { deps } = await bootstrap(env, undefined, { prepared: true });
deps.dataVersion = missingVersions(deps.dataVersion);
const app = createApp(deps);
const server = createServer(
  withReplayedResponses(deps, getRequestListener(app.fetch, { hostname: env.host })),
);
server.listen(env.port, env.host, () => process.stdout.write(`listening on ${env.port}\n`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
