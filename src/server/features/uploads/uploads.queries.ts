import type { AppDb } from "../../db/database";

export async function insertUpload(
  db: AppDb,
  upload: { id: string; ownerId: string; width: number; height: number },
) {
  await db
    .insertInto("uploads")
    .values({ ...upload, createdAt: new Date().toISOString() })
    .execute();
}
