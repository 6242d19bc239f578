import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database";
import { databaseFault } from "./errors";
import { inTransaction } from "./transaction";

// Two server processes share one SQLite file (several per machine, or a
// deploy overlapping the old one). A transaction that reads before it writes
// must still commit when the other process writes in between: it waits its
// turn instead of failing with SQLITE_BUSY (db/sqlite-dialect.ts: `begin immediate`).
// better-sqlite3 blocks its thread while it waits for a lock, so the other
// writer runs on a worker thread with its own connection, like another process.
const otherWriterSource = `
  const { parentPort, workerData } = require("node:worker_threads");
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.pragma("busy_timeout = 5000");
  parentPort.on("message", () => {
    try {
      db.prepare("insert into notes (body) values ('theirs')").run();
      parentPort.postMessage("written");
    } catch (error) {
      parentPort.postMessage(error.code ?? String(error));
    }
  });
`;

// Another connection that takes the write lock, says so, and keeps it for 400 ms.
const holderSource = `
  const { parentPort, workerData } = require("node:worker_threads");
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.exec("begin immediate");
  db.prepare("insert into notes (body) values ('theirs')").run();
  parentPort.postMessage("holding");
  setTimeout(() => {
    db.exec("commit");
    parentPort.postMessage("committed");
  }, 400);
`;

describe("two writers on one SQLite file", () => {
  let folder: string;
  let handle: DatabaseHandle | undefined;
  let other: Worker | undefined;
  afterEach(async () => {
    await other?.terminate();
    await handle?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A fresh file with a `notes` table, opened here and by a worker running `source`. */
  async function openNotesBeside(source: string) {
    folder = mkdtempSync(path.join(tmpdir(), "reride-writers-"));
    const file = path.join(folder, "reride.sqlite");
    handle = openDatabase({ dialect: "sqlite", file });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    const driver = fileURLToPath(import.meta.resolve("better-sqlite3"));
    const worker = new Worker(source, { eval: true, workerData: { file, driver } });
    other = worker;
    return { db: handle.db, worker };
  }

  test("a transaction that read first commits while another connection writes", async () => {
    const { db } = await openNotesBeside(otherWriterSource);

    let theirAnswer: Promise<unknown> = Promise.resolve();
    await inTransaction(db, async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      const writer = other as Worker;
      theirAnswer = once(writer, "message").then(([answer]) => answer);
      writer.postMessage("write");
      // Long enough for the other connection to have tried its write.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`insert into notes (body) values ('mine')`.execute(trx);
    });

    expect(await theirAnswer).toBe("written");
    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(db);
    expect(rows.rows.map((row) => row.body)).toEqual(["mine", "theirs"]);
  });

  test.each([
    [
      "a transaction",
      (db: DatabaseHandle["db"]) =>
        inTransaction(db, async (trx) => {
          await sql`insert into notes (body) values ('mine')`.execute(trx);
        }),
    ],
    [
      "a write on its own",
      async (db: DatabaseHandle["db"]) => {
        await sql`insert into notes (body) values ('mine')`.execute(db);
      },
    ],
  ])(
    "while another connection holds the write lock, %s waits without stopping the process",
    async (_kind, write) => {
      const { db, worker } = await openNotesBeside(holderSource);
      const [held] = await once(worker, "message");
      expect(held).toBe("holding");

      // A timer every 10 ms: if the wait for the lock blocked the thread, the gap would be the wait.
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 10);
      const started = performance.now();
      try {
        await write(db);
      } finally {
        clearInterval(ticker);
        longestGap = Math.max(longestGap, performance.now() - last);
      }
      // It waited for the holder (400 ms) …
      expect(performance.now() - started).toBeGreaterThan(300);
      // … while the process went on with other work.
      expect(longestGap).toBeLessThan(150);
      const rows = await sql<{ body: string }>`select body from notes order by id`.execute(db);
      expect(rows.rows.map((row) => row.body)).toEqual(["theirs", "mine"]);
    },
  );

  test("a write still locked out after the wait is a 'try again', not a failure", () => {
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    expect(databaseFault(busy)).toBe("unavailable");
  });
});

describe("transactions queued for the one SQLite connection", () => {
  let folder: string;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  // better-sqlite3 answers at once, so without a pause between them queued
  // transactions all ran in one turn of the event loop, and the server read
  // no new request (nor accepted a connection) until the last had committed.
  test("leave the event loop a turn every few milliseconds, so the server takes in requests meanwhile", async () => {
    folder = mkdtempSync(path.join(tmpdir(), "reride-turns-"));
    handle = openDatabase({ dialect: "sqlite", file: path.join(folder, "reride.sqlite") });
    const { db } = handle;
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);

    // Twenty transactions of a few hundred rows each: tens of milliseconds of writing.
    let committed = 0;
    const body = "x".repeat(1_000);
    const started = performance.now();
    const writes = Array.from({ length: 20 }, () =>
      inTransaction(db, async (trx) => {
        await sql`insert into notes (body)
          with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)
          select ${body} from n`.execute(trx);
      }).then(() => {
        committed++;
      }),
    );
    // What the event loop does next, such as reading a request that arrived meanwhile.
    const committedAtNextTurn = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(committed)),
    );
    await Promise.all(writes);
    const took = performance.now() - started;

    const { rows } = await sql<{ count: number }>`select count(*) as count from notes`.execute(db);
    expect(rows[0]?.count).toBe(6_000);
    // Long enough that writing it all in one turn would show …
    expect(took).toBeGreaterThan(20);
    // … and the event loop had a turn well before the last committed.
    expect(committedAtNextTurn).toBeLessThan(15);
  });
});
