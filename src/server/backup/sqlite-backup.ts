import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * Online backup and restore of the SQLite database (issue 6, point 6;
 * README "Backups"). PostgreSQL has pg_dump and pg_restore for this.
 */

export class BackupError extends Error {}

/** `DATA_DIR/backups/reride-2026-11-22T03-40-00-123Z.sqlite` */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/:/g, "-").replace(".", "-");
  return path.join(dataDir, "backups", `reride-${stamp}.sqlite`);
}

export interface BackupSummary {
  file: string;
  bytes: number;
  rows: Record<string, number>;
}

/**
 * Copies the live database into `destination` with SQLite's backup API
 * while the app keeps running. All pages are copied in one step, which is
 * one read transaction: the copy is the database as of one instant, however
 * many writes arrive meanwhile (WAL lets them go on). The copy is written
 * beside its final name and renamed when complete and checked, so a backup
 * file that exists is a whole one.
 */
export async function backupSqlite(source: string, destination: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (existsSync(destination)) throw new BackupError(`${destination} already exists.`);
  mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // The first step only sizes the job; the progress callback then asks for every page at once.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  // One self-contained file: the copy inherits WAL mode, which would need -wal/-shm beside it.
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const rows = inspect(partial);
  renameSync(partial, destination);
  return { file: destination, bytes: statSync(destination).size, rows };
}

export interface RestoreSummary {
  /** Where the database that was replaced now is, or null when there was none. */
  previous: string | null;
  rows: Record<string, number>;
}

/**
 * Puts a backup in place of the database at `target`. Refuses while any
 * process has the database open (the app must be stopped first), and keeps
 * the database it replaces beside it as `<name>.before-restore-<time>`.
 */
export function restoreSqlite(backup: string, target: string, now = new Date()): RestoreSummary {
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  const rows = inspect(backup);
  let previous: string | null = null;
  if (existsSync(target)) {
    assertNotInUse(target);
    previous = `${target}.before-restore-${now.toISOString().replace(/:/g, "-")}`;
    renameSync(target, previous);
  } else {
    mkdirSync(path.dirname(target), { recursive: true });
  }
  // Copied beside the target and renamed: the app never finds half a file.
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  renameSync(incoming, target);
  return { previous, rows };
}

/**
 * A running app holds the database open in WAL mode; leaving WAL mode needs
 * every other connection gone, so it fails while any process has the file
 * open. When it succeeds, the WAL has been folded into the file, which is
 * then whole on its own and safe to move aside.
 */
function assertNotInUse(file: string) {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    const mode = db.pragma("journal_mode = DELETE", { simple: true });
    if (mode !== "delete") throw new Error(`journal mode stayed ${String(mode)}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `The database ${file} is in use (${reason}). Stop ReRide (every process using this DATA_DIR) and run the restore again.`,
    );
  } finally {
    db.close();
  }
}

/** Checks a database file is whole and ReRide's, and counts its main tables. */
function inspect(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const verdict = db.pragma("integrity_check", { simple: true });
    if (verdict !== "ok") throw new BackupError(`${file} is damaged: ${String(verdict)}`);
    const rows: Record<string, number> = {};
    for (const table of ["users", "bikes", "bookings", "wishlist"]) {
      try {
        const row = db.prepare(`select count(*) as n from "${table}"`).get() as { n: number };
        rows[table] = row.n;
      } catch {
        throw new BackupError(`${file} is not a ReRide database (no ${table} table).`);
      }
    }
    return rows;
  } finally {
    db.close();
  }
}
