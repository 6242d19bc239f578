import { afterAll, beforeAll, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { newPerson, type Person } from "#tests/support/people";
import { phonePhoto, postUpload, upload } from "#tests/support/photos";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { MAX_ADMITTED_UPLOADS, UPLOAD_RETRY_AFTER_SECONDS } from "./photo-queue";

let t: TestApp;
let seller: Person;

beforeAll(async () => {
  t = await createTestApp();
  seller = await newPerson(t, "seller");
});
afterAll(() => t?.close());

test("a burst of uploads past the queue's bound is answered 503 with Retry-After, before its body is kept", async () => {
  const photo = await phonePhoto();
  const burst = MAX_ADMITTED_UPLOADS * 3;
  const responses = await Promise.all(
    Array.from({ length: burst }, () =>
      postUpload(t, seller, { bytes: photo, type: "image/jpeg" }),
    ),
  );
  const made = responses.filter((response) => response.status === 201);
  const refused = responses.filter((response) => response.status === 503);
  expect(made.length + refused.length).toBe(burst);
  expect(made.length).toBeGreaterThanOrEqual(2);
  expect(made.length).toBeLessThanOrEqual(MAX_ADMITTED_UPLOADS);
  for (const response of refused) {
    expect(response.headers.get("retry-after")).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
    expect(((await response.json()) as ErrorBody).error.code).toBe("UNAVAILABLE");
  }
  // The queue is empty again: the next upload is taken.
  await upload(t, seller, photo);
}, 60_000);
