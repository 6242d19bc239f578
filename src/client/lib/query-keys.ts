/**
 * Every cache key in one place, so a mutation in one feature can refresh the
 * lists another feature shows without the two importing each other.
 * Keys that start with "bikes" hold bike listings; "bookings" hold bookings.
 */
export const queryKeys = {
  bikes: ["bikes"] as const,
  categoryBikes: (categoryId: string, filters: Readonly<Record<string, string>> = {}) =>
    ["bikes", "category", categoryId, filters] as const,
  search: (filters: Readonly<Record<string, string>>) => ["bikes", "search", filters] as const,
  advertisedBikes: ["bikes", "advertised"] as const,
  bikeDetail: (bikeId: string) => ["bikes", "detail", bikeId] as const,
  myBikes: ["bikes", "mine"] as const,
  wishlist: ["wishlist"] as const,
  bookings: ["bookings"] as const,
  myBookings: ["bookings", "mine"] as const,
  sales: ["bookings", "sales"] as const,
  users: (accountType: "seller" | "buyer") => ["users", accountType] as const,
  categories: ["categories"] as const,
  notifications: ["notifications"] as const,
  preferences: ["preferences"] as const,
};
