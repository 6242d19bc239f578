import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { Bike, BikeDetail } from "#src/shared/schemas/bikes";
import type { Upload } from "#src/shared/schemas/uploads";
import { expectJson } from "#tests/support/builders/api";
import { bikeFields, type CategoryIds, categoryIds } from "#tests/support/builders/bike";
import { addToWishlist, myBikes, viewBike, wishlist } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { noisy, upload } from "#tests/support/photos";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
let otherSeller: Person;
let buyer: Person;
/** Three photos of `seller`, in upload order. */
let shots: Upload[];

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller, otherSeller, buyer] = await Promise.all([
    categoryIds(t),
    newPerson(t, "seller"),
    newPerson(t, "seller", "Other Seller"),
    newPerson(t, "buyer"),
  ]);
  shots = [];
  for (const width of [640, 480, 320]) {
    shots.push(await upload(t, seller, await noisy(width, 240).jpeg().toBuffer()));
  }
});
afterAll(() => t?.close());

const ids = (uploads: Upload[]) => uploads.map((shot) => shot.id);
const asPhotos = (uploads: Upload[]) =>
  uploads.map(({ id, url, thumbnailUrl }) => ({ id, url, thumbnailUrl }));

function createBike(body: Record<string, unknown>, who: Person = seller) {
  return t.request("/api/bikes", { body, cookie: who.cookie });
}

function patchBike(bikeId: string, body: Record<string, unknown>, who: Person = seller) {
  return t.request(`/api/bikes/${bikeId}`, { method: "PATCH", body, cookie: who.cookie });
}

/** Add product with photos and no image link, as the upload form sends it. */
async function listWithPhotos(photos: string[], extra: Record<string, unknown> = {}) {
  const { imageUrl: _link, ...fields } = bikeFields(categories.YAMAHA);
  return expectJson<BikeDetail>(await createBike({ ...fields, photos, ...extra }), 201);
}

