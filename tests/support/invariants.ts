import type { AppDb } from "#src/server/db/database";

const ACTIVE = new Set(["pending", "accepted"]);

/**
 * Reads the whole marketplace straight from the database and lists every
 * record that contradicts another: what must hold after any sequence of
 * requests. An empty list means consistent.
 */
export async function marketplaceInconsistencies(db: AppDb): Promise<string[]> {
  const [users, bikes, bookings, wishes, sessions, accounts, counts] = await Promise.all([
    db.selectFrom("users").select("id").execute(),
    db.selectFrom("bikes").select(["id", "sellerId", "categoryId", "status"]).execute(),
    db.selectFrom("bookings").select(["id", "bikeId", "buyerId", "sellerId", "status"]).execute(),
    db.selectFrom("wishlist").select(["userId", "bikeId"]).execute(),
    db.selectFrom("sessions").select(["id", "userId"]).execute(),
    db.selectFrom("accounts").select(["id", "userId"]).execute(),
    db.selectFrom("categoryCounts").select(["categoryId", "available"]).execute(),
  ]);
  const userIds = new Set(users.map((user) => user.id));
  const bikeById = new Map(bikes.map((bike) => [bike.id, bike]));
  const problems: string[] = [];

  const activeByBike = new Map<string, number>();
  for (const booking of bookings) {
    if (!ACTIVE.has(booking.status)) continue;
    if (booking.bikeId === null) {
      problems.push(`active booking ${booking.id} has no bike`);
      continue;
    }
    activeByBike.set(booking.bikeId, (activeByBike.get(booking.bikeId) ?? 0) + 1);
    const bike = bikeById.get(booking.bikeId);
    if (bike?.status !== "booked") {
      problems.push(`active booking ${booking.id} is on a bike that is ${bike?.status ?? "gone"}`);
    }
    if (booking.buyerId === null || !userIds.has(booking.buyerId)) {
      problems.push(`active booking ${booking.id} has no buyer account`);
    }
    if (booking.sellerId === null || !userIds.has(booking.sellerId)) {
      problems.push(`active booking ${booking.id} has no seller account`);
    }
  }
  for (const bike of bikes) {
    const active = activeByBike.get(bike.id) ?? 0;
    if (bike.status === "booked" && active !== 1) {
      problems.push(`booked bike ${bike.id} has ${active} active bookings`);
    }
    if (!userIds.has(bike.sellerId)) problems.push(`bike ${bike.id} has no seller account`);
  }
  for (const wish of wishes) {
    if (!userIds.has(wish.userId)) problems.push(`wishlist row of missing user ${wish.userId}`);
    if (!bikeById.has(wish.bikeId)) problems.push(`wishlist row of missing bike ${wish.bikeId}`);
  }
  for (const session of sessions) {
    if (!userIds.has(session.userId)) problems.push(`session ${session.id} of a missing user`);
  }
  for (const account of accounts) {
    if (!userIds.has(account.userId)) problems.push(`sign-in ${account.id} of a missing user`);
  }
  problems.push(...categoryCountProblems(bikes, counts));
  return problems;
}

/** The kept counts (migration 007) against the bikes themselves; a missing row counts 0. */
function categoryCountProblems(
  bikes: Array<{ categoryId: string; status: string }>,
  counts: Array<{ categoryId: string; available: number }>,
): string[] {
  const actual = new Map<string, number>();
  for (const bike of bikes) {
    if (bike.status === "available")
      actual.set(bike.categoryId, (actual.get(bike.categoryId) ?? 0) + 1);
  }
  const kept = new Map(counts.map((row) => [row.categoryId, Number(row.available)]));
  const problems: string[] = [];
  for (const categoryId of new Set([...actual.keys(), ...kept.keys()])) {
    const [has, says] = [actual.get(categoryId) ?? 0, kept.get(categoryId) ?? 0];
    if (has !== says) {
      problems.push(`category ${categoryId} has ${has} available bikes, its count says ${says}`);
    }
  }
  return problems;
}
