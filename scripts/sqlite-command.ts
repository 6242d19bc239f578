/** What `npm run backup` and `npm run restore` share: the configuration, the summary, the exit codes. */
import { BackupError } from "#src/server/backup/sqlite-backup";
import { loadEnv } from "#src/server/env";
import { loadDotEnv } from "./dotenv";

/**
 * The SQLite database and DATA_DIR of the app's configuration (environment,
 * then .env), or exit 1 when it points
 * at PostgreSQL, whose own tools (`advice`) do this job instead.
 */
export function sqliteConfig(advice: string) {
  loadDotEnv();
  const env = loadEnv();
  if (env.database.dialect !== "sqlite") {
    process.stderr.write(
      `DATABASE_URL points at PostgreSQL: ${advice} (see the README's Backups section).\n`,
    );
    process.exit(1);
  }
  return { dataDir: env.dataDir, databaseFile: env.database.file };
}

/** "3 users, 12 bikes, …" */
export const rowCounts = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, count]) => `${count} ${table}`)
    .join(", ");

/** Exit 1 for a refusal the command explains (BackupError), 2 for anything unexpected. */
export function exitWith(heading: string, error: unknown): never {
  process.stderr.write(`${heading}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(error instanceof BackupError ? 1 : 2);
}
