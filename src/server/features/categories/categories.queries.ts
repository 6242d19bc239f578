import type { Category, CategoryName } from "../../../shared/schemas/categories";
import type { AppDb } from "../../db/database";

/** Categories in their fixed order, each with how many of its bikes can still be booked. */
export async function listCategories(db: AppDb): Promise<Category[]> {
  const rows = await db
    .selectFrom("categories")
    .leftJoin("bikes", (join) =>
      join.onRef("bikes.categoryId", "=", "categories.id").on("bikes.status", "=", "available"),
    )
    .select((eb) => [
      "categories.id",
      "categories.name",
      "categories.logo",
      eb.fn.count<number>("bikes.id").as("availableCount"),
    ])
    .groupBy(["categories.id", "categories.name", "categories.logo", "categories.sortOrder"])
    .orderBy("categories.sortOrder")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name as CategoryName,
    logo: row.logo,
    availableCount: Number(row.availableCount),
  }));
}
