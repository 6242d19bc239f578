import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Upload } from "#src/shared/schemas/uploads";
import { expectJson } from "#tests/support/builders/api";
import { bikeFields, type CategoryIds, categoryIds } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { fetchPhoto, noisy, storedFiles, upload } from "#tests/support/photos";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { photoKeys } from "../../lib/photo-keys";
import { SWEEP_MIN_AGE_MS, startPhotoSweeper, sweepPhotos } from "./photo-sweep";

let t: TestApp;
let categories: CategoryIds;
let seller: Person;

const DAY = 24 * 60 * 60 * 1000;
/** A sweep as it would run two days from now: everything made in this test is old by then. */
const sweepLater = () => sweepPhotos(t.deps, { now: new Date(Date.now() + 2 * DAY) });

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller] = await Promise.all([categoryIds(t), newPerson(t, "seller")]);
});
afterAll(() => t?.close());

async function photo(who: Person = seller) {
  return upload(t, who, await noisy(320, 240).jpeg().toBuffer());
}

async function listBikeWith(who: Person, photos: Upload[]) {
  const { imageUrl: _link, ...fields } = bikeFields(categories.KTM);
  const body = { ...fields, photos: photos.map((shot) => shot.id) };
  return expectJson<BikeDetail>(await t.request("/api/bikes", { body, cookie: who.cookie }), 201);
}

async function deleteBike(bikeId: string, who: Person) {
  const response = await t.request(`/api/bikes/${bikeId}`, {
    method: "DELETE",
    cookie: who.cookie,
  });
  expect(response.status).toBe(204);
}

async function isStored(shot: Upload) {
  const row = await t.deps.db
    .selectFrom("uploads")
    .select("id")
    .where("id", "=", shot.id)
    .executeTakeFirst();
  const files = storedFiles(t);
  const both = photoKeys(shot.id).every((key) => files.includes(key));
  const none = photoKeys(shot.id).every((key) => !files.includes(key));
  if (!both && !none) throw new Error(`only one file of ${shot.id} is stored`);
  return { row: row !== undefined, files: both };
}

describe("the photo sweep", () => {
  test("removes what nothing shows, a day later; keeps what bikes and bookings show", async () => {
    const shown = await photo();
    const neverListed = await photo();
    const dropped = await photo();
    const ofDeletedBike = await photo();
    const inBooking = await photo();

    await listBikeWith(seller, [shown]);
    const edited = await listBikeWith(seller, [dropped, shown]);
    const editResponse = await t.request(`/api/bikes/${edited.id}`, {
      method: "PATCH",
      body: { photos: [shown.id] },
      cookie: seller.cookie,
    });
    expect(editResponse.status).toBe(200);
    await deleteBike((await listBikeWith(seller, [ofDeletedBike])).id, seller);
    // A booking keeps its snapshot (title, cover) after the bike is gone; so does its cover.
    const booked = await listBikeWith(seller, [inBooking]);
    const booking = await book(t, await newPerson(t, "buyer"), booked.id);
    expect(booking.bike.imageUrl).toBe(inBooking.url);
    await deleteBike(booked.id, seller);

    // Within the day's grace nothing goes: a seller may still be filling in the form.
    expect(await sweepPhotos(t.deps)).toEqual({ uploads: 0, strayFiles: 0, failures: 0 });
    for (const shot of [shown, neverListed, dropped, ofDeletedBike, inBooking]) {
      expect(await isStored(shot)).toEqual({ row: true, files: true });
    }

    const result = await sweepLater();
    expect(result).toMatchObject({ uploads: 3, failures: 0 });
    for (const shot of [neverListed, dropped, ofDeletedBike]) {
      expect(await isStored(shot)).toEqual({ row: false, files: false });
      expect((await fetchPhoto(t, shot.url)).response.status).toBe(404);
    }
    for (const shot of [shown, inBooking]) {
      expect(await isStored(shot)).toEqual({ row: true, files: true });
    }
    // A second sweep finds nothing more to do.
    expect(await sweepLater()).toEqual({ uploads: 0, strayFiles: 0, failures: 0 });
  });

  test("a deleted account's photos go too, though their rows went with the account", async () => {
    const leaving = await newPerson(t, "seller", "Leaving Seller");
    const shots = [await photo(leaving), await photo(leaving)];
    await listBikeWith(leaving, shots);
    const admin = await theAdmin(t);
    const response = await t.request(`/api/users/${leaving.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(response.status).toBe(204);
    for (const shot of shots) expect(await isStored(shot)).toEqual({ row: false, files: true });

    const result = await sweepLater();
    // Three files each: large, medium (phones) and thumb.
    expect(result).toMatchObject({ strayFiles: 6, failures: 0 });
    for (const shot of shots) expect(await isStored(shot)).toEqual({ row: false, files: false });
  });

  test("files without a row are left alone while young (an upload in progress), removed when old", async () => {
    const dir = path.join(t.env.dataDir, "uploads");
    const orphan = "0f0e0d0c-0b0a-4908-8706-050403020100";
    const [large, thumb] = photoKeys(orphan);
    const notOurs = "notes.txt";
    for (const name of [large, thumb, notOurs]) writeFileSync(path.join(dir, name ?? ""), "x");
    expect(await sweepPhotos(t.deps)).toMatchObject({ strayFiles: 0 });

    const old = new Date(Date.now() - SWEEP_MIN_AGE_MS - 60_000);
    for (const name of [large, thumb, notOurs]) utimesSync(path.join(dir, name ?? ""), old, old);
    expect(await sweepPhotos(t.deps)).toMatchObject({ strayFiles: 2 });
    // Only names the app makes are the sweep's to judge.
    expect(storedFiles(t)).toContain(notOurs);
    expect(storedFiles(t)).not.toContain(large);
  });

  test("the schedule runs sweeps and stops cleanly", async () => {
    const neverListed = await photo();
    await t.deps.db
      .updateTable("uploads")
      .set({ createdAt: new Date(Date.now() - 2 * DAY).toISOString() })
      .where("id", "=", neverListed.id)
      .execute();
    const sweeper = startPhotoSweeper(t.deps, 20);
    await expect
      .poll(async () => (await isStored(neverListed)).row, { timeout: 5_000 })
      .toBe(false);
    await sweeper.stop();
    expect(await isStored(neverListed)).toEqual({ row: false, files: false });
  });
});
