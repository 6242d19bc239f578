import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withNotificationTables } from "#src/server/notifications/notification-tables";
import type { ErrorBody } from "#src/shared/errors";
import type { ListedBike } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
import type { ReviewPage, SellerProfile } from "#src/shared/schemas/reviews";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import {
  completedBooking,
  requestRemoval,
  requestReply,
  requestReview,
  review,
} from "#tests/support/builders/review";
import { myBookings, viewBike } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withReviewTables } from "./review-tables";

// PRODUCT.md §8 "Sellers people can trust": reviews of completed bookings,
// the seller's one reply, an admin's recorded removal, and the rating
// beside the seller's name on cards, bike pages and the profile.

let t: TestApp;
let categories: CategoryIds;
let admin: Person;
let buyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, admin, buyer] = await Promise.all([
    categoryIds(t),
    theAdmin(t),
    newPerson(t, "buyer"),
  ]);
});
afterAll(() => t?.close());

const profileOf = async (viewer: Person, sellerId: string) =>
  expectJson<SellerProfile>(
    await t.request(`/api/sellers/${sellerId}`, { cookie: viewer.cookie }),
    200,
  );
const reviewsOf = async (viewer: Person, sellerId: string, query = "") =>
  expectJson<ReviewPage>(
    await t.request(`/api/sellers/${sellerId}/reviews${query}`, { cookie: viewer.cookie }),
    200,
  );
const errorOf = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  return ((await response.json()) as ErrorBody).error;
};

describe("reviewing a seller", () => {
  test("the buyer of a completed booking reviews its seller once; a second review is a 409", async () => {
    const seller = await newPerson(t, "seller", "Rafi Rahman");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.SUZUKI);
    const written = await review(t, buyer, bookingId, { rating: 4, text: "  Fair deal.  " });
    expect(written).toMatchObject({
      rating: 4,
      text: "Fair deal.",
      buyerName: buyer.name,
      reply: null,
    });

    const again = await errorOf(await requestReview(t, buyer, bookingId, { rating: 1 }), 409);
    expect(again.code).toBe("CONFLICT");
    const page = await reviewsOf(buyer, seller.id);
    expect(page.items.map((r) => r.rating)).toEqual([4]);
  });

  test("only the booking's buyer may review: its seller and strangers are refused", async () => {
    const seller = await newPerson(t, "seller");
    const stranger = await newPerson(t, "buyer", "Stranger");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.KTM);
    expect((await errorOf(await requestReview(t, seller, bookingId), 403)).code).toBe("FORBIDDEN");
    expect((await errorOf(await requestReview(t, stranger, bookingId), 403)).code).toBe(
      "FORBIDDEN",
    );
    expect((await errorOf(await requestReview(t, admin, bookingId), 403)).code).toBe("FORBIDDEN");
    expect((await requestReview(t, buyer, "no-such-booking")).status).toBe(404);
    expect((await profileOf(buyer, seller.id)).rating).toEqual({ average: null, count: 0 });
  });

  test("a booking that isn't completed can't be reviewed", async () => {
    const seller = await newPerson(t, "seller");
    const bike = await listBike(t, seller, categories.YAMAHA);
    const booking = await book(t, buyer, bike.id);
    expect((await requestReview(t, buyer, booking.id)).status).toBe(409); // pending
    await moveBooking(t, seller, booking.id, "accepted");
    expect((await requestReview(t, buyer, booking.id)).status).toBe(409); // accepted
    await moveBooking(t, seller, booking.id, "declined");
    expect((await requestReview(t, buyer, booking.id)).status).toBe(409); // declined
    expect((await reviewsOf(buyer, seller.id)).items).toEqual([]);
  });

  test("bad input gets a 400 with a message per field", async () => {
    const seller = await newPerson(t, "seller");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.SUZUKI);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: "5" }, {}]) {
      const error = await errorOf(await requestReview(t, buyer, bookingId, body), 400);
      expect(error.fields?.rating).toBe("Choose a rating from 1 to 5 stars");
    }
    const long = await errorOf(
      await requestReview(t, buyer, bookingId, { rating: 5, text: "x".repeat(1001) }),
      400,
    );
    expect(long.fields?.text).toBe("Review must be at most 1,000 characters");
    const control = await errorOf(
      await requestReview(t, buyer, bookingId, { rating: 5, text: "hi\u001b[2Jthere" }),
      400,
    );
    expect(control.fields?.text).toMatch(/can't be typed/);
    // None of them counted: the buyer may still review.
    await review(t, buyer, bookingId, { rating: 5, text: "x".repeat(1000) });
  });

  test("the seller is notified of the review", async () => {
    const seller = await newPerson(t, "seller");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.KTM);
    await review(t, buyer, bookingId, { rating: 2, text: "Late to the meeting" });
    const notes = await withNotificationTables(t.deps.db)
      .selectFrom("notifications")
      .select(["kind", "title", "body", "link"])
      .where("userId", "=", seller.id)
      .where("kind", "=", "review_received")
      .execute();
    expect(notes).toEqual([
      {
        kind: "review_received",
        title: `${buyer.name} reviewed you: 2 stars`,
        body: expect.stringContaining("Late to the meeting"),
        link: `/sellers/${seller.id}`,
      },
    ]);
  });
});

