/**
 * npm run backup [-- <file>]: an online copy of the SQLite database while
 * ReRide runs (src/server/backup/sqlite-backup.ts), by default to
 * DATA_DIR/backups/reride-<time>.sqlite. Reads the same configuration as the
 * app (environment, then .env). On PostgreSQL it explains pg_dump instead.
 */
import path from "node:path";
import { BackupError, backupSqlite, defaultBackupPath } from "../src/server/backup/sqlite-backup";
import { loadEnv } from "../src/server/env";
import { loadDotEnv } from "./dotenv";

loadDotEnv();
const env = loadEnv();
if (env.database.dialect !== "sqlite") {
  process.stderr.write(
    "DATABASE_URL points at PostgreSQL: back it up with pg_dump (see the README's Backups section).\n",
  );
  process.exit(1);
}
const destination = path.resolve(process.argv[2] ?? defaultBackupPath(env.dataDir));
try {
  const started = Date.now();
  const summary = await backupSqlite(env.database.file, destination);
  const counts = Object.entries(summary.rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(", ");
  process.stdout.write(
    `Backed up ${env.database.file}\n     to ${summary.file}\n     ${(summary.bytes / 1024).toFixed(0)} KiB in ${Date.now() - started} ms; integrity ok; ${counts}\n`,
  );
} catch (error) {
  process.stderr.write(
    `Backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error instanceof BackupError ? 1 : 2);
}
