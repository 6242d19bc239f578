import type { BikePhoto } from "../../shared/schemas/uploads";
import type { AppDb } from "../db/database";
import { photoUrls } from "../lib/photo-keys";

// A page of bikes gets its photos with one query for the whole page, never
// one per bike. Batches keep the id list far below either database's limit
// on bound parameters, for the lists that are not paged (a seller's own).
const BATCH = 500;

/** The bikes with their `photos` in order (cover first); [] for a bike with a pasted link. */
export async function withPhotos<T extends { id: string }>(
  db: AppDb,
  bikes: T[],
): Promise<Array<T & { photos: BikePhoto[] }>> {
  const byBike = new Map<string, BikePhoto[]>();
  for (let start = 0; start < bikes.length; start += BATCH) {
    const ids = bikes.slice(start, start + BATCH).map((bike) => bike.id);
    const rows = await db
      .selectFrom("bikePhotos")
      .select(["bikeId", "uploadId"])
      .where("bikeId", "in", ids)
      .orderBy("bikeId")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const photos = byBike.get(row.bikeId) ?? [];
      photos.push(photoUrls(row.uploadId));
      byBike.set(row.bikeId, photos);
    }
  }
  return bikes.map((bike) => ({ ...bike, photos: byBike.get(bike.id) ?? [] }));
}