async function bikeCount() {
  const row = await t.deps.db
    .selectFrom("bikes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function fieldsOf(response: Response) {
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as ErrorBody;
  expect(error.code).toBe("VALIDATION_FAILED");
  return error.fields;
}

describe("a bike with photos", () => {
  test("lists them in order, the first as the cover and as imageUrl, wherever the bike shows", async () => {
    const bike = await listWithPhotos(ids(shots));
    expect(bike.photos).toEqual(asPhotos(shots));
    expect(bike.imageUrl).toBe(shots[0]?.url);

    expect((await viewBike(t, buyer, bike.id)).photos).toEqual(asPhotos(shots));
    const mine = await myBikes(t, seller);
    expect(mine.find((item) => item.id === bike.id)?.photos).toEqual(asPhotos(shots));
    const page = await expectJson<{ items: Bike[] }>(
      await t.request(`/api/categories/${categories.YAMAHA}/bikes`, { cookie: buyer.cookie }),
      200,
    );
    const card = page.items.find((item) => item.id === bike.id);
    expect(card?.imageUrl).toBe(shots[0]?.url);
    expect(card?.photos.map((photo) => photo.id)).toEqual(ids(shots));
    await addToWishlist(t, buyer, bike.id);
    const saved = await wishlist(t, buyer);
    expect(saved.find((entry) => entry.bike.id === bike.id)?.bike.photos).toEqual(asPhotos(shots));
  });

  test("an empty image link from the form is fine with photos; a link sent alongside is ignored", async () => {
    expect((await listWithPhotos(ids(shots), { imageUrl: "" })).imageUrl).toBe(shots[0]?.url);
    const both = await listWithPhotos(ids(shots).reverse(), {
      imageUrl: "https://example.com/other.jpg",
    });
    expect(both.imageUrl).toBe(shots[2]?.url);
  });

  test("a pasted link still works and has no photos, as the demo bikes", async () => {
    const response = await createBike(bikeFields(categories.KTM));
    const bike = await expectJson<BikeDetail>(response, 201);
    expect(bike).toMatchObject({ imageUrl: "https://example.com/gixxer.jpg", photos: [] });
    const suzuki = await expectJson<{ items: Bike[] }>(
      await t.request(`/api/categories/${categories.SUZUKI}/bikes`, { cookie: buyer.cookie }),
      200,
    );
    const demo = suzuki.items.filter((item) => item.imageUrl.startsWith("/images/"));
    expect(demo.length).toBeGreaterThan(0);
    for (const item of demo) expect(item.photos).toEqual([]);
  });

  test("neither photos nor a link → 400 asking for one", async () => {
    const before = await bikeCount();
    const { imageUrl: _link, ...fields } = bikeFields(categories.KTM);
    for (const body of [fields, { ...fields, imageUrl: "" }, { ...fields, imageUrl: "  " }]) {
      expect(await fieldsOf(await createBike(body))).toEqual({
        imageUrl: "Add a photo or paste an image link",
      });
    }
    expect(await bikeCount()).toBe(before);
  });
});

describe("photos that can't be used → 400 with fields.photos, and nothing is listed", () => {
  test.each([
    { why: "someone else's upload", photos: async () => [(await otherUpload()).id] },
    { why: "an upload id that doesn't exist", photos: async () => [randomUUID()] },
    {
      why: "one of mine and one of someone else's",
      photos: async () => [shots[0]?.id, (await otherUpload()).id],
    },
    { why: "not an upload id", photos: async () => ["../../etc/passwd"] },
    { why: "the same photo twice", photos: async () => [shots[0]?.id, shots[0]?.id] },
    { why: "an empty list", photos: async () => [] },
    { why: "nine photos", photos: async () => Array.from({ length: 9 }, () => randomUUID()) },
    { why: "not a list", photos: async () => shots[0]?.id },
  ])("$why", async ({ photos }) => {
    const list = await photos();
    const before = await bikeCount();
    const { imageUrl: _link, ...fields } = bikeFields(categories.KTM);
    const fieldErrors = await fieldsOf(await createBike({ ...fields, photos: list }));
    expect(Object.keys(fieldErrors ?? {})).toEqual(["photos"]);
    expect(await bikeCount()).toBe(before);
  });

  async function otherUpload() {
    return upload(t, otherSeller, await noisy(200, 150).jpeg().toBuffer());
  }
});

describe("PATCH /api/bikes/:id photos", () => {
  test("reorders them and the new first becomes the cover", async () => {
    const bike = await listWithPhotos(ids(shots));
    const [a, b, c] = shots;
    if (!a || !b || !c) throw new Error("three photos expected");
    const reordered = await expectJson<BikeDetail>(
      await patchBike(bike.id, { photos: [c.id, a.id, b.id] }),
      200,
    );
    expect(reordered.photos).toEqual(asPhotos([c, a, b]));
    expect(reordered.imageUrl).toBe(c.url);
    expect((await viewBike(t, buyer, bike.id)).photos).toEqual(asPhotos([c, a, b]));

    const fewer = await expectJson<BikeDetail>(await patchBike(bike.id, { photos: [b.id] }), 200);
    expect(fewer).toMatchObject({ photos: asPhotos([b]), imageUrl: b.url });
  });

  test("other fields alone, or the cover's own url sent back, leave the photos as they are", async () => {
    const bike = await listWithPhotos(ids(shots));
    const edited = await expectJson<BikeDetail>(
      await patchBike(bike.id, { resalePrice: 1500, imageUrl: shots[0]?.url }),
      200,
    );
    expect(edited).toMatchObject({ resalePrice: 1500, photos: asPhotos(shots) });
  });

  test("a new pasted link replaces the photos", async () => {
    const bike = await listWithPhotos(ids(shots));
    const linked = await expectJson<BikeDetail>(
      await patchBike(bike.id, { imageUrl: "https://example.com/new.jpg" }),
      200,
    );
    expect(linked).toMatchObject({ imageUrl: "https://example.com/new.jpg", photos: [] });
  });

  test("a link-only bike gets photos", async () => {
    const bike = await expectJson<BikeDetail>(await createBike(bikeFields(categories.KTM)), 201);
    const withPhotos = await expectJson<BikeDetail>(
      await patchBike(bike.id, { photos: ids(shots) }),
      200,
    );
    expect(withPhotos).toMatchObject({ imageUrl: shots[0]?.url, photos: asPhotos(shots) });
  });

  test("someone else's upload → 400 and the bike is unchanged", async () => {
    const bike = await listWithPhotos(ids(shots));
    const theirs = await upload(t, otherSeller, await noisy(200, 150).jpeg().toBuffer());
    const fieldErrors = await fieldsOf(
      await patchBike(bike.id, { photos: [theirs.id], resalePrice: 999 }),
    );
    expect(fieldErrors).toEqual({ photos: "One of these photos doesn't exist or isn't yours" });
    expect(await viewBike(t, seller, bike.id)).toMatchObject({
      photos: asPhotos(shots),
      resalePrice: bike.resalePrice,
    });
  });

  test("another seller may not change the photos", async () => {
    const bike = await listWithPhotos(ids(shots));
    const theirs = await upload(t, otherSeller, await noisy(200, 150).jpeg().toBuffer());
    const response = await patchBike(bike.id, { photos: [theirs.id] }, otherSeller);
    expect(response.status).toBe(403);
    expect((await viewBike(t, seller, bike.id)).photos).toEqual(asPhotos(shots));
  });

  test("deleting the bike removes its photo list, not other bikes' use of the same photos", async () => {
    const gone = await listWithPhotos(ids(shots));
    const remaining = await listWithPhotos(ids(shots));
    const response = await t.request(`/api/bikes/${gone.id}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect(response.status).toBe(204);
    const rows = await t.deps.db
      .selectFrom("bikePhotos")
      .select("bikeId")
      .where("bikeId", "=", gone.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await viewBike(t, buyer, remaining.id)).photos).toEqual(asPhotos(shots));
  });
});
