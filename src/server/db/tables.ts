import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Column names are camelCase because better-auth's tables use
 * camelCase and one naming rule across the schema beats two
 * (docs/decisions/0003-database-naming-and-types.md).
 *
 * Booleans of the app's own tables are stored as 0/1 integers on both
 * dialects; times as timestamptz on PostgreSQL and ISO-8601 text on SQLite,
 * so reads go through `toIso`.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type Flag = ColumnType<number, number, number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  accountType: string;
  verified: ColumnType<boolean | number, boolean | number, boolean | number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionsTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CategoriesTable {
  id: string;
  name: string;
  logo: string;
  sortOrder: number;
}

export interface BikesTable {
  id: string;
  sellerId: string;
  categoryId: string;
  title: string;
  name: string;
  imageUrl: string;
  location: string;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  phone: string;
  description: string | null;
  status: "available" | "booked" | "sold";
  advertised: Flag;
  postedAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * Lower-case, accent-free words of title, name and location, and of the
   * location alone, written by the app with `searchColumns` on every insert
   * and on every change of those fields (lib/search-text.ts). The search
   * indexes are built from them (migrations/003-search.ts).
   */
  searchText: string;
  searchLocation: string;
  /** Listing details (migration 018): null on listings made before them. */
  mileageKm: number | null;
  modelYear: number | null;
  engineCc: number | null;
  condition: "excellent" | "good" | "fair" | "needs_work" | null;
  /** 0/1, or null when not given. */
  papersUpToDate: number | null;
  /** An admin took the listing down (migrations/020): only its owner and admins see it. */
  hidden: ColumnType<number, number | undefined, number>;
  hiddenReason: string | null;
  hiddenAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface BookingsTable {
  id: string;
  bikeId: string | null;
  buyerId: string | null;
  sellerId: string | null;
  buyerName: string;
  sellerName: string;
  phone: string;
  meetingLocation: string;
  bikeTitle: string;
  bikeImageUrl: string;
  listedPrice: number;
  discountPercent: number;
  finalPrice: number;
  status: "pending" | "accepted" | "declined" | "cancelled" | "completed" | "expired";
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The client's Idempotency-Key, unique per buyer (migrations/010). */
  idempotencyKey: string | null;
}

/** The first bike each user ever wishlisted, written once (migrations/011): the 5% promotion's bike. */
export interface FirstWishesTable {
  userId: string;
  bikeId: string;
  addedAt: Timestamp;
}

export interface WishlistTable {
  userId: string;
  bikeId: string;
  addedAt: Timestamp;
}

/**
 * For each category and years of use, how many listings ask each whole
 * percent of their original price; kept by triggers on bikes
 * (migrations/005-price-stats.ts), read by the fair-price hint.
 */
export interface PriceStatsTable {
  categoryId: string;
  yearsOfUse: number;
  percent: number;
  listings: number;
}

/** Available bikes per category, kept by triggers (migration 007); no row means none. */
export interface CategoryCountsTable {
  categoryId: string;
  available: number;
}

/** Every word a listing's searchText has held (migration 008): prefixes become exact words. */
export interface SearchWordsTable {
  word: string;
}

export interface AccountsTable {
  id: string;
  userId: string;
  providerId: string;
}

/** A processed photo (features/uploads); its files are keyed by its id (lib/photo-keys.ts). */
export interface UploadsTable {
  id: string;
  ownerId: string;
  /** Of the large version, the one a bike page shows. */
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** A bike's photos in order; position 0 is the cover. */
export interface BikePhotosTable {
  bikeId: string;
  uploadId: string;
  position: number;
}

export interface Tables {
  uploads: UploadsTable;
  bikePhotos: BikePhotosTable;
  accounts: AccountsTable;
  bookings: BookingsTable;
  wishlist: WishlistTable;
  firstWishes: FirstWishesTable;
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  bikes: BikesTable;
  priceStats: PriceStatsTable;
  categoryCounts: CategoryCountsTable;
  searchWords: SearchWordsTable;
}

export type BikeRow = Selectable<BikesTable>;
export type NewBike = Insertable<BikesTable>;
export type BikeUpdate = Updateable<BikesTable>;
export type BookingRow = Selectable<BookingsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type UserRow = Selectable<UsersTable>;
export type { Generated };
