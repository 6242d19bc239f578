import { z } from "zod";
import { cursorPageQuerySchema } from "./pages";

/** What a notification is about (PRODUCT.md §8); each also goes by e-mail unless turned off. */
export const notificationKinds = [
  "booking_made",
  "booking_accepted",
  "booking_declined",
  "booking_completed",
  "booking_cancelled",
  "booking_expired",
  "message",
  "saved_search_match",
  "review_received",
  "listing_hidden",
  "account_verified",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export interface Notification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app, e.g. `/dashboard/my-bookings`. */
  link: string;
  createdAt: string;
  readAt: string | null;
}

export const preferencesSchema = z.object({
  emailNotifications: z.boolean({ error: "emailNotifications must be true or false" }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET /api/me/notifications */
export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}

export const notificationListQuerySchema = cursorPageQuerySchema({ fallback: 20, max: 50 });

/** POST /api/me/notifications/read: the given ones, or every one when `ids` is absent. */
export const markReadSchema = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: "ids must be a list of notification ids" })
    .max(200, "Mark at most 200 notifications at once")
    .optional(),
});
export type MarkReadInput = z.infer<typeof markReadSchema>;
