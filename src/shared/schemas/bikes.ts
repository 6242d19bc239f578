import { z } from "zod";
import type { FairPrice } from "../fair-price";
import { groupedNumber } from "../numbers";
import {
  type BikeCondition,
  bikeConditions,
  MAX_ENGINE_CC,
  MAX_MILEAGE_KM,
  MIN_ENGINE_CC,
  MIN_MODEL_YEAR,
  maxModelYear,
} from "./listing-details";
import { cursorPageQuerySchema } from "./pages";
import { isPlainText, lineOf } from "./text";
import { type BikePhoto, photoIdsSchema } from "./uploads";

export const bikeStatuses = ["available", "booked", "sold"] as const;
export type BikeStatus = (typeof bikeStatuses)[number];

export const MAX_PRICE = 10_000_000;

export {
  type BikeCondition,
  bikeConditions,
  conditionLabels,
  MAX_ENGINE_CC,
  MAX_MILEAGE_KM,
  MIN_ENGINE_CC,
  MIN_MODEL_YEAR,
  maxModelYear,
} from "./listing-details";
export const MAX_YEARS_OF_USE = 60;
/** A classic may be worth more than it cost new, but not ten times: that is a typo or a trick. */
export const MAX_RESALE_RATIO = 10;

const requiredText = lineOf;

/** A title says what the bike is: one letter tells a buyer nothing. */
export const TITLE_MIN_LENGTH = 5;

/** The one rule for a pasted picture link, in the words the form's hint and error both use. */
export const IMAGE_LINK_RULE = "starting with http:// or https://";
const IMAGE_LINK_MESSAGE = `Enter an image link ${IMAGE_LINK_RULE}`;

const price = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be more than 0`)
    .max(MAX_PRICE, `${label} must be at most ${groupedNumber(MAX_PRICE)}`);

export const phoneSchema = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .regex(/^\+?[0-9][0-9 ()-]{4,23}$/, "Enter a phone number: digits, spaces, + ( ) -");

/**
 * A picture is a link the seller pastes (http/https) or a path this server
 * serves (demo images, uploads). No javascript:, data: or other schemes.
 */
export const imageUrlSchema = z
  .string({ error: "Image link is required" })
  .trim()
  .min(1, "Image link is required")
  .max(2000, "Image link is too long")
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(images|uploads)\/[\w./-]+$/.test(value),
    { message: IMAGE_LINK_MESSAGE },
  )
  .refine((value) => !hasDotSegment(value), {
    message: "An image link can't contain /./ or /../",
  });

/** A "." or ".." path segment, also spelled %2e: it would point the link somewhere else. */
function hasDotSegment(link: string): boolean {
  const path = link.replace(/^https?:\/\/[^/]*/i, "").split(/[?#]/)[0] ?? "";
  return path.split(/\/|%2f|\\|%5c/i).some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/**
 * A bike's picture is its photos or a pasted link. The link may be left
 * empty ("" from an empty form field counts as not given) when photos are
 * sent; then the cover photo's url becomes `imageUrl`.
 */
const optionalImageUrlSchema = z
  .string({ error: IMAGE_LINK_MESSAGE })
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(imageUrlSchema.optional());

export const PICTURE_REQUIRED = "Add a photo or paste an image link";

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${groupedNumber(min)}`)
    .max(max, `${label} must be at most ${groupedNumber(max)}`);

/** The details' rules, shared by the bike forms and the server. */
export const listingDetailsFields = {
  mileageKm: whole("Mileage", 0, MAX_MILEAGE_KM),
  modelYear: z
    .number({ error: "Model year must be a whole number" })
    .int("Model year must be a whole number")
    .min(MIN_MODEL_YEAR, `Model year must be ${MIN_MODEL_YEAR} or later`)
    // A function, so "next year" is read when a listing is checked, not when the module loads.
    .refine((value) => value <= maxModelYear(), {
      error: () => `Model year must be ${maxModelYear()} or earlier`,
    }),
  engineCc: whole("Engine size", MIN_ENGINE_CC, MAX_ENGINE_CC),
  condition: z.enum(bikeConditions, { error: "Select condition" }),
  papersUpToDate: z.boolean({ error: "Say whether the papers are up to date" }),
};

const bikeFieldsSchema = z.object({
  ...listingDetailsFields,
  title: requiredText("Title", 120, TITLE_MIN_LENGTH),
  name: requiredText("Bike name", 80),
  categoryId: z
    .string({ error: "Select category" })
    .trim()
    .min(1, "Select category")
    .max(64, "There is no such category"),
  imageUrl: optionalImageUrlSchema,
  /** Upload ids (POST /api/uploads), cover first. */
  photos: photoIdsSchema.optional(),
  location: requiredText("Location", 100),
  yearsOfUse: z
    .number({ error: "Years of use must be a whole number" })
    .int("Years of use must be a whole number")
    .min(0, "Years of use can't be negative")
    .max(MAX_YEARS_OF_USE, `Years of use must be at most ${MAX_YEARS_OF_USE}`),
  originalPrice: price("Original price"),
  resalePrice: price("Resale price"),
  phone: phoneSchema,
  description: z
    .string()
    .trim()
    .max(2000, "Description must be at most 2000 characters")
    .refine(
      (value) => isPlainText(value, "text"),
      "Description contains characters that can't be typed",
    )
    .optional()
    .transform((value) => (value ? value : undefined)),
});

