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
  savedSearches: ["saved-searches"] as const,
  bookings: ["bookings"] as const,
  myBookings: ["bookings", "mine"] as const,
  sales: ["bookings", "sales"] as const,
  /** A seller's profile holds their bikes, so it is a "bikes" key: it refreshes with every list. */
  sellerProfile: (sellerId: string) => ["bikes", "seller", sellerId] as const,
  /** Reviews of sellers; a review also changes the rating on every bike list. */
  sellers: ["sellers"] as const,
  sellerReviews: (sellerId: string) => ["sellers", sellerId, "reviews"] as const,
  /** Every list of one type of account, searched or not. */
  accountsOf: (accountType: "seller" | "buyer") => ["users", accountType] as const,
  /** The accounts of one type whose name or address holds `q` ("" for all). */
  users: (accountType: "seller" | "buyer", q: string) => ["users", accountType, q] as const,
  categories: ["categories"] as const,
  reports: (status: "open" | "closed") => ["reports", status] as const,
  allReports: ["reports"] as const,
  adminActions: ["adminActions"] as const,
  conversations: ["conversations"] as const,
  conversationMessages: (id: string) => ["conversations", "messages", id] as const,
  unread: ["unread"] as const,
  notifications: ["notifications"] as const,
  preferences: ["preferences"] as const,
};
