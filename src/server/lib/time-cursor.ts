import { AppError } from "../errors";

/** A page's place in a list ordered by time then id: the last row's pair, opaque to clients. */
export interface TimeCursor {
  at: string;
  id: string;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** Undefined for no cursor; 400 for one that isn't ours. */
export function decodeTimeCursor(raw: string | undefined): TimeCursor | undefined {
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    value = null;
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "string" &&
    !Number.isNaN(Date.parse(value[0])) &&
    typeof value[1] === "string"
  ) {
    return { at: new Date(value[0]).toISOString(), id: value[1] };
  }
  throw new AppError("VALIDATION_FAILED", "The page cursor is not valid.", {
    cursor: "Invalid cursor",
  });
}