const RESALE_TOO_HIGH = `Resale price can be at most ${MAX_RESALE_RATIO} times the original price`;

/** True unless both prices are given and the resale price is past the ratio. */
function resaleWithinRatio(bike: { originalPrice?: number; resalePrice?: number }) {
  const { originalPrice, resalePrice } = bike;
  if (originalPrice === undefined || resalePrice === undefined) return true;
  return resalePrice <= originalPrice * MAX_RESALE_RATIO;
}

/** Add product: the same rules in the form and on the server (PRODUCT.md §4). */
export const bikeInputSchema = bikeFieldsSchema
  .refine(resaleWithinRatio, {
    path: ["resalePrice"],
    message: RESALE_TOO_HIGH,
    // Only once both prices are themselves valid.
    when: ({ issues }) =>
      issues.every(
        (issue) => issue.path?.[0] !== "originalPrice" && issue.path?.[0] !== "resalePrice",
      ) && issues.every((issue) => issue.path?.[0] !== undefined),
  })
  .refine((bike) => bike.imageUrl !== undefined || bike.photos !== undefined, {
    // One message, on the picture field every form has; the photo picker sits beside it.
    path: ["imageUrl"],
    message: PICTURE_REQUIRED,
    // Also when other fields are wrong (an empty form shows every message at
    // once), but not on top of a message about the picture fields themselves.
    // Only field-level issues: a body that is no object at all (null, an
    // array) has an issue without a path, and there is no bike to check.
    when: ({ issues }) =>
      issues.every((issue) => {
        const field = issue.path?.[0];
        return field !== undefined && field !== "imageUrl" && field !== "photos";
      }),
  });
export type BikeInput = z.input<typeof bikeInputSchema>;

/** Edit: any subset of the fields, plus advertising. */
export const bikeUpdateSchema = bikeFieldsSchema
  .partial()
  .extend({ advertised: z.boolean({ error: "advertised must be true or false" }).optional() })
  .refine(resaleWithinRatio, { path: ["resalePrice"], message: RESALE_TOO_HIGH });
export type BikeUpdateInput = z.input<typeof bikeUpdateSchema>;

/** A seller's shown reviews (PRODUCT.md §8): average to one decimal, null with none. */
export interface SellerRating {
  average: number | null;
  count: number;
}

export interface BikeSeller {
  id: string;
  name: string;
  verified: boolean;
  rating: SellerRating;
}

export interface Bike {
  id: string;
  title: string;
  name: string;
  categoryId: string;
  categoryName: string;
  imageUrl: string;
  location: string;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  /** Only for the seller who owns the listing and for admins. */
  phone?: string;
  description: string | null;
  status: BikeStatus;
  advertised: boolean;
  postedAt: string;
  /** The listing details (PRODUCT.md §8); null on listings made before them. */
  mileageKm: number | null;
  modelYear: number | null;
  engineCc: number | null;
  condition: BikeCondition | null;
  papersUpToDate: boolean | null;
  seller: BikeSeller;
  /** Uploaded photos in order, the first is the cover; empty for a pasted link. */
  photos: BikePhoto[];
  /**
   * The fair-price badge (docs/fair-price.md) on lists, search and the bike
   * page; null when there are too few comparables, absent where not computed.
   */
  fairPrice?: FairPrice | null;
  /**
   * An admin took the listing down, and why (PRODUCT.md §8). Only its owner
   * and admins ever see a hidden listing, so only they get this field.
   */
  hidden?: { reason: string; hiddenAt: string };
}

export interface Quote {
  listedPrice: number;
  discountPercent: number;
  finalPrice: number;
  reason: "first-booking" | "first-wishlist-item" | null;
}

/** The caller's own active booking of a bike, at the price it was booked for. */
export interface YourBooking {
  id: string;
  status: "pending" | "accepted";
  listedPrice: number;
  discountPercent: number;
  finalPrice: number;
}

/** A bike in any list, as seen by the caller: on their wishlist, booked by them. */
export interface ListedBike extends Bike {
  wishlisted: boolean;
  yourBookingId: string | null;
}

export interface BikeDetail extends ListedBike {
  quote: Quote;
  /** The caller is the bike's seller: there is nothing for them to pay or save. */
  ownBike: boolean;
  yourBooking: YourBooking | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET /api/me/bikes: the seller's own listings, newest first, a page at a time (24 unless asked). */
export const myBikesQuerySchema = cursorPageQuerySchema({ fallback: 24, max: 50 });

/**
 * A saved bike on the caller's wishlist, when it was saved, and whether it is
 * the first bike they ever saved: the one the 5% promotion belongs to
 * (PRODUCT.md §4), which removing and saving again never moves.
 */
export interface WishlistEntry {
  addedAt: string;
  firstWishlistItem: boolean;
  bike: ListedBike;
}

/** GET /api/me/wishlist: the caller's saved bikes, newest first, a page at a time (24 unless asked). */
export const wishlistQuerySchema = cursorPageQuerySchema({ fallback: 24, max: 50 });
