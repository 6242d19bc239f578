import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { PhotoStore } from "../../env";
import { PHOTO_CONTENT_TYPE } from "../../lib/photo-keys";
import { assertSafeKey, type PhotoStorage, SAFE_NAME } from "./photo-storage";

type S3Store = Extract<PhotoStore, { kind: "s3" }>;

// A key's bytes never change, so whoever serves the object may cache it for good.
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The photo store can't be reached, or answered that it is failing (5xx),
 * after the SDK's own retries: the request may succeed in a moment, so the
 * app answers 503 (app.ts), not 500. A 4xx other than a missing object is a
 * fault of configuration and stays an error.
 */
export class PhotoStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the photo store is unavailable", { cause });
    this.name = "PhotoStoreUnavailableError";
  }
}

function storeFault(error: unknown): unknown {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  return status === undefined || status >= 500 ? new PhotoStoreUnavailableError(error) : error;
}

export function s3Client(store: S3Store): S3Client {
  return new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: store.forcePathStyle,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    // A hung store must not hold a request (or the sweep) forever; the SDK retries 3 times.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Photo files as objects in one S3-compatible bucket (AWS S3, MinIO, R2,
 * Ceph…), named by their key at the bucket's top level. Every app server
 * reads and writes the same bucket, so a photo uploaded through one is
 * served by any other. `listPageSize` is the ListObjectsV2 page (1000 is
 * the most S3 gives).
 */
export function s3PhotoStorage(
  store: S3Store,
  options: { client?: S3Client; listPageSize?: number } = {},
): PhotoStorage {
  const s3 = options.client ?? s3Client(store);
  const client = {
    send: (async (command: Parameters<S3Client["send"]>[0]) => {
      try {
        return await s3.send(command);
      } catch (error) {
        throw storeFault(error);
      }
    }) as S3Client["send"],
  };
  const Bucket = store.bucket;
  return {
    async put(key, data) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentLength: data.byteLength,
          ContentType: PHOTO_CONTENT_TYPE,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async read(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body || object.ContentLength === undefined) {
          throw new Error(`The photo store answered ${key} without a body or its length`);
        }
        return { body: object.Body.transformToWebStream(), size: object.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing object with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: options.listPageSize }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !SAFE_NAME.test(object.Key) || !object.LastModified) continue;
          yield { key: object.Key, modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
