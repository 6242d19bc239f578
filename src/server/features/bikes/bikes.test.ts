import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { Bike, BikeInput } from "#src/shared/schemas/bikes";
import { expectJson } from "#tests/support/builders/api";
import { bikeFields, type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import { marketplaceInconsistencies } from "#tests/support/invariants";
import { addToWishlist, myBikes, myBookings, mySales, wishlist } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
let buyer: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller, buyer, admin] = await Promise.all([
    categoryIds(t),
    newPerson(t, "seller"),
    newPerson(t, "buyer"),
    theAdmin(t),
  ]);
});
afterAll(() => t?.close());

async function myBikeIds(who: Person): Promise<string[]> {
  return (await myBikes(t, who)).map((bike) => bike.id);
}

function patchBike(bikeId: string, body: Record<string, unknown>, who: Person = seller) {
  return t.request(`/api/bikes/${bikeId}`, { method: "PATCH", body, cookie: who.cookie });
}

describe("POST /api/bikes validation: 400 with a message beside the one wrong field", () => {
  const long = (n: number) => "x".repeat(n);
  // biome-ignore format: the table reads best as a table
  const WRONG: Array<{ field: keyof BikeInput; value: unknown; why: string }> = [
    { field: "title",         value: "",                    why: "empty" },
    { field: "title",         value: undefined,             why: "missing" },
    { field: "title",         value: long(121),             why: "over 120 characters" },
    { field: "title",         value: "R",                   why: "one letter" },
    { field: "title",         value: "  KTM  ",             why: "under 5 characters once trimmed" },
    { field: "name",          value: "   ",                 why: "blank" },
    { field: "categoryId",    value: undefined,             why: "missing" },
    { field: "categoryId",    value: "",                    why: "empty" },
    { field: "imageUrl",      value: "javascript:alert(1)", why: "not http(s)" },
    { field: "imageUrl",      value: "",                    why: "empty" },
    { field: "location",      value: "",                    why: "empty" },
    { field: "yearsOfUse",    value: -1,                    why: "negative" },
    { field: "yearsOfUse",    value: 61,                    why: "over 60" },
    { field: "yearsOfUse",    value: 2.5,                   why: "not whole" },
    { field: "yearsOfUse",    value: "2",                   why: "text" },
    { field: "originalPrice", value: 0,                     why: "zero" },
    { field: "originalPrice", value: -2400,                 why: "negative" },
    { field: "originalPrice", value: 2400.5,                why: "not whole" },
    { field: "resalePrice",   value: 0,                     why: "zero" },
    { field: "resalePrice",   value: "1750",                why: "text" },
    { field: "resalePrice",   value: undefined,             why: "missing" },
    { field: "phone",         value: "call me",             why: "not a phone number" },
    { field: "phone",         value: "",                    why: "empty" },
    { field: "description",   value: long(2001),            why: "over 2000 characters" },
  ];

  test.each(WRONG)("$field $why", async ({ field, value }) => {
    const before = await myBikeIds(seller);
    const body: Record<string, unknown> = { ...bikeFields(categories.KTM), [field]: value };
    if (value === undefined) delete body[field];
    const response = await t.request("/api/bikes", { body, cookie: seller.cookie });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(error.fields?.[field]).toEqual(expect.stringMatching(/\w/));
    expect(await myBikeIds(seller)).toEqual(before);
  });

  test("a title too short to say what the bike is gets the length, a missing one only 'required'", async () => {
    const short = { ...bikeFields(categories.KTM), title: "R" };
    const response = await t.request("/api/bikes", { body: short, cookie: seller.cookie });
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({
      title: "Title must be at least 5 characters",
    });
    const empty = { ...bikeFields(categories.KTM), title: "" };
    const missing = await t.request("/api/bikes", { body: empty, cookie: seller.cookie });
    expect(((await missing.json()) as ErrorBody).error.fields).toEqual({
      title: "Title is required",
    });
    const bike = await listBike(t, seller, categories.KTM);
    const edit = await patchBike(bike.id, { title: "Xy" });
    expect(edit.status).toBe(400);
  });

  test("a category that doesn't exist is 'Select category', as is a missing one", async () => {
    for (const categoryId of ["no-such-category", undefined]) {
      const body = { ...bikeFields(categories.KTM), categoryId };
      const response = await t.request("/api/bikes", { body, cookie: seller.cookie });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({
        categoryId: "Select category",
      });
    }
  });

  test("an empty form gets a message for every required field and none for description", async () => {
    const response = await t.request("/api/bikes", { body: {}, cookie: seller.cookie });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(
      [
        "categoryId",
        "imageUrl",
        "location",
        "name",
        "originalPrice",
        "phone",
        "resalePrice",
        "title",
        "yearsOfUse",
        "mileageKm",
        "modelYear",
        "engineCc",
        "condition",
        "papersUpToDate",
      ].sort(),
    );
  });

  test("a valid bike is listed as available, not advertised, with the seller named", async () => {
    const bike = await listBike(t, seller, categories.KTM, { description: "Serviced in May" });
    expect(bike).toMatchObject({
      ...bikeFields(categories.KTM, { description: "Serviced in May" }),
      categoryName: "KTM",
      status: "available",
      advertised: false,
      seller: { id: seller.id, name: seller.name, verified: false },
    });
  });
});

