import { z } from "zod";

/**
 * The query of a list paged by an opaque cursor: `cursor?` (the previous
 * page's `nextCursor`) and `limit?` from 1 to `max`, `fallback` when absent.
 */
export function cursorPageQuerySchema({ fallback, max }: { fallback: number; max: number }) {
  const limitMessage = `limit must be a whole number from 1 to ${max}`;
  return z.object({
    cursor: z.string().max(500, "The page cursor is not valid.").optional(),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(max, limitMessage)
      .default(fallback),
  });
}
