import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server";
import { createLogger } from "../../logger";
import { diskPhotoStorage, type PhotoStorage } from "./photo-storage";
import { openPhotoStorage } from "./photo-store";
import { s3PhotoStorage } from "./s3-photo-storage";

/**
 * The contract every photo storage keeps, proved on each implementation:
 * a folder on disk, and a bucket on a real S3-compatible server.
 */
let s3: TestS3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = mkdtempSync(path.join(tmpdir(), "reride-photos-"));
});
afterAll(async () => {
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => PhotoStorage]> = [
  ["disk", () => diskPhotoStorage(dir)],
  // A small list page, so listing must follow continuation tokens.
  ["s3", () => s3PhotoStorage(s3.store, { listPageSize: 2 })],
];

const keyOf = () => `${randomUUID()}-large.webp`;
const bytesOf = (size: number) => Uint8Array.from({ length: size }, (_, index) => index % 251);

async function readAll(storage: PhotoStorage, key: string) {
  const stored = await storage.read(key);
  if (!stored) return null;
  return {
    size: stored.size,
    bytes: new Uint8Array(await new Response(stored.body).arrayBuffer()),
  };
}

async function keysOf(storage: PhotoStorage) {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys;
}

describe.each(stores)("photo storage on %s", (_name, make) => {
  test("a stored file reads back byte for byte, with its size", async () => {
    const storage = make();
    const key = keyOf();
    const data = bytesOf(300_000);
    await storage.put(key, data);
    expect(await readAll(storage, key)).toEqual({ size: data.byteLength, bytes: data });
  });

  test("a missing file reads as null, and deleting it is no error", async () => {
    const storage = make();
    const key = keyOf();
    expect(await storage.read(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test("a deleted file is gone from reads and from the list", async () => {
    const storage = make();
    const key = keyOf();
    await storage.put(key, bytesOf(10));
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    expect(await keysOf(storage)).not.toContain(key);
  });

  test("the list has every file, with a recent modification time", async () => {
    const storage = make();
    const keys = [keyOf(), keyOf(), keyOf(), keyOf(), keyOf()];
    const before = Date.now() - 60_000;
    for (const key of keys) await storage.put(key, bytesOf(5));
    const listed = new Map<string, Date>();
    for await (const file of storage.list()) listed.set(file.key, file.modifiedAt);
    for (const key of keys) {
      expect(listed.get(key)?.getTime(), key).toBeGreaterThan(before);
    }
  });

  test.each(["../secret", "a/b.webp", ".hidden", "", "x".repeat(201)])(
    "refuses the unsafe key %j before touching anything",
    async (key) => {
      const storage = make();
      await expect(storage.put(key, bytesOf(1))).rejects.toThrow(/unsafe photo storage key/);
      await expect(storage.read(key)).rejects.toThrow(/unsafe photo storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/unsafe photo storage key/);
    },
  );
});

describe("opening the S3 store at start", () => {
  const logger = createLogger("silent");

  test("a bucket that doesn't exist stops the start, naming it", async () => {
    const store = { ...s3.store, bucket: "no-such-bucket" };
    await expect(openPhotoStorage(store, logger)).rejects.toThrow(
      /photo store has no bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: create it, or fix S3_BUCKET/,
    );
  });

  test("credentials the store refuses stop the start", async () => {
    const store = { ...s3.store, accessKeyId: "NOT-A-KEY" };
    await expect(openPhotoStorage(store, logger)).rejects.toThrow(
      /refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  test("a store that isn't reachable yet only warns: the start goes on", async () => {
    const store = { ...s3.store, endpoint: "http://127.0.0.1:9" };
    const storage = await openPhotoStorage(store, logger);
    await expect(storage.read(keyOf())).rejects.toThrow();
  }, 60_000);
});
