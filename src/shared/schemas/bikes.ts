import { z } from "zod";

export const bikeStatuses = ["available", "booked", "sold"] as const;
export type BikeStatus = (typeof bikeStatuses)[number];

export const MAX_PRICE = 10_000_000;
export const MAX_YEARS_OF_USE = 60;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const price = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be more than 0`)
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE.toLocaleString("en")}`);

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
    {
      message: "Enter an image link starting with http:// or https://",
    },
  );

/** Add product: the same rules in the form and on the server (PRODUCT.md §4). */
export const bikeInputSchema = z.object({
  title: requiredText("Title", 120),
  name: requiredText("Bike name", 80),
  categoryId: z.string({ error: "Select category" }).trim().min(1, "Select category").max(64),
  imageUrl: imageUrlSchema,
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
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type BikeInput = z.input<typeof bikeInputSchema>;

/** Edit: any subset of the fields, plus advertising. */
export const bikeUpdateSchema = bikeInputSchema
  .partial()
  .extend({ advertised: z.boolean({ error: "advertised must be true or false" }).optional() });
export type BikeUpdateInput = z.input<typeof bikeUpdateSchema>;

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export interface BikeSeller {
  id: string;
  name: string;
  verified: boolean;
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
  seller: BikeSeller;
}

export interface Quote {
  listedPrice: number;
  discountPercent: number;
  finalPrice: number;
  reason: "first-booking" | "first-wishlist-item" | null;
}

export interface BikeDetail extends Bike {
  quote: Quote;
  wishlisted: boolean;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
