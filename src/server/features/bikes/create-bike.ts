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
 * A listing without photos is one statement, whole on its own.
 */
export async function createBike(db: AppDb, sellerId: string, input: NewBike) {
  const { photos, ...fields } = input;
  const imageUrl = newBikeImageUrl(input);
  if (!photos) return (await insertBike(db, sellerId, { ...fields, imageUrl })) ?? noCategory();
  return inTransaction(db, async (trx) => {
    // The category is told before the photos, as the form shows them.
    if (!(await findCategory(trx, fields.categoryId))) noCategory();
    await checkOwnUploads(trx, sellerId, photos);
    const id = (await insertBike(trx, sellerId, { ...fields, imageUrl })) ?? noCategory();
    await setBikePhotos(trx, id, photos);
    return id;
  });
}

function noCategory(): never {
  throw invalidCategory();
}
