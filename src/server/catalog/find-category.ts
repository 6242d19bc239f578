import type { AppDb } from "../db/database";

/** A category's id and name, or null: bikes are written into one, and listed by one. */
export async function findCategory(db: AppDb, categoryId: string) {
  const row = await db
    .selectFrom("categories")
    .select(["id", "name"])
    .where("id", "=", categoryId)
    .executeTakeFirst();
  return row ?? null;
}
