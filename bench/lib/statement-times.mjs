// Preloaded into a ReRide process on SQLite by `npm run bench:write-cost -- --statements`
// (`node --import` through NODE_OPTIONS): times every statement the request thread runs
// through better-sqlite3, by SQL text. On SIGUSR2 it writes what it counted since the
// last SIGUSR2 to STATEMENT_TIMES_FILE (JSON) and starts counting again. SIGUSR1 is
// Node's own (the inspector), so one signal does both.
import { renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.STATEMENT_TIMES_FILE;
if (isMainThread && file) {
  // The app's own copy of better-sqlite3, as its `import` finds it.
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const Database = require("better-sqlite3");
  /** @type {Map<string, { calls: number, ms: number }>} */
  let counted = new Map();
  const probe = new Database(":memory:");
  const statementMethods = Object.getPrototypeOf(probe.prepare("select 1"));
  probe.close();
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = statementMethods[method];
    statementMethods[method] = function timed(...args) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const sql = this.source.replace(/\s+/g, " ").trim();
        const entry = counted.get(sql) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        counted.set(sql, entry);
      }
    };
  }
  process.on("SIGUSR2", () => {
    const statements = [...counted].map(([sql, entry]) => ({ sql, ...entry }));
    counted = new Map();
    // Whole or not at all: the bench reads the file as soon as it appears.
    writeFileSync(`${file}.tmp`, JSON.stringify(statements));
    renameSync(`${file}.tmp`, file);
  });
}
