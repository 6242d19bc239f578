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
 * all of them, the worker makes it start over (RESTART) at the app's next
 * moment between two transactions (checkpointInBackground below), keeping
 * the app's writes out for the moment it takes to copy the rest; RESTART
 * waits up to START_OVER_WAIT_MS for anyone else holding the lock. Not while
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
/** …and when the app holds its writes back for it: another process's transaction is not waited out. */
const START_OVER_WAIT_WHILE_APP_WAITS_MS = 10;

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
// How long RESTART waits for the write lock and for readers; PASSIVE never waits. Asked for
// by the app, whose writes wait meanwhile, it waits only briefly for another process's.
const waitLong = db.prepare("pragma busy_timeout = " + workerData.startOverWaitMs);
const waitBriefly = db.prepare("pragma busy_timeout = " + workerData.appWaitsMs);
const report = (error) => {
  if (!error || error.code !== "SQLITE_BUSY") {
    parentPort.postMessage(String(error && error.message ? error.message : error));
  }
};
// Still busy after its wait comes back as a row, not an error: tried again next look.
const startOverNow = (appWaits) => {
  try {
    (appWaits ? waitBriefly : waitLong).run();
    startOver.get();
  } catch (error) {
    report(error);
  }
};
// The log's size and how much of it is copied: unchanged since the last look means no writes.
let seen = "";
let timer;
// The start-over asked of the app (its number, 0: none), and the wait for the app to take it up.
const asking = new Int32Array(workerData.asking);
let asked = 0;
let askedBefore = 0;
let unanswered;
const look = () => {
  let next = workerData.quietMs;
  try {
    const { log, checkpointed } = checkpoint.get();
    const now = log + "/" + checkpointed;
    if (now !== seen) next = workerData.writingMs;
    seen = now;
    // Only when the copy took every page: a reader that still needs some (a backup running
    // in another process, say) would keep RESTART, and with it the app's writes, waiting.
    if (log >= workerData.startOverAbovePages && checkpointed === log && asked === 0) ask();
  } catch (error) {
    report(error);
  }
  timer = setTimeout(look, next);
};
// The app takes the number up before its next transaction and says "go"; one that doesn't
// in time (no transaction comes) gets the RESTART as it is.
const ask = () => {
  askedBefore = (askedBefore % 1000000) + 1;
  asked = askedBefore;
  Atomics.store(asking, 0, asked);
  unanswered = setTimeout(() => {
    if (Atomics.compareExchange(asking, 0, asked, 0) !== asked) return; // taken up: "go" comes
    asked = 0;
    startOverNow(false);
  }, workerData.answerWithinMs);
};
look();
parentPort.on("message", (message) => {
  if (message === "stop") {
    clearTimeout(timer);
    clearTimeout(unanswered);
    db.close();
    parentPort.close();
    return;
  }
  // The app waits between two transactions: start the log over now, then let it go on.
  if (message.go === asked) {
    clearTimeout(unanswered);
    asked = 0;
    startOverNow(true);
  }
  parentPort.postMessage({ done: message.go });
});
`;

/** How long the worker waits for the app's answer before starting the log over regardless. */
const ANSWER_WITHIN_MS = 250;
/** How long the app's next transaction waits for the worker before it goes on regardless. */
const START_OVER_WITHIN_MS = 150;

export interface BackgroundCheckpoints {
  /**
   * Called before each of the app's transactions begins, with no other
   * transaction of this connection open. Null when nothing is asked; when
   * the worker has asked to start the log over, that happens now and the
   * transaction begins once it is done (the app's reads go on meanwhile).
   */
  beforeTransaction(): Promise<void> | null;
  /** Stops the worker (before the app's connection closes, so that one, the last, removes the log as usual). */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's checkpoints off the thread that answers requests
 * (docs/decisions/0021-fast-uncached-reads-and-writes.md). By default the
 * commit that finds the log past 1,000 pages copies them all into the
 * database file and syncs it, inside that request: a booking now and then
 * took 20–30 ms instead of 1, and every request queued behind it waited too.
 * A worker thread with its own connection does that work instead, every
 * CHECKPOINT_WHILE_WRITING_MS while writes come and CHECKPOINT_WHEN_QUIET_MS
 * when they don't, and makes the log start over before it reaches the
 * backstop. None for an in-memory database, which has no log.
 *
 * Starting over holds the write lock while it copies what was written since
 * the last copy. Taken whenever SQLite's busy handler found a gap between
 * the app's transactions, it copied what arrived while it waited (up to 100
 * ms of writes), and the app's next transaction found the lock taken and
 * tried again on a timer: at a thousand bookings a second the app's writes
 * waited about a tenth of the time, 15–25 ms each time. So the worker asks
 * first: the app's next transaction, between two of its own, lets it start
 * over at once and begins when it is told it is done.
 */
export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  logger?: Logger,
): BackgroundCheckpoints | null {
  if (file === ":memory:") return null;
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  // Shared with the worker: the number of the start-over it asks for, 0 when none. Read
  // before every transaction, so it is memory both threads see rather than a message.
  const asking = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      writingMs: CHECKPOINT_WHILE_WRITING_MS,
      quietMs: CHECKPOINT_WHEN_QUIET_MS,
      startOverAbovePages: START_OVER_ABOVE_PAGES,
      startOverWaitMs: START_OVER_WAIT_MS,
      answerWithinMs: ANSWER_WITHIN_MS,
      appWaitsMs: START_OVER_WAIT_WHILE_APP_WAITS_MS,
      asking: asking.buffer,
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
  let running = true;
  // The transaction waiting for the start-over to be done.
  let startedOver: (() => void) | null = null;
  const goOn = () => {
    startedOver?.();
    startedOver = null;
  };
  worker.on("message", (message: unknown) => {
    if (typeof message === "string") report(message);
    else if (Object(message).done) goOn();
  });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", (error) => {
    running = false;
    goOn();
    report(error.message);
    // The backstop goes back to SQLite's own default: checkpoints in the commit, as before.
    if (sqlite.open) sqlite.pragma("wal_autocheckpoint = 1000");
  });
  return {
    beforeTransaction() {
      if (!running) return null;
      const go = Atomics.exchange(asking, 0, 0);
      if (go === 0) return null;
      return new Promise<void>((resolve) => {
        // A worker that doesn't answer in time holds no write back: the lock waits as before.
        const late = setTimeout(goOn, START_OVER_WITHIN_MS);
        startedOver = () => {
          clearTimeout(late);
          resolve();
        };
        worker.postMessage({ go });
      });
    },
    async stop() {
      running = false;
      goOn();
      // Held by the process while it stops: awaiting an unreferenced worker would
      // let a process with nothing else to do exit in the middle of closing.
      worker.ref();
      worker.postMessage("stop");
      await exited;
    },
  };
}
