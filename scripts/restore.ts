/**
 * npm run restore -- <backup file>: puts a backup made by `npm run backup`
 * in place of the SQLite database of this configuration (DATA_DIR or
 * DATABASE_URL=file:…). Stop ReRide first: it refuses while any process has
 * the database open. The replaced database is kept beside it
 * (reride.sqlite.before-restore-<time>).
 */
import path from "node:path";
import { restoreSqlite } from "#src/server/backup/sqlite-backup";
import { exitWith, rowCounts, sqliteConfig } from "./sqlite-command";

const file = process.argv[2];
if (!file) {
  process.stderr.write("Usage: npm run restore -- <backup file>\n");
  process.exit(2);
}
const { databaseFile } = sqliteConfig("restore with pg_restore");
try {
  const summary = restoreSqlite(path.resolve(file), databaseFile);
  process.stdout.write(
    `Restored ${path.resolve(file)}\n      to ${databaseFile} (${rowCounts(summary.rows)})\n`,
  );
  if (summary.previous)
    process.stdout.write(`The database it replaced is kept as ${summary.previous}\n`);
  process.stdout.write("Start ReRide again to use it.\n");
} catch (error) {
  exitWith("Restore refused", error);
}
