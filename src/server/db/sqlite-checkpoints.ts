import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { Logger } from "../logger";

/**
 * How often the background connection copies the write-ahead log into the
 * database file: soon again while writes keep coming, seldom when they
 * don't. A checkpoint with nothing to copy reads a few bytes of shared
 * memory.
 */
const CHECKPOINT_WHILE_WRITING_MS = 20;
const CHECKPOINT_WHEN_QUIET_MS = 250;

/**
 * When the log holds this many pages (about 8 MB) after a copy that took
 * all of them, the worker makes it start over (RESTART), waiting up to
 * START_OVER_WAIT_MS for the app's transaction in progress and then keeping
 * the app's writes out for the moment it takes to copy the rest. Not while
 * a reader still needs pages of the log (a backup running in another
 * process): RESTART would wait for it with the app's writes held back.
 *
 * The log only starts again from its beginning when a write begins with
 * every page of it already copied and synced. Under a steady stream of
 * writes a copy running beside them never finishes in a pause between two
 * of them, so the log grew until the app's own backstop below copied it
 * inside a request's commit: at a thousand bookings a second that happened
 * a few times a second and stopped the event loop for 30–50 ms each time
 * (docs/decisions/0021-fast-uncached-reads-and-writes.md). Waiting for the
 * write lock happens in the worker, so the app's writes are held back
 * briefly while reads and everything else go on.
 */
const START_OVER_ABOVE_PAGES = 2_000;
const START_OVER_WAIT_MS = 100;

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
 * app's readers and writer — and RESTART when the log has grown (above).
 * Errors other than "the database is busy" (SQLITE_BUSY, left for the next
 * look) go to the app to be logged.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare("pragma wal_checkpoint(PASSIVE)");
const startOver = db.prepare("pragma wal_checkpoint(RESTART)");
// How long RESTART waits for the write lock and for readers; PASSIVE never waits.
db.pragma("busy_timeout = " + workerData.startOverWaitMs);
// The log's size and how much of it is copied: unchanged since the last look means no writes.
let seen = "";
let timer;
const look = () => {
  let next = workerData.quietMs;
  try {
    const { log, checkpointed } = checkpoint.get();
    const now = log + "/" + checkpointed;
    if (now !== seen) next = workerData.writingMs;
    seen = now;
    // Only when the copy took every page: a reader that still needs some (a backup running
    // in another process, say) would keep RESTART, and with it the app's writes, waiting.
    // Still busy after its wait comes back as a row, not an error: tried again next look.
    if (log >= workerData.startOverAbovePages && checkpointed === log) startOver.get();
  } catch (error) {
    if (!error || error.code !== "SQLITE_BUSY") {
      parentPort.postMessage(String(error && error.message ? error.message : error));
    }
  }
  timer = setTimeout(look, next);
};
look();
parentPort.on("message", () => {
  clearTimeout(timer);
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
 * CHECKPOINT_WHILE_WRITING_MS while writes come and CHECKPOINT_WHEN_QUIET_MS
 * when they don't, and makes the log start over before it reaches the
 * backstop. Returns how to stop it (before the app's connection
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
      writingMs: CHECKPOINT_WHILE_WRITING_MS,
      quietMs: CHECKPOINT_WHEN_QUIET_MS,
      startOverAbovePages: START_OVER_ABOVE_PAGES,
      startOverWaitMs: START_OVER_WAIT_MS,
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