describe("the seller's reply", () => {
  test("only the reviewed seller replies, once; the reply shows under the review", async () => {
    const seller = await newPerson(t, "seller");
    const otherSeller = await newPerson(t, "seller", "Other Seller");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.SUZUKI);
    const written = await review(t, buyer, bookingId, { rating: 3 });

    expect((await requestReply(t, buyer, written.id)).status).toBe(403);
    expect((await requestReply(t, otherSeller, written.id)).status).toBe(403);
    expect((await requestReply(t, admin, written.id)).status).toBe(403);
    const replied = await expectJson<{ reply: { text: string } }>(
      await requestReply(t, seller, written.id, "Sorry about the wait."),
      201,
    );
    expect(replied.reply.text).toBe("Sorry about the wait.");
    expect((await errorOf(await requestReply(t, seller, written.id, "Edited"), 409)).code).toBe(
      "CONFLICT",
    );
    const [shown] = (await reviewsOf(buyer, seller.id)).items;
    expect(shown?.reply?.text).toBe("Sorry about the wait.");
    expect((await errorOf(await requestReply(t, seller, written.id, ""), 400)).fields?.text).toBe(
      "Reply is required",
    );
    expect((await requestReply(t, seller, "no-such-review")).status).toBe(404);
  });
});

describe("an admin removes an abusive review", () => {
  test("non-admins are refused; the removal is recorded and the rating follows", async () => {
    const seller = await newPerson(t, "seller");
    const [first, second] = [
      await completedBooking(t, seller, buyer, categories.SUZUKI),
      await completedBooking(t, seller, buyer, categories.KTM),
    ];
    await review(t, buyer, first.bookingId, { rating: 5 });
    const abusive = await review(t, buyer, second.bookingId, { rating: 1, text: "abuse" });
    expect((await profileOf(buyer, seller.id)).rating).toEqual({ average: 3, count: 2 });

    expect((await requestRemoval(t, buyer, abusive.id)).status).toBe(403);
    expect((await requestRemoval(t, seller, abusive.id)).status).toBe(403);
    const noReason = await errorOf(await requestRemoval(t, admin, abusive.id, "  "), 400);
    expect(noReason.fields?.reason).toBe("Reason is required");
    expect((await requestRemoval(t, admin, abusive.id, "Insults, not a review")).status).toBe(204);
    expect((await requestRemoval(t, admin, abusive.id)).status).toBe(404);

    const record = await withReviewTables(t.deps.db)
      .selectFrom("reviews")
      .select(["removedBy", "removedByName", "removalReason", "removedAt"])
      .where("id", "=", abusive.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      removedBy: admin.id,
      removedByName: admin.name,
      removalReason: "Insults, not a review",
    });
    expect(Date.now() - new Date(record.removedAt ?? 0).getTime()).toBeLessThan(60_000);

    expect((await reviewsOf(buyer, seller.id)).items.map((r) => r.id)).not.toContain(abusive.id);
    expect((await profileOf(buyer, seller.id)).rating).toEqual({ average: 5, count: 1 });
    // A removed review can't be posted again or replied to.
    expect((await requestReview(t, buyer, second.bookingId)).status).toBe(409);
    expect((await requestReply(t, seller, abusive.id)).status).toBe(404);
  }, 60_000);
});

describe("ratings beside the seller's name", () => {
  test("cards, the bike page and the profile show the average and count, also after a cached read", async () => {
    const seller = await newPerson(t, "seller", "Card Seller");
    const viewer = await newPerson(t, "buyer", "Viewer");
    const shown = await listBike(t, seller, categories.YAMAHA);
    const cardRating = async () => {
      const page = await expectJson<{ items: ListedBike[] }>(
        await t.request(`/api/categories/${categories.YAMAHA}/bikes?limit=50`, {
          cookie: viewer.cookie,
        }),
        200,
      );
      return page.items.find((bike) => bike.id === shown.id)?.seller.rating;
    };
    // Read once before any review, so the next reads would be cached answers if nothing evicted them.
    expect(await cardRating()).toEqual({ average: null, count: 0 });
    expect((await viewBike(t, viewer, shown.id)).seller.rating).toEqual({
      average: null,
      count: 0,
    });

    const ratings = [5, 4, 4];
    const reviews = [];
    for (const rating of ratings) {
      const { bookingId } = await completedBooking(t, seller, buyer, categories.SUZUKI);
      reviews.push(await review(t, buyer, bookingId, { rating }));
    }
    expect(await cardRating()).toEqual({ average: 4.3, count: 3 });
    expect((await viewBike(t, viewer, shown.id)).seller.rating).toEqual({ average: 4.3, count: 3 });
    const profile = await profileOf(viewer, seller.id);
    expect(profile.rating).toEqual({ average: 4.3, count: 3 });
    expect(profile.bikes[0]?.seller.rating).toEqual({ average: 4.3, count: 3 });

    const [five] = reviews;
    expect((await requestRemoval(t, admin, five?.id ?? "")).status).toBe(204);
    expect(await cardRating()).toEqual({ average: 4, count: 2 });
    expect((await viewBike(t, viewer, shown.id)).seller.rating).toEqual({ average: 4, count: 2 });
  }, 60_000);
});

