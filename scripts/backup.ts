/**
 * npm run backup [-- <file>]: an online copy of the SQLite database while
 * ReRide runs (src/server/backup/sqlite-backup.ts), by default to
 * DATA_DIR/backups/reride-<time>.sqlite. Reads the same configuration as the
 * app (environment, then .env). On PostgreSQL it explains pg_dump instead.
 */
import path from "node:path";
import { backupSqlite, defaultBackupPath } from "#src/server/backup/sqlite-backup";
import { exitWith, rowCounts, sqliteConfig } from "./sqlite-command";

const { dataDir, databaseFile } = sqliteConfig("back it up with pg_dump");
const destination = path.resolve(process.argv[2] ?? defaultBackupPath(dataDir));
try {
  const started = Date.now();
  const summary = await backupSqlite(databaseFile, destination);
  process.stdout.write(
    `Backed up ${databaseFile}\n     to ${summary.file}\n     ${(summary.bytes / 1024).toFixed(0)} KiB in ${Date.now() - started} ms; integrity ok; ${rowCounts(summary.rows)}\n`,
  );
} catch (error) {
  exitWith("Backup failed", error);
}
