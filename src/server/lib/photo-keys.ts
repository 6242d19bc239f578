import type { BikePhoto } from "../../shared/schemas/uploads";

/**
 * How an upload's files are named and addressed. An upload id is a random
 * UUID; its WebP files are `<id>-large.webp` (about 1600 px wide),
 * `<id>-medium.webp` (about 800 px, for phones; uploads older than it have
 * none and are served their large file there) and `<id>-thumb.webp` (about 400 px). Keys are only ever made here, and the
 * file route serves nothing that doesn't match KEY: no other name, no path.
 */
export const PHOTO_URL_PREFIX = "/uploads/";
export const PHOTO_CONTENT_TYPE = "image/webp";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY = new RegExp(`^(${UUID})-(large|medium|thumb)\\.webp$`);

export type PhotoSize = "large" | "medium" | "thumb";

/** What follows the upload id in a key (and so in a url). */
export const KEY_SUFFIX: Record<PhotoSize, string> = {
  large: "-large.webp",
  medium: "-medium.webp",
  thumb: "-thumb.webp",
};

export function photoKey(uploadId: string, size: PhotoSize): string {
  return `${uploadId}${KEY_SUFFIX[size]}`;
}

export function photoKeys(uploadId: string): string[] {
  return [photoKey(uploadId, "large"), photoKey(uploadId, "medium"), photoKey(uploadId, "thumb")];
}

/** For a medium key, the large key of the same upload (an upload from before medium existed). */
export function largeKeyFor(key: string): string | null {
  const match = KEY.exec(key);
  return match?.[1] && match[2] === "medium" ? photoKey(match[1], "large") : null;
}

export function isPhotoKey(key: string): boolean {
  return KEY.test(key);
}

/** The upload a stored file belongs to, or null for a name that is not a photo key. */
export function uploadIdOfKey(key: string): string | null {
  return KEY.exec(key)?.[1] ?? null;
}

/** Paths this server serves (GET /uploads/:key), so they survive a change of host. */
export function photoUrls(uploadId: string): BikePhoto {
  return {
    id: uploadId,
    url: `${PHOTO_URL_PREFIX}${photoKey(uploadId, "large")}`,
    thumbnailUrl: `${PHOTO_URL_PREFIX}${photoKey(uploadId, "thumb")}`,
  };
}
