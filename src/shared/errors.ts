import type { Quote } from "./schemas/bikes";

/**
 * The one error shape of the API. Every non-2xx answer from /api carries
 * `{ error: { code, message, fields? } }`; the client's ApiError mirrors it.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** The buyer already holds MAX_ACTIVE_BOOKINGS pending or accepted bookings. */
  BOOKING_LIMIT: 409,
  /** The price differs from the `expectedFinalPrice` the buyer was shown; the body carries the new quote. */
  PRICE_CHANGED: 409,
  /** A mailed link's token is not one of ours (or was used up). */
  INVALID_TOKEN: 400,
  /** A mailed link's token is ours but too old: ask for a new mail. */
  TOKEN_EXPIRED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The database can't be reached or written right now; answered with Retry-After. */
  SERVICE_UNAVAILABLE: 503,
  /** SQLite's disk is full: nothing was saved. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  /** `quote` only with PRICE_CHANGED: the price the buyer would get now. */
  error: { code: string; message: string; fields?: FieldErrors; quote?: Quote };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const inner = (value as { error: unknown }).error;
  return (
    typeof inner === "object" &&
    inner !== null &&
    typeof (inner as { message?: unknown }).message === "string"
  );
}

/** A PRICE_CHANGED body's quote, checked: a malformed one is treated as absent. */
export function quoteOf(body: ErrorBody): Quote | undefined {
  const quote: unknown = body.error.quote;
  if (typeof quote !== "object" || quote === null) return undefined;
  const { listedPrice, discountPercent, finalPrice, reason } = quote as Record<string, unknown>;
  const isNumber = (value: unknown): value is number =>
    typeof value === "number" && Number.isFinite(value);
  if (!isNumber(listedPrice) || !isNumber(discountPercent) || !isNumber(finalPrice))
    return undefined;
  if (reason !== null && reason !== "first-booking" && reason !== "first-wishlist-item")
    return undefined;
  return { listedPrice, discountPercent, finalPrice, reason };
}
