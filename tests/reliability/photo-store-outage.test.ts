import { afterAll, beforeAll, expect, test } from "vitest";
import { newPerson, type Person } from "#tests/support/people";
import { fetchPhoto, noisy, postUpload, upload, uploadRows } from "#tests/support/photos";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/**
 * The photo store (PHOTO_STORE=s3) goes away while the app runs: photo
 * requests answer 503 with a message and Retry-After, as a lost database
 * does, never a 500; a refused upload leaves no row behind.
 */
let s3: TestS3Server;
let t: TestApp;
let seller: Person;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  seller = await newPerson(t, "seller");
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

test("uploads and photos answer 503 while the store is down", async () => {
  const photo = await noisy(320, 240).jpeg().toBuffer();
  const before = await upload(t, seller, photo);
  expect((await fetchPhoto(t, before.url)).response.status).toBe(200);
  const rows = await uploadRows(t);

  await s3.close();

  const refused = await postUpload(t, seller, { bytes: photo, type: "image/jpeg" });
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(await refused.json()).toEqual({
    error: {
      code: "SERVICE_UNAVAILABLE",
      message: "Photos can't be saved or shown right now. Please try again in a moment.",
    },
  });
  expect(await uploadRows(t)).toBe(rows);

  const { response } = await fetchPhoto(t, before.url);
  expect(response.status).toBe(503);
  // No cache may keep the error in place of the photo.
  expect(response.headers.get("cache-control")).toBe("no-store");
}, 60_000);
