import { z } from "zod";

/**
 * Photo uploads (docs/api.md "Photos", docs/decisions/0005-photo-uploads.md).
 * The limits are shared so the form can refuse a file before sending it; the
 * server checks them again on the real content.
 */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTOS_PER_BIKE = 8;
/** What a file chooser may offer; the server decides by the bytes, never by this. */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The answer to POST /api/uploads; width and height are those of `url`'s image. */
export interface Upload {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** One of a bike's photos, in the bike's order (the first is the cover). */
export interface BikePhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A bike's photos as upload ids, cover first. Every message lands on
 * `photos` itself (not `photos.3`), the one place a form shows it.
 */
export const photoIdsSchema = z
  .array(z.string(), { error: "Photos must be a list of upload ids" })
  .min(1, "Add at least one photo, or leave photos out and paste an image link")
  .max(MAX_PHOTOS_PER_BIKE, `A bike can have at most ${MAX_PHOTOS_PER_BIKE} photos`)
  .refine((ids) => ids.every((id) => UPLOAD_ID.test(id)), {
    message: "One of these photos doesn't exist or isn't yours",
  })
  .refine((ids) => new Set(ids).size === ids.length, {
    message: "Each photo can be used only once",
  });
