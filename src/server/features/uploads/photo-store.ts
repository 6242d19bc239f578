import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { StartupError } from "../../db/startup-error";
import type { PhotoStore } from "../../env";
import type { Logger } from "../../logger";
import { diskPhotoStorage, type PhotoStorage } from "./photo-storage";
import { s3Client, s3PhotoStorage } from "./s3-photo-storage";

/**
 * The photo storage configuration asks for (PHOTO_STORE). A bucket that
 * doesn't exist or refuses the credentials stops the start: no upload could
 * ever work. A store that can't be reached yet only warns, as it may be
 * starting alongside the app; photos answer errors until it is back.
 */
export async function openPhotoStorage(store: PhotoStore, logger: Logger): Promise<PhotoStorage> {
  if (store.kind === "disk") return diskPhotoStorage(store.dir);
  const client = s3Client(store);
  const where = `bucket ${store.bucket} at ${store.endpoint}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: store.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) {
      throw new StartupError(`ReRide's photo store has no ${where}: create it, or fix S3_BUCKET.`);
    }
    if (status === 401 || status === 403) {
      throw new StartupError(
        `ReRide's photo store refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for ${where} (${status}): check them and the bucket's permissions.`,
      );
    }
    logger.warn({ err: error }, `photo store ${where} can't be reached yet`);
  }
  return s3PhotoStorage(store, { client });
}
