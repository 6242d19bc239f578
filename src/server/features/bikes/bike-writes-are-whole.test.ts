import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Category } from "#src/shared/schemas/categories";
import type { Upload } from "#src/shared/schemas/uploads";
import { expectJson } from "#tests/support/builders/api";
import { bikeFields, type CategoryIds, categoryIds } from "#tests/support/builders/bike";
import { viewBike } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { noisy, upload } from "#tests/support/photos";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// Adding or editing a bike is one transaction from the category check to the
// photo rows: when the last step fails, nothing of the earlier ones remains.

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
let shots: Upload[];

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller] = await Promise.all([categoryIds(t), newPerson(t, "seller")]);
  shots = [];
  for (const width of [400, 300]) {
    shots.push(await upload(t, seller, await noisy(width, 200).jpeg().toBuffer()));
  }
});
afterAll(() => t?.close());
afterEach(() => photoStepSucceeds());

/** The photo rows, the last step of both writes, are refused by the database. */
async function photoStepFails() {
  const statements =
    t.deps.dialect === "postgres"
      ? [
          sql`create function refuse_photo() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
          sql`create trigger refuse_photo before insert on "bikePhotos" for each row execute function refuse_photo()`,
        ]
      : [
          sql`create trigger refuse_photo before insert on "bikePhotos" begin select raise(abort, 'refused'); end`,
        ];
  for (const statement of statements) await statement.execute(t.deps.db);
}

async function photoStepSucceeds() {
  const on = t.deps.dialect === "postgres" ? sql` on "bikePhotos"` : sql``;
  await sql`drop trigger if exists refuse_photo${on}`.execute(t.deps.db);
  if (t.deps.dialect === "postgres") {
    await sql`drop function if exists refuse_photo()`.execute(t.deps.db);
  }
}

/** What a half-made write would leave behind: bikes, photo rows, uploads and the stored counts. */
async function snapshot() {
  const { db } = t.deps;
  const count = async (table: "bikes" | "bikePhotos" | "uploads") => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const response = await t.request("/api/categories", { cookie: seller.cookie });
  const listed = await expectJson<Category[]>(response, 200);
  const uploads = await db
    .selectFrom("uploads")
    .select(["id", "ownerId"])
    .where(
      "id",
      "in",
      shots.map((shot) => shot.id),
    )
    .orderBy("id")
    .execute();
  return {
    bikes: await count("bikes"),
    photoRows: await count("bikePhotos"),
    uploadRows: await count("uploads"),
    uploads,
    counts: listed.map(({ id, availableCount }) => ({ id, availableCount })),
  };
}

function createBike(body: Record<string, unknown>) {
  return t.request("/api/bikes", { body, cookie: seller.cookie });
}

const withPhotos = (title: string) => {
  const { imageUrl: _link, ...fields } = bikeFields(categories.SUZUKI, { title });
  return { ...fields, photos: shots.map((shot) => shot.id) };
};

describe("adding a bike whose photo step fails", () => {
  test("leaves no bike, no photo rows, the same counts, and the uploads free to use", async () => {
    const before = await snapshot();
    await photoStepFails();
    expect((await createBike(withPhotos("Half made Gixxer"))).status).toBe(500);
    expect(await snapshot()).toEqual(before);

    await photoStepSucceeds();
    const bike = await expectJson<BikeDetail>(await createBike(withPhotos("Whole Gixxer")), 201);
    expect(bike.photos.map((photo) => photo.id)).toEqual(shots.map((shot) => shot.id));
  });
});

describe("editing a bike whose photo step fails", () => {
  test("leaves its fields, search words, photos and counts as they were", async () => {
    const bike = await expectJson<BikeDetail>(await createBike(withPhotos("Steady Gixxer")), 201);
    const before = await snapshot();
    const [first, second] = shots;
    if (!first || !second) throw new Error("two photos expected");
    await photoStepFails();
    const response = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { title: "Renamed Quokka", resalePrice: 1, photos: [second.id] },
      cookie: seller.cookie,
    });
    expect(response.status).toBe(500);

    expect(await snapshot()).toEqual(before);
    expect(await viewBike(t, seller, bike.id)).toMatchObject({
      title: "Steady Gixxer",
      resalePrice: bike.resalePrice,
      imageUrl: first.url,
      photos: bike.photos,
    });
    const search = await t.request("/api/bikes?q=quokka", { cookie: seller.cookie });
    expect(await expectJson<{ total: number }>(search, 200)).toMatchObject({ total: 0 });
  });
});
