import { z } from "zod";
import { type NotificationPage, notificationKinds, type Preferences } from "../notifications";
import type { SameType } from "./same-type";

/** Response schemas of notifications and preferences. */

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(notificationKinds),
    title: z.string(),
    body: z.string().describe("Plain text; never rendered as markup."),
    link: z.string().describe("A path inside the app, e.g. `/dashboard/myBooking`."),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable().describe("Null while unread."),
  })
  .meta({ id: "Notification" });

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next, older page."),
});
true satisfies SameType<z.infer<typeof notificationPageSchema>, NotificationPage>;

export const preferencesAnswerSchema = z.object({
  emailNotifications: z.boolean().describe("Off: notifications still come, mails don't."),
});
true satisfies SameType<z.infer<typeof preferencesAnswerSchema>, Preferences>;
