import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Category } from "#src/shared/schemas/categories";
import type { AdminAction, Report } from "#src/shared/schemas/moderation";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { addToWishlist, myBikes, myBookings, viewBike, wishlist } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
let categories: CategoryIds;
let admin: Person;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
  admin = await theAdmin(t);
});

const report = (who: Person, bikeId: string, body: unknown) =>
  t.request(`/api/bikes/${bikeId}/reports`, { body, cookie: who.cookie });

async function openReports(): Promise<Report[]> {
  const response = await t.request("/api/reports?status=open", { cookie: admin.cookie });
  return (await expectJson<{ items: Report[] }>(response, 200)).items;
}

const act = (reportId: string, body: unknown, who: Person = admin) =>
  t.request(`/api/reports/${reportId}`, { method: "PATCH", body, cookie: who.cookie });

async function availableIn(categoryId: string): Promise<number> {
  const list = await expectJson<Category[]>(await t.request("/api/categories"), 200);
  return list.find((category) => category.id === categoryId)?.availableCount ?? 0;
}

async function categoryPageIds(who: Person, categoryId: string): Promise<string[]> {
  const response = await t.request(`/api/categories/${categoryId}/bikes?limit=50`, {
    cookie: who.cookie,
  });
  return (await expectJson<{ items: BikeDetail[] }>(response, 200)).items.map((bike) => bike.id);
}

async function searchIds(who: Person, q: string): Promise<string[]> {
  const response = await t.request(`/api/bikes?q=${encodeURIComponent(q)}`, { cookie: who.cookie });
  return (await expectJson<{ items: BikeDetail[] }>(response, 200)).items.map((bike) => bike.id);
}

describe("reporting a listing", () => {
  test("any signed-in user but its seller may report it, once while the report is open", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.SUZUKI);

    const first = await report(buyer, bike.id, { reason: "scam", details: "Asks for a deposit" });
    expect(first.status).toBe(201);
    const again = await report(buyer, bike.id, { reason: "other" });
    expect(again.status).toBe(409);

    expect((await report(seller, bike.id, { reason: "scam" })).status).toBe(403);
    expect((await report(buyer, "no-such-bike", { reason: "scam" })).status).toBe(404);
    const signedOut = await t.request(`/api/bikes/${bike.id}/reports`, {
      body: { reason: "scam" },
    });
    expect(signedOut.status).toBe(401);

    const queued = (await openReports()).filter((item) => item.bike.id === bike.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      reason: "scam",
      details: "Asks for a deposit",
      reporter: { id: buyer.id },
      bike: { title: bike.title, hidden: false, seller: { id: seller.id } },
    });
  });

  test("a reason from the list is required; details are text of at most 1,000 characters", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.YAMAHA);
    for (const body of [
      {},
      { reason: "spam" },
      { reason: "' or 1=1 --" },
      { reason: "scam", details: "x".repeat(1001) },
      { reason: "scam", details: "bad\u001bbyte" },
      { reason: ["scam"] },
    ]) {
      const response = await report(buyer, bike.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(error.error.fields ?? {}).length, JSON.stringify(error)).toBeGreaterThan(
        0,
      );
    }
    expect(await openReports()).not.toContainEqual(
      expect.objectContaining({ bike: expect.objectContaining({ id: bike.id }) }),
    );
  });

  test("only administrators see the queue and act on it", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.KTM);
    const { id } = await expectJson<{ id: string }>(
      await report(buyer, bike.id, { reason: "offensive" }),
      201,
    );
    for (const who of [buyer, seller]) {
      expect((await t.request("/api/reports", { cookie: who.cookie })).status).toBe(403);
      expect((await act(id, { action: "dismiss" }, who)).status).toBe(403);
      expect((await t.request("/api/admin/actions", { cookie: who.cookie })).status).toBe(403);
      const hide = await t.request(`/api/bikes/${bike.id}`, {
        method: "PATCH",
        body: { hidden: true, reason: "no" },
        cookie: who.cookie,
      });
      expect(hide.status).toBe(403);
    }
    expect((await act(id, { action: "ban" })).status).toBe(400);
    expect((await act(id, { action: "hide_listing" })).status).toBe(400);
    expect((await act("nope", { action: "dismiss" })).status).toBe(404);
  });
});

