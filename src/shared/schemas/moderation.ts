import { z } from "zod";
import { isPlainText, lineOf } from "./text";

export const reportReasons = [
  "scam",
  "wrong_details",
  "already_sold",
  "offensive",
  "other",
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** How each reason reads in the report dialog and the admin's queue. */
export const reportReasonLabels: Record<ReportReason, string> = {
  scam: "Looks like a scam",
  wrong_details: "Wrong details",
  already_sold: "Already sold",
  offensive: "Offensive",
  other: "Something else",
};

export const DETAILS_MAX = 1000;
export const HIDE_REASON_MAX = 500;

export const reportInputSchema = z.object({
  reason: z.enum(reportReasons, { error: "Choose why you report this listing" }),
  details: z
    .string({ error: "Details must be text" })
    .trim()
    .max(DETAILS_MAX, `Details must be at most ${DETAILS_MAX} characters`)
    .refine((value) => isPlainText(value, "text"), "Details contain characters that can't be typed")
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("dismiss") }),
    z.object({
      action: z.literal("hide_listing"),
      /** Shown to the listing's owner. */
      reason: lineOf("Reason", HIDE_REASON_MAX),
    }),
  ],
  { error: "action must be dismiss or hide_listing" },
);
export type ReportAction = z.input<typeof reportActionSchema>;

export const reportStatusSchema = z.object({
  status: z.enum(["open", "closed"], { error: "status must be open or closed" }).default("open"),
  cursor: z.string().max(200).optional(),
});

/** PATCH /api/bikes/:id by an admin: take a listing down (with the reason its owner sees) or put it back. */
export const bikeVisibilitySchema = z.discriminatedUnion(
  "hidden",
  [
    // Strict: hiding is its own change, never mixed with an edit of the listing.
    z.strictObject({ hidden: z.literal(true), reason: lineOf("Reason", HIDE_REASON_MAX) }),
    z.strictObject({ hidden: z.literal(false) }),
  ],
  { error: "hidden must be true (with a reason) or false" },
);

export interface Report {
  id: string;
  reason: ReportReason;
  details: string | null;
  status: "open" | "closed";
  resolution: "dismissed" | "hidden" | null;
  createdAt: string;
  closedAt: string | null;
  bike: { id: string; title: string; hidden: boolean; seller: { id: string; name: string } };
  reporter: { id: string; name: string };
}

export const adminActionKinds = [
  "verify_seller",
  "unverify_seller",
  "delete_account",
  "delete_listing",
  "hide_listing",
  "unhide_listing",
  "dismiss_report",
  "remove_review",
] as const;
export type AdminActionKind = (typeof adminActionKinds)[number];

export interface AdminAction {
  id: string;
  admin: { id: string; name: string };
  action: AdminActionKind;
  target: { type: "user" | "bike" | "report" | "review"; id: string; label: string };
  reason: string | null;
  createdAt: string;
}
