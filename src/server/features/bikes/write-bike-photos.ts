import type { AppDb } from "../../db/database";
import { AppError } from "../../errors";
import { photoUrls } from "../../lib/photo-keys";

// A bike's photos as createBike and editBike write them, inside their
// transaction (docs/api.md "Photos"). Reads are in catalog/bike-reads.ts (photoUploadIds).

const notYours = () =>
  new AppError("VALIDATION_FAILED", "Some fields need attention.", {
    // One message for unknown and for someone else's: ids are not for probing.
    photos: "One of these photos doesn't exist or isn't yours",
  });

/** 400 with `fields.photos` unless every id is an upload of `ownerId`. Call before any write. */
export async function checkOwnUploads(db: AppDb, ownerId: string, uploadIds: string[]) {
  const rows = await db
    .selectFrom("uploads")
    .select("id")
    .where("id", "in", uploadIds)
    .where("ownerId", "=", ownerId)
    .execute();
  if (rows.length !== new Set(uploadIds).size) throw notYours();
}

/** The url of the cover: the first photo's large version. */
export function coverUrl(uploadIds: string[]): string {
  const [cover] = uploadIds;
  if (!cover) throw new Error("A bike's photos are never empty (photoIdsSchema)");
  return photoUrls(cover).url;
}

/** The imageUrl of a new bike: its cover's, else the pasted link (bikeInputSchema demands one). */
export function newBikeImageUrl(input: { imageUrl?: string | undefined; photos?: string[] }) {
  if (input.photos) return coverUrl(input.photos);
  if (input.imageUrl) return input.imageUrl;
  throw new Error("bikeInputSchema lets no bike through without a picture");
}

/**
 * Makes `uploadIds` the bike's photos, in that order, and the first its
 * imageUrl. `trx` is the caller's transaction: the bike and its photos change together.
 */
export async function setBikePhotos(trx: AppDb, bikeId: string, uploadIds: string[]) {
  await trx
    .updateTable("bikes")
    .set({ imageUrl: coverUrl(uploadIds) })
    .where("id", "=", bikeId)
    .execute();
  await trx.deleteFrom("bikePhotos").where("bikeId", "=", bikeId).execute();
  await trx
    .insertInto("bikePhotos")
    .values(uploadIds.map((uploadId, position) => ({ bikeId, uploadId, position })))
    .execute();
}

/**
 * After an edit that sent a picture: photos replace the old ones; a pasted
 * link other than the current cover replaces the photos (a bike shows one or
 * the other). A form that sends the cover's own url back changes nothing.
 */
export async function updateBikePicture(
  trx: AppDb,
  bikeId: string,
  picture: { photos?: string[] | undefined; imageUrl?: string | undefined },
) {
  if (picture.photos) {
    await setBikePhotos(trx, bikeId, picture.photos);
    return;
  }
  if (picture.imageUrl === undefined) return;
  const cover = await trx
    .selectFrom("bikePhotos")
    .select("uploadId")
    .where("bikeId", "=", bikeId)
    .where("position", "=", 0)
    .executeTakeFirst();
  if (cover && photoUrls(cover.uploadId).url !== picture.imageUrl) {
    await trx.deleteFrom("bikePhotos").where("bikeId", "=", bikeId).execute();
  }
}