describe("seller profiles", () => {
  test("name, verified mark, member since, completed sales and only available bikes", async () => {
    const seller = await newPerson(t, "seller", "Profile Seller");
    const available = await listBike(t, seller, categories.KTM, { title: "Available Duke" });
    const booked = await listBike(t, seller, categories.KTM, { title: "Booked Duke" });
    await book(t, buyer, booked.id);
    const { bikeId: soldId } = await completedBooking(t, seller, buyer, categories.SUZUKI);
    await completedBooking(t, seller, buyer, categories.SUZUKI);
    await t.request(`/api/users/${seller.id}`, {
      method: "PATCH",
      body: { verified: true },
      cookie: admin.cookie,
    });

    const profile = await profileOf(buyer, seller.id);
    expect(profile).toMatchObject({
      id: seller.id,
      name: "Profile Seller",
      verified: true,
      completedSales: 2,
      medianReplyMinutes: null,
      rating: { average: null, count: 0 },
    });
    expect(Date.now() - Date.parse(profile.memberSince)).toBeLessThan(10 * 60_000);
    expect(profile.bikes.map((bike) => bike.id)).toEqual([available.id]);
    expect(profile.bikes.map((bike) => bike.id)).not.toContain(soldId);
    // The same card shape as every list, without the seller's phone.
    expect(profile.bikes[0]).toMatchObject({
      id: available.id,
      wishlisted: false,
      status: "available",
    });
    expect(profile.bikes[0]?.phone).toBeUndefined();
  });

  test("an unknown id, a buyer's or an admin's account is a 404", async () => {
    expect((await t.request("/api/sellers/no-such-id", { cookie: buyer.cookie })).status).toBe(404);
    expect((await t.request(`/api/sellers/${buyer.id}`, { cookie: buyer.cookie })).status).toBe(
      404,
    );
    expect((await t.request(`/api/sellers/${admin.id}`, { cookie: buyer.cookie })).status).toBe(
      404,
    );
    expect(
      (await t.request(`/api/sellers/${buyer.id}/reviews`, { cookie: buyer.cookie })).status,
    ).toBe(404);
  });

  test("reviews come newest first, a page at a time", async () => {
    const seller = await newPerson(t, "seller");
    const written = [];
    for (const rating of [1, 2, 3, 4, 5]) {
      const { bookingId } = await completedBooking(t, seller, buyer, categories.YAMAHA);
      written.push(await review(t, buyer, bookingId, { rating }));
    }
    const first = await reviewsOf(buyer, seller.id, "?limit=2");
    const second = await reviewsOf(buyer, seller.id, `?limit=2&cursor=${first.nextCursor}`);
    const third = await reviewsOf(buyer, seller.id, `?limit=2&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((r) => r.rating)).toEqual([
      5, 4, 3, 2, 1,
    ]);
    expect(third.nextCursor).toBeNull();
    const bad = await errorOf(
      await t.request(`/api/sellers/${seller.id}/reviews?cursor=%27%20or%201%3D1--`, {
        cookie: buyer.cookie,
      }),
      400,
    );
    expect(bad.fields?.cursor).toBeDefined();
    expect(
      (await t.request(`/api/sellers/${seller.id}/reviews?limit=51`, { cookie: buyer.cookie }))
        .status,
    ).toBe(400);
  }, 60_000);

  test("bookings name the seller's id for the link to the profile, and whether they are reviewed", async () => {
    const seller = await newPerson(t, "seller");
    const { bookingId } = await completedBooking(t, seller, buyer, categories.KTM);
    const mine = async () => (await myBookings(t, buyer)).find((b: Booking) => b.id === bookingId);
    expect((await mine())?.seller.id).toBe(seller.id);
    expect((await mine())?.reviewed).toBe(false);
    await review(t, buyer, bookingId);
    expect((await mine())?.reviewed).toBe(true);
  });
});