describe("dismissing a report", () => {
  test("closes it, keeps the listing, records who did it, and lets the user report again", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.SUZUKI);
    const { id } = await expectJson<{ id: string }>(
      await report(buyer, bike.id, { reason: "already_sold" }),
      201,
    );
    expect((await act(id, { action: "dismiss" })).status).toBe(204);
    expect((await act(id, { action: "dismiss" })).status).toBe(409);

    expect((await openReports()).map((item) => item.id)).not.toContain(id);
    const closed = await expectJson<{ items: Report[] }>(
      await t.request("/api/reports?status=closed", { cookie: admin.cookie }),
      200,
    );
    expect(closed.items.find((item) => item.id === id)).toMatchObject({
      status: "closed",
      resolution: "dismissed",
    });
    expect((await viewBike(t, buyer, bike.id)).id).toBe(bike.id);
    expect((await report(buyer, bike.id, { reason: "scam" })).status).toBe(201);

    const log = await expectJson<{ items: AdminAction[] }>(
      await t.request("/api/admin/actions", { cookie: admin.cookie }),
      200,
    );
    expect(log.items).toContainEqual(
      expect.objectContaining({
        action: "dismiss_report",
        admin: { id: admin.id, name: admin.name },
        target: { type: "report", id, label: bike.title },
      }),
    );
  });
});

describe("a hidden listing", () => {
  test("is gone from every list, search, count and page for everyone but its owner and admins", async () => {
    const [seller, buyer, other] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      newPerson(t, "buyer"),
    ]);
    const title = "Moderated Gixxer";
    const bike = await listBike(t, seller, categories.SUZUKI, { title });
    await expectJson(
      await t.request(`/api/bikes/${bike.id}`, {
        method: "PATCH",
        body: { advertised: true },
        cookie: seller.cookie,
      }),
      200,
    );
    await addToWishlist(t, other, bike.id);
    const booking = await book(t, other, bike.id);
    const { id } = await expectJson<{ id: string }>(
      await report(buyer, bike.id, { reason: "scam" }),
      201,
    );
    await expectJson(await report(other, bike.id, { reason: "wrong_details" }), 201);

    // Everything read once, so the read caches hold the listing.
    const countBefore = await availableIn(categories.SUZUKI);
    expect(await categoryPageIds(buyer, categories.SUZUKI)).toContain(bike.id);
    expect(await viewBike(t, buyer, bike.id)).toMatchObject({ id: bike.id });
    await t.request("/api/bikes/advertised", { cookie: buyer.cookie });

    const reason = "The photos belong to another listing";
    expect((await act(id, { action: "hide_listing", reason })).status).toBe(204);

    for (const who of [buyer, other]) {
      expect((await t.request(`/api/bikes/${bike.id}`, { cookie: who.cookie })).status).toBe(404);
      expect(await categoryPageIds(who, categories.SUZUKI)).not.toContain(bike.id);
      expect(await searchIds(who, title)).not.toContain(bike.id);
      const advertised = await expectJson<{ items: BikeDetail[] }>(
        await t.request("/api/bikes/advertised", { cookie: who.cookie }),
        200,
      );
      expect(advertised.items.map((item) => item.id)).not.toContain(bike.id);
      expect((await report(who, bike.id, { reason: "scam" })).status).toBe(404);
      const ask = await t.request("/api/conversations", {
        body: { bikeId: bike.id, text: "Still there?" },
        cookie: who.cookie,
      });
      expect(ask.status).toBe(404);
      const again = await t.request("/api/bookings", {
        body: { bikeId: bike.id, phone: "+1 555 0100", meetingLocation: "Main St" },
        cookie: who.cookie,
      });
      expect(again.status).toBe(404);
      const heart = await t.request(`/api/me/wishlist/${bike.id}`, {
        method: "PUT",
        cookie: who.cookie,
      });
      expect(heart.status).toBe(404);
    }
    // The booked bike was counted as booked; hiding ended the booking, and it is still not counted.
    expect(await availableIn(categories.SUZUKI)).toBe(countBefore);
    expect((await wishlist(t, other)).map((entry) => entry.bike.id)).not.toContain(bike.id);
    const [ended] = (await myBookings(t, other)).filter((item) => item.id === booking.id);
    expect(ended?.status).toBe("cancelled");

    // Its owner sees it, and why; so do admins.
    const asOwner = await viewBike(t, seller, bike.id);
    expect(asOwner.hidden).toMatchObject({ reason });
    const mine = await myBikes(t, seller);
    expect(mine.find((item) => item.id === bike.id)?.hidden?.reason).toBe(reason);
    expect((await viewBike(t, admin, bike.id)).hidden?.reason).toBe(reason);

    // Both reports of it closed as hidden; the owner and the booked buyer were told.
    expect((await openReports()).filter((item) => item.bike.id === bike.id)).toHaveLength(0);
    const told = await t.deps.db
      .withTables<{ notifications: { userId: string; kind: string; body: string } }>()
      .selectFrom("notifications")
      .select(["userId", "kind", "body"])
      .where("userId", "in", [seller.id, other.id])
      .execute();
    expect(told).toContainEqual(
      expect.objectContaining({ userId: seller.id, kind: "listing_hidden" }),
    );
    expect(told.find((row) => row.kind === "listing_hidden")?.body).toContain(reason);
    expect(told).toContainEqual(
      expect.objectContaining({ userId: other.id, kind: "booking_cancelled" }),
    );

    // Shown again: back everywhere.
    const shown = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { hidden: false },
      cookie: admin.cookie,
    });
    expect((await expectJson<BikeDetail>(shown, 200)).hidden).toBeUndefined();
    expect(await categoryPageIds(buyer, categories.SUZUKI)).toContain(bike.id);
    expect(await searchIds(buyer, title)).toContain(bike.id);
    expect(await availableIn(categories.SUZUKI)).toBe(countBefore + 1);

    const log = await expectJson<{ items: AdminAction[] }>(
      await t.request("/api/admin/actions", { cookie: admin.cookie }),
      200,
    );
    const onThisBike = log.items.filter((item) => item.target.id === bike.id);
    expect(onThisBike.map((item) => [item.action, item.reason])).toEqual([
      ["unhide_listing", null],
      ["hide_listing", reason],
    ]);
  });

  test("an admin hides one directly, with a reason, and a hidden listing can't be edited by others", async () => {
    const [seller, otherSeller] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "seller"),
    ]);
    const bike = await listBike(t, seller, categories.KTM);
    const noReason = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { hidden: true },
      cookie: admin.cookie,
    });
    expect(noReason.status).toBe(400);
    const mixed = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { hidden: true, reason: "Duplicate", title: "Renamed" },
      cookie: admin.cookie,
    });
    expect(mixed.status).toBe(400);
    const hidden = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { hidden: true, reason: "Duplicate listing" },
      cookie: admin.cookie,
    });
    expect((await expectJson<BikeDetail>(hidden, 200)).hidden?.reason).toBe("Duplicate listing");

    const edit = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { title: "Mine now" },
      cookie: otherSeller.cookie,
    });
    expect(edit.status).toBe(404);
    const remove = await t.request(`/api/bikes/${bike.id}`, {
      method: "DELETE",
      cookie: otherSeller.cookie,
    });
    expect(remove.status).toBe(404);
    // The owner may still edit it (it stays hidden) or take it down for good.
    const ownEdit = await t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { title: "KTM Duke, honest photos" },
      cookie: seller.cookie,
    });
    expect((await expectJson<BikeDetail>(ownEdit, 200)).hidden?.reason).toBe("Duplicate listing");
  });
});

