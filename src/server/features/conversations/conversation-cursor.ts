import { AppError } from "../../errors";

/**
 * Keyset cursors, opaque to clients: conversations page by (last activity,
 * id), newest first; messages by id, older pages after newer ones.
 */
const invalid = () =>
  new AppError("VALIDATION_FAILED", "The page cursor is not valid.", { cursor: "Invalid cursor" });

function parse(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

export const encodeActivityCursor = (at: string, id: string) =>
  Buffer.from(JSON.stringify([at, id])).toString("base64url");

export function decodeActivityCursor(raw: string | undefined): { at: string; id: string } | null {
  if (!raw) return null;
  const value = parse(raw);
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [at, id] = value;
  if (typeof at !== "string" || typeof id !== "string" || Number.isNaN(Date.parse(at))) {
    throw invalid();
  }
  return { at: new Date(at).toISOString(), id };
}

export const encodeMessageCursor = (id: number) =>
  Buffer.from(JSON.stringify([id])).toString("base64url");

export function decodeMessageCursor(raw: string | undefined): number | null {
  if (!raw) return null;
  const value = parse(raw);
  if (!Array.isArray(value) || value.length !== 1) throw invalid();
  const [id] = value;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) throw invalid();
  return id;
}
