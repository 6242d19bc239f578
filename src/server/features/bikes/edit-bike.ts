import type { z } from "zod";
import { canEditBike } from "#src/shared/permissions";
import type { bikeUpdateSchema } from "#src/shared/schemas/bikes";
import type { User } from "#src/shared/schemas/users";
import { findCategory } from "../../catalog/find-category";
import type { AppDb } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { findBikeOwnerAndStatus, invalidCategory, updateOwnBike } from "./bikes.queries";
import { checkOwnUploads, updateBikePicture } from "./write-bike-photos";

export type BikeEdit = z.output<typeof bikeUpdateSchema>;

/**
 * Edit product: the checks, the fields and the photos in one transaction, so
 * an edit that fails at any step leaves the bike as it was.
 */
export async function editBike(db: AppDb, editor: User, bikeId: string, input: BikeEdit) {
  const { advertised, photos, papersUpToDate, ...fields } = input;
  await inTransaction(db, async (trx) => {
    const current = await findBikeOwnerAndStatus(trx, bikeId);
    const hiddenFromEditor = current?.hidden && current.sellerId !== editor.id;
    if (!current || hiddenFromEditor)
      throw new AppError("NOT_FOUND", "This bike is no longer listed.");
    if (!canEditBike(editor, current)) {
      throw new AppError("FORBIDDEN", "Only the seller of this bike may change it.");
    }
    if (fields.categoryId !== undefined && !(await findCategory(trx, fields.categoryId))) {
      throw invalidCategory();
    }
    if (advertised === true && current.hidden) {
      throw new AppError("CONFLICT", "A hidden listing can't be advertised.");
    }
    if (advertised === true && current.status !== "available") {
      throw new AppError("CONFLICT", "Only an available bike can be advertised.");
    }
    if (photos) {
      await checkOwnUploads(trx, editor.id, photos);
      fields.imageUrl = undefined; // with photos the cover is the picture
    }
    const changes = {
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      ...(advertised === undefined ? {} : { advertised: advertised ? 1 : 0 }),
      ...(papersUpToDate === undefined ? {} : { papersUpToDate: papersUpToDate ? 1 : 0 }),
    };
    await updateOwnBike(trx, bikeId, editor.id, changes);
    await updateBikePicture(trx, bikeId, { photos, imageUrl: fields.imageUrl });
  });
}
