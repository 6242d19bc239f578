import type { z } from "zod";
import type { bikeInputSchema } from "#src/shared/schemas/bikes";
import { findCategory } from "../../catalog/find-category";
import type { AppDb } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { insertBike, invalidCategory } from "./bikes.queries";
import { checkOwnUploads, newBikeImageUrl, setBikePhotos } from "./write-bike-photos";

export type NewBike = z.output<typeof bikeInputSchema>;

/**
 * Add product: the listing and its photos in one transaction, so a failure
 * at any step leaves no bike, no photo rows, and the uploads free to use again.
 */
export async function createBike(db: AppDb, sellerId: string, input: NewBike) {
  const { photos, ...fields } = input;
  return inTransaction(db, async (trx) => {
    if (!(await findCategory(trx, fields.categoryId))) throw invalidCategory();
    if (photos) await checkOwnUploads(trx, sellerId, photos);
    const imageUrl = newBikeImageUrl(input);
    const id = await insertBike(trx, sellerId, { ...fields, imageUrl });
    if (photos) await setBikePhotos(trx, id, photos);
    return id;
  });
}