describe("the admin log", () => {
  test("records verifying a seller, deleting an account and deleting a single listing", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.YAMAHA);
    await expectJson(
      await t.request(`/api/users/${seller.id}`, {
        method: "PATCH",
        body: { verified: true },
        cookie: admin.cookie,
      }),
      200,
    );
    expect(
      (await t.request(`/api/bikes/${bike.id}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(204);
    // The seller's account stays: one listing went, not the account.
    expect((await t.request("/api/session", { cookie: seller.cookie })).status).toBe(200);
    expect(
      (await t.request(`/api/users/${buyer.id}`, { method: "DELETE", cookie: admin.cookie }))
        .status,
    ).toBe(204);

    const log = await expectJson<{ items: AdminAction[] }>(
      await t.request("/api/admin/actions", { cookie: admin.cookie }),
      200,
    );
    const mine = log.items.filter((item) =>
      [seller.id, bike.id, buyer.id].includes(item.target.id),
    );
    expect(mine.map((item) => [item.action, item.target.id])).toEqual([
      ["delete_account", buyer.id],
      ["delete_listing", bike.id],
      ["verify_seller", seller.id],
    ]);
    expect(mine[0]?.target.label).toContain(buyer.email);
    for (const item of mine) expect(item.admin.id).toBe(admin.id);
  });
});
