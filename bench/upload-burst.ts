/**
 * What a burst of photo uploads costs in memory (docs/reliability.md, photo
 * queue): one seller sends `--burst` photos of about 9 MB at once to the real
 * app, in-process on SQLite, and the process's peak resident memory above
 * its level before the burst is printed, with how many were taken (201) and
 * refused (503, Retry-After).
 *
 *   node --import tsx bench/upload-burst.ts [--burst 40]
 */
import { parseArgs } from "node:util";
import { MAX_PHOTO_BYTES } from "#src/shared/schemas/uploads";
import { newPerson } from "#tests/support/people";
import { noisy, postUpload } from "#tests/support/photos";
import { createTestApp } from "#tests/support/test-app";

const { values } = parseArgs({ options: { burst: { type: "string", default: "40" } } });
const burst = Number(values.burst);
const t = await createTestApp();
try {
  const seller = await newPerson(t, "seller");
  const photo = await noisy(3000, 2200).jpeg({ quality: 100 }).toBuffer();
  if (photo.length > MAX_PHOTO_BYTES) throw new Error("the test photo is over the upload limit");
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const responses = await Promise.all(
    Array.from({ length: burst }, () =>
      postUpload(t, seller, { bytes: photo, type: "image/jpeg" }),
    ),
  );
  clearInterval(sampler);
  const count = (status: number) => responses.filter((r) => r.status === status).length;
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  console.log(
    `burst of ${burst} × ${mb(photo.length)}: ${count(201)} × 201, ${count(503)} × 503 in ${Math.round(performance.now() - started)} ms; ` +
      `peak RSS ${mb(peak)} (${mb(peak - before)} above the ${mb(before)} before)`,
  );
} finally {
  await t.close();
}
