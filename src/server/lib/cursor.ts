import { AppError } from "../errors";

/**
 * Keyset pagination cursors: the (time, id) of the last item on a page,
 * opaque to clients. Keyset rather than OFFSET so deep pages cost the same as
 * the first and new listings never shift a page under the reader.
 */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      !Number.isNaN(Date.parse(value[0]))
    ) {
      return { at: new Date(value[0]).toISOString(), id: value[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("VALIDATION_FAILED", "The page cursor is not valid.", {
    cursor: "Invalid cursor",
  });
}
