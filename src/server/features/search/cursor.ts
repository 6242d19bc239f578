import type { BikeSort } from "#src/shared/schemas/search";
import { AppError } from "../../errors";

/**
 * Keyset pagination cursors: the sort key and id of the last item on a page,
 * opaque to clients. Keyset rather than OFFSET so deep pages cost the same as
 * the first and new listings never shift a page under the reader.
 *
 * A cursor names its sort: its key is a time for "newest", a price for the
 * price sorts and a mileage or model year for the detail sorts, so one used with another sort would compare a price with
 * a time. That is a 400, not a silently wrong page.
 */
export type Cursor =
  | { sort: "newest"; at: string; id: string }
  | { sort: "price_asc" | "price_desc"; price: number; id: string }
  /** The detail sorts' key: mileage or model year, a listing without it as keyset.ts says. */
  | { sort: "mileage_asc" | "year_desc"; value: number; id: string };

export function encodeCursor(cursor: Cursor): string {
  const key =
    cursor.sort === "newest" ? cursor.at : "price" in cursor ? cursor.price : cursor.value;
  return Buffer.from(JSON.stringify([cursor.sort, key, cursor.id])).toString("base64url");
}

function invalid(message: string): AppError {
  return new AppError("VALIDATION_FAILED", "The page cursor is not valid.", { cursor: message });
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

const isTime = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(Date.parse(value));
/** A whole number, not negative: a price, a mileage or a model year. */
const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function toCursor(value: unknown): Cursor | null {
  if (!Array.isArray(value)) return null;
  // Cursors issued before sorting existed were [time, id]: newest first.
  const [sort, key, id] = value.length === 2 ? ["newest", ...value] : value;
  if (value.length > 3 || typeof id !== "string") return null;
  if (sort === "newest" && isTime(key)) return { sort, at: new Date(key).toISOString(), id };
  if ((sort === "price_asc" || sort === "price_desc") && isPrice(key)) {
    return { sort, price: key, id };
  }
  if ((sort === "mileage_asc" || sort === "year_desc") && isPrice(key)) {
    return { sort, value: key, id };
  }
  return null;
}

/** The cursor of a page in `sort` order; 400 when it is malformed or belongs to another sort. */
export function decodeCursor(raw: string | undefined, sort: BikeSort): Cursor | null {
  if (!raw) return null;
  const cursor = toCursor(parse(raw));
  if (!cursor) throw invalid("Invalid cursor");
  if (cursor.sort !== sort) {
    throw invalid("This cursor belongs to another sort order; start again from the first page");
  }
  return cursor;
}
