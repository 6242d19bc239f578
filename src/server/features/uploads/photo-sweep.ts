import { type ExpressionBuilder, sql } from "kysely";
import type { Deps } from "../../context";
import type { Tables } from "../../db/tables";
import { KEY_SUFFIX, PHOTO_URL_PREFIX, photoKeys, uploadIdOfKey } from "../../lib/photo-keys";
import type { StoredKey } from "./photo-storage";

/**
 * Removes photos nothing shows any more (docs/decisions/0005-photo-uploads.md).
 * One sweep covers every way a photo falls out of use: uploaded but never
 * listed (the form was abandoned), replaced or removed in an edit, its bike
 * deleted, its account deleted, or a crash between writing and recording.
 *
 * A day's grace keeps it from racing a seller who is still filling in the
 * form that will use a fresh upload.
 */
export const SWEEP_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface SweepResult {
  /** Upload rows removed with their files. */
  uploads: number;
  /** Files removed that had no upload row (their account was deleted, or a crash). */
  strayFiles: number;
  /** Files that could not be removed; the next sweep tries again. */
  failures: number;
}

type SweepDeps = Pick<Deps, "db" | "photos">;

/** In use: shown by a bike, or the cover in a booking's snapshot (bookings outlive bikes). */
function unused(cutoff: string) {
  // The cover's url as lib/photo-keys.ts makes it, built in SQL to compare with the snapshot.
  const cover = sql<string>`${sql.lit(PHOTO_URL_PREFIX)} || ${sql.ref("uploads.id")} || ${sql.lit(KEY_SUFFIX.large)}`;
  return (eb: ExpressionBuilder<Tables, "uploads">) =>
    eb.and([
      eb("uploads.createdAt", "<", cutoff),
      eb.not(
        eb.exists(
          eb
            .selectFrom("bikePhotos")
            .select("bikePhotos.uploadId")
            .whereRef("bikePhotos.uploadId", "=", "uploads.id"),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom("bookings")
            .select("bookings.id")
            .where("bookings.bikeImageUrl", "=", cover),
        ),
      ),
    ]);
}

async function removeFiles(deps: SweepDeps, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => deps.photos.delete(key)));
  return results.filter((result) => result.status === "rejected").length;
}

/** Upload rows no bike shows: the row goes first (so no bike can pick it up meanwhile), then its files. */
async function sweepUnusedUploads(deps: SweepDeps, cutoff: string, result: SweepResult) {
  for (;;) {
    const batch = await deps.db
      .selectFrom("uploads")
      .select("id")
      .where(unused(cutoff))
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return;
    // The same test again, in the delete itself: a photo listed meanwhile stays.
    const deleted = await deps.db
      .deleteFrom("uploads")
      .where(
        "id",
        "in",
        batch.map((row) => row.id),
      )
      .where(unused(cutoff))
      .returning("id")
      .execute();
    result.uploads += deleted.length;
    result.failures += await removeFiles(
      deps,
      deleted.flatMap((row) => photoKeys(row.id)),
    );
    if (deleted.length === 0) return;
  }
}

/** Old files whose upload row is gone. Recent ones may belong to an upload in progress. */
async function sweepStrayFiles(deps: SweepDeps, cutoff: Date, result: SweepResult) {
  const removeStray = async (files: StoredKey[]) => {
    const ids = [...new Set(files.map((file) => uploadIdOfKey(file.key) ?? ""))];
    if (ids.length === 0) return;
    const known = await deps.db.selectFrom("uploads").select("id").where("id", "in", ids).execute();
    const inUse = new Set(known.map((row) => row.id));
    const stray = files.filter((file) => !inUse.has(uploadIdOfKey(file.key) ?? ""));
    result.strayFiles += stray.length;
    result.failures += await removeFiles(
      deps,
      stray.map((file) => file.key),
    );
  };
  let batch: StoredKey[] = [];
  for await (const file of deps.photos.list()) {
    // Only names this app makes: anything else in the folder is not ours to judge.
    if (file.modifiedAt >= cutoff || uploadIdOfKey(file.key) === null) continue;
    batch.push(file);
    if (batch.length >= BATCH) {
      await removeStray(batch);
      batch = [];
    }
  }
  await removeStray(batch);
}

export async function sweepPhotos(
  deps: SweepDeps,
  options: { now?: Date; minAgeMs?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.minAgeMs ?? SWEEP_MIN_AGE_MS));
  const result: SweepResult = { uploads: 0, strayFiles: 0, failures: 0 };
  await sweepUnusedUploads(deps, cutoff.toISOString(), result);
  await sweepStrayFiles(deps, cutoff, result);
  return result;
}

/**
 * Sweeps an hour after start and then hourly. Several processes may each
 * sweep: every step is safe to repeat. Stop it before closing the database.
 */
export function startPhotoSweeper(deps: Deps, everyMs = SWEEP_EVERY_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return; // the previous sweep is still going
    running = sweepPhotos(deps)
      .then((result) => {
        if (result.uploads + result.strayFiles + result.failures > 0) {
          deps.logger.info({ photoSweep: result }, "swept unused photos");
        }
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "photo sweep failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** Stops the schedule and waits for a sweep in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
