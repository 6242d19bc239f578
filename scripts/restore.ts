/**
 * npm run restore -- <backup file>: puts a backup made by `npm run backup`
 * in place of the SQLite database of this configuration (DATA_DIR or
 * DATABASE_URL=file:…). Stop ReRide first: it refuses while any process has
 * the database open. The replaced database is kept beside it
 * (reride.sqlite.before-restore-<time>).
 */
import path from "node:path";
import { BackupError, restoreSqlite } from "../src/server/backup/sqlite-backup";
import { loadEnv } from "../src/server/env";
import { loadDotEnv } from "./dotenv";

const file = process.argv[2];
if (!file) {
  process.stderr.write("Usage: npm run restore -- <backup file>\n");
  process.exit(2);
}
loadDotEnv();
const env = loadEnv();
if (env.database.dialect !== "sqlite") {
  process.stderr.write(
    "DATABASE_URL points at PostgreSQL: restore with pg_restore (see the README's Backups section).\n",
  );
  process.exit(1);
}
try {
  const summary = restoreSqlite(path.resolve(file), env.database.file);
  const counts = Object.entries(summary.rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(", ");
  process.stdout.write(
    `Restored ${path.resolve(file)}\n      to ${env.database.file} (${counts})\n`,
  );
  if (summary.previous)
    process.stdout.write(`The database it replaced is kept as ${summary.previous}\n`);
  process.stdout.write("Start ReRide again to use it.\n");
} catch (error) {
  process.stderr.write(
    `Restore refused: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error instanceof BackupError ? 1 : 2);
}