describe("PATCH /api/bikes/:id", () => {
  test("edits are validated like the form, field by field", async () => {
    const bike = await listBike(t, seller, categories.KTM);
    const badPrice = await patchBike(bike.id, { resalePrice: 0 });
    expect(badPrice.status).toBe(400);
    expect(Object.keys(((await badPrice.json()) as ErrorBody).error.fields ?? {})).toEqual([
      "resalePrice",
    ]);
    const badCategory = await patchBike(bike.id, { categoryId: "no-such-category" });
    expect(((await badCategory.json()) as ErrorBody).error.fields).toEqual({
      categoryId: "Select category",
    });
    const ok = await expectJson<Bike>(await patchBike(bike.id, { resalePrice: 1600 }), 200);
    expect(ok.resalePrice).toBe(1600);
  });

  test("advertising an available bike shows it on the home page; booked or sold bikes can't be", async () => {
    const advertisedIds = async () =>
      (
        await expectJson<{ items: Bike[] }>(await t.request("/api/bikes/advertised"), 200)
      ).items.map((bike) => bike.id);

    const bike = await listBike(t, seller, categories.KTM);
    expect(
      (await expectJson<Bike>(await patchBike(bike.id, { advertised: true }), 200)).advertised,
    ).toBe(true);
    expect(await advertisedIds()).toContain(bike.id);

    // Booked: it leaves the home page, and can't be advertised again meanwhile.
    const booking = await book(t, buyer, bike.id);
    expect(await advertisedIds()).not.toContain(bike.id);
    const whileBooked = await patchBike(bike.id, { advertised: true });
    expect(whileBooked.status).toBe(409);
    expect(((await whileBooked.json()) as ErrorBody).error.code).toBe("CONFLICT");
    // Stopping is always allowed.
    expect((await patchBike(bike.id, { advertised: false })).status).toBe(200);

    await moveBooking(t, seller, booking.id, "accepted");
    await moveBooking(t, seller, booking.id, "completed");
    expect((await patchBike(bike.id, { advertised: true })).status).toBe(409);
    expect(await advertisedIds()).not.toContain(bike.id);
  });
});

describe("deleting a bike with an active booking", () => {
  test.each([
    { booking: "pending", deleter: "its seller" },
    { booking: "accepted", deleter: "an admin" },
  ] as const)("($booking, by $deleter) cancels the booking and keeps its snapshot", async (c) => {
    const bike = await listBike(t, seller, categories.SUZUKI, {
      title: "Snapshot title",
      imageUrl: "https://example.com/snapshot.jpg",
      resalePrice: 2000,
    });
    const wisher = await newPerson(t, "buyer");
    await addToWishlist(t, wisher, bike.id);
    const booking = await book(t, buyer, bike.id);
    if (c.booking === "accepted") await moveBooking(t, seller, booking.id, "accepted");
    // Edits after booking don't rewrite the booking's record of what was booked.
    expect(
      (await patchBike(bike.id, { title: "Renamed", imageUrl: "https://example.com/new.jpg" }))
        .status,
    ).toBe(200);

    const deleter = c.deleter === "an admin" ? admin : seller;
    const deleted = await t.request(`/api/bikes/${bike.id}`, {
      method: "DELETE",
      cookie: deleter.cookie,
    });
    expect(deleted.status).toBe(204);

    const expected = {
      id: booking.id,
      bikeId: null,
      bike: { title: "Snapshot title", imageUrl: "https://example.com/snapshot.jpg" },
      listedPrice: booking.listedPrice,
      discountPercent: booking.discountPercent,
      finalPrice: booking.finalPrice,
      status: "cancelled",
    };
    expect((await myBookings(t, buyer)).find((b) => b.id === booking.id)).toMatchObject(expected);
    expect((await mySales(t, seller)).find((b) => b.id === booking.id)).toMatchObject(expected);
    expect((await t.request(`/api/bikes/${bike.id}`, { cookie: buyer.cookie })).status).toBe(404);
    expect(await wishlist(t, wisher)).toEqual([]);
    expect(await myBikeIds(seller)).not.toContain(bike.id);
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);

    const again = await t.request(`/api/bikes/${bike.id}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect(again.status).toBe(404);
  });

  test("a sold bike's completed booking stays completed when the listing is deleted", async () => {
    const bike = await listBike(t, seller, categories.SUZUKI);
    const booking = await book(t, buyer, bike.id);
    await moveBooking(t, seller, booking.id, "accepted");
    await moveBooking(t, seller, booking.id, "completed");
    const deleted = await t.request(`/api/bikes/${bike.id}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect(deleted.status).toBe(204);
    expect((await myBookings(t, buyer)).find((b) => b.id === booking.id)).toMatchObject({
      bikeId: null,
      status: "completed",
    });
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  });

  test("booking a deleted bike is 404", async () => {
    const bike = await listBike(t, seller, categories.SUZUKI);
    await t.request(`/api/bikes/${bike.id}`, { method: "DELETE", cookie: seller.cookie });
    const response = await t.request("/api/bookings", {
      body: { bikeId: bike.id, phone: "+8801911000002", meetingLocation: "Banani" },
      cookie: buyer.cookie,
    });
    expect(response.status).toBe(404);
  });
});
