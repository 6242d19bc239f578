import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "#src/server/db/database";
import { loadEnv } from "#src/server/env";
import type { PhotoStorage } from "#src/server/features/uploads/photo-storage";
import { openPhotoStorage } from "#src/server/features/uploads/photo-store";
import { sweepPhotos } from "#src/server/features/uploads/photo-sweep";
import { photoKeys } from "#src/server/lib/photo-keys";
import { createLogger } from "#src/server/logger";
import type { Upload } from "#src/shared/schemas/uploads";
import { signUp } from "#tests/support/accounts";
import { buildAccount } from "#tests/support/builders/account";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { noisy } from "#tests/support/photos";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server";
import {
  AUTH_SECRET,
  apiClient,
  type ServerProcess,
  startServerProcess,
} from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * Several app servers, one bucket (docs/decisions/0013-photo-object-store.md):
 * two processes with PHOTO_STORE=s3, each with a DATA_DIR of its own, on one
 * database (PostgreSQL in its pass, one SQLite file otherwise) and one local
 * S3 server. Nothing about a photo may live on the disk of the server that
 * took the upload.
 */
let s3: TestS3Server;
let database: TestDatabase;
let otherDataDir: string;
let a: ServerProcess;
let b: ServerProcess;
/** What every process's hourly sweep works with: the same database and bucket. */
let sweeper: { handle: DatabaseHandle; photos: PhotoStorage };

beforeAll(async () => {
  [s3, database] = await Promise.all([startS3Server(), createTestDatabase()]);
  otherDataDir = mkdtempSync(path.join(tmpdir(), "reride-test-"));
  // SQLite: both name the one file, as they would a shared PostgreSQL.
  const databaseUrl =
    database.databaseUrl ?? `file:${path.join(database.dataDir, "reride.sqlite")}`;
  const start = (dataDir: string) => startServerProcess({ dataDir, databaseUrl, env: s3.env });
  a = await start(database.dataDir);
  b = await start(otherDataDir);
  const env = loadEnv({
    DATA_DIR: database.dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    ...s3.env,
  });
  const logger = createLogger("silent");
  sweeper = {
    handle: openDatabase(env.database, logger),
    photos: await openPhotoStorage(env.photoStore, logger),
  };
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sweeper?.handle.close();
  await database?.drop();
  if (otherDataDir) rmSync(otherDataDir, { recursive: true, force: true });
  await s3?.close();
});

const onA = apiClient(() => a.url);
const onB = apiClient(() => b.url);

async function newSeller(api: typeof onA) {
  return { cookie: await signUp({ request: api }, buildAccount({ accountType: "seller" })) };
}

async function uploadTo(server: ServerProcess, seller: { cookie: string }): Promise<Upload> {
  const form = new FormData();
  const jpeg = await noisy(320, 240).jpeg().toBuffer();
  form.append("file", new File([new Uint8Array(jpeg)], "bike.jpg", { type: "image/jpeg" }));
  const response = await fetch(`${server.url}/api/uploads`, {
    method: "POST",
    headers: { origin: server.url, cookie: seller.cookie },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return expectJson<Upload>(response, 201);
}

async function get(server: ServerProcess, url: string) {
  const response = await fetch(`${server.url}${url}`, { signal: AbortSignal.timeout(15_000) });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function bucketKeys() {
  const keys: string[] = [];
  for await (const file of sweeper.photos.list()) keys.push(file.key);
  return keys;
}

/** Files under a DATA_DIR's uploads folder (none when there is no such folder). */
function filesOnDisk(dataDir: string) {
  try {
    return readdirSync(path.join(dataDir, "uploads"));
  } catch {
    return [];
  }
}

describe("two app processes sharing one bucket", () => {
  test("a photo uploaded through one is served by the other, cached for good", async () => {
    const seller = await newSeller(onA);
    const shot = await uploadTo(a, seller);
    expect(await bucketKeys()).toEqual(expect.arrayContaining(photoKeys(shot.id)));
    for (const url of [shot.url, shot.thumbnailUrl]) {
      const fromB = await get(b, url);
      expect(fromB.response.status, url).toBe(200);
      expect(fromB.response.headers.get("content-type")).toBe("image/webp");
      expect(fromB.response.headers.get("cache-control")).toBe(
        "public, max-age=31536000, immutable",
      );
      expect(fromB.response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Number(fromB.response.headers.get("content-length"))).toBe(fromB.bytes.byteLength);
      // The very bytes the other process stored: RIFF…WEBP.
      expect(Buffer.from(fromB.bytes.subarray(8, 12)).toString("latin1")).toBe("WEBP");
      expect(fromB.bytes).toEqual((await get(a, url)).bytes);
    }
    // Nothing went to either server's disk.
    expect([...filesOnDisk(database.dataDir), ...filesOnDisk(otherDataDir)]).toEqual([]);
  });

  test("a photo the bucket doesn't have is a 404 on both, never cached", async () => {
    for (const server of [a, b]) {
      const { response } = await get(server, `/uploads/${randomUUID()}-large.webp`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  test("the sweep removes unused uploads and stray objects from the bucket, and keeps listed ones", async () => {
    const seller = await newSeller(onB);
    const { KTM } = await categoryIds({ request: onB });
    const listed = await uploadTo(b, seller);
    await listBike({ request: onA }, seller, KTM, { imageUrl: undefined, photos: [listed.id] });
    // Uploaded for a form never sent.
    const abandoned = await uploadTo(a, seller);
    // An object with no upload row: a crash between writing and recording.
    const stray = `${randomUUID()}-large.webp`;
    await sweeper.photos.put(stray, new Uint8Array([1, 2, 3]));

    const result = await sweepPhotos(
      { db: sweeper.handle.db, photos: sweeper.photos },
      { now: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000) },
    );
    expect(result.failures).toBe(0);
    expect(result.uploads).toBeGreaterThanOrEqual(1);
    expect(result.strayFiles).toBeGreaterThanOrEqual(1);

    const keys = await bucketKeys();
    expect(keys).not.toContain(stray);
    for (const key of photoKeys(abandoned.id)) expect(keys).not.toContain(key);
    expect(keys).toEqual(expect.arrayContaining(photoKeys(listed.id)));
    expect((await get(b, abandoned.url)).response.status).toBe(404);
    expect((await get(a, abandoned.url)).response.status).toBe(404);
    expect((await get(a, listed.url)).response.status).toBe(200);
    expect((await get(b, listed.thumbnailUrl)).response.status).toBe(200);
  }, 30_000);
});
