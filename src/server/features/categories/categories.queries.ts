import type { Category, CategoryName } from "#src/shared/schemas/categories";
import type { AppDb } from "../../db/database";

/**
 * Categories in their fixed order, each with how many of its bikes can still
 * be booked: read from the counts the database keeps (migration 007), never
 * counted from the bikes, so it costs the same at ten bikes or a million.
 */
export async function listCategories(db: AppDb): Promise<Category[]> {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("categoryCounts", "categoryCounts.categoryId", "categories.id")
    .select(["categories.id", "categories.name", "categories.logo", "categoryCounts.available"])
    .orderBy("categories.sortOrder")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name as CategoryName,
    logo: row.logo,
    availableCount: Number(row.available ?? 0),
  }));
}
