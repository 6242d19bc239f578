import type { User } from "./schemas/users";

/**
 * Pure policy functions. The server enforces them; the client only uses them
 * to decide which menu entries and buttons to show.
 */
type Caller = Pick<User, "id" | "role" | "accountType">;
type Listing = { seller: { id: string } } | { sellerId: string };

function sellerIdOf(bike: Listing): string {
  return "sellerId" in bike ? bike.sellerId : bike.seller.id;
}

export function isAdmin(user: Pick<User, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

export function isSeller(user: Pick<User, "accountType"> | null | undefined): boolean {
  return user?.accountType === "seller";
}

export function ownsBike(user: Caller | null | undefined, bike: Listing): boolean {
  return !!user && sellerIdOf(bike) === user.id;
}

/** Own listings are edited (and advertised) by their seller only. */
export function canEditBike(user: Caller | null | undefined, bike: Listing): boolean {
  return isSeller(user) && ownsBike(user, bike);
}

/** `:own` for sellers, `:any` for admins. */
export function canDeleteBike(user: Caller | null | undefined, bike: Listing): boolean {
  return canEditBike(user, bike) || isAdmin(user);
}

/** Anyone signed in may book an available bike that is not their own. */
export function canBookBike(
  user: Caller | null | undefined,
  bike: Listing & { status: string },
): boolean {
  return !!user && !ownsBike(user, bike) && bike.status === "available";
}
