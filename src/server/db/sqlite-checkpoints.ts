import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { Logger } from "../logger";

/**
 * How often the background connection copies the write-ahead log into the
 * database file. A checkpoint with nothing to copy reads a few bytes of
 * shared memory; one with a second's worth of writes copies their pages.
 */
const CHECKPOINT_EVERY_MS = 250;

/**
 * The app's own connection checkpoints itself once the log holds this many
 * pages (about 40 MB), should the background connection stop or fall behind:
 * the log never grows without bound. SQLite's default is 1,000.
 */
const BACKSTOP_PAGES = 10_000;

/**
 * The worker, as plain JavaScript (it runs without the app's TypeScript
 * loader): its own connection to the same file, checkpointing PASSIVE — it
 * copies what no reader still needs and never waits for, nor blocks, the
 * app's readers and writer. Errors other than "another checkpoint is
 * running" (SQLITE_BUSY, left for the next turn) go to the app to be logged.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare("pragma wal_checkpoint(PASSIVE)");
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch (error) {
    if (error && error.code === "SQLITE_BUSY") return;
    parentPort.postMessage(String(error && error.message ? error.message : error));
  }
}, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Moves SQLite's checkpoints off the thread that answers requests
 * (docs/decisions/0021-fast-uncached-reads-and-writes.md). By default the
 * commit that finds the log past 1,000 pages copies them all into the
 * database file and syncs it, inside that request: a booking now and then
 * took 20–30 ms instead of 1, and every request queued behind it waited too.
 * A worker thread with its own connection does that work instead, every
 * CHECKPOINT_EVERY_MS. Returns how to stop it (before the app's connection
 * closes, so that one, the last, removes the log as usual).
 */
export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  logger?: Logger,
): () => Promise<void> {
  if (file === ":memory:") return async () => {};
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  // It works while the app does; it never keeps a finished process alive.
  worker.unref();
  let reported = false;
  const report = (message: string) => {
    if (reported) return;
    reported = true;
    logger?.error(`background checkpoints of the SQLite log failed: ${message}`);
  };
  worker.on("message", (message: unknown) => report(String(message)));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", (error) => {
    report(error.message);
    // The backstop goes back to SQLite's own default: checkpoints in the commit, as before.
    if (sqlite.open) sqlite.pragma("wal_autocheckpoint = 1000");
  });
  return async () => {
    // Held by the process while it stops: awaiting an unreferenced worker would
    // let a process with nothing else to do exit in the middle of closing.
    worker.ref();
    worker.postMessage("stop");
    await exited;
  };
}
