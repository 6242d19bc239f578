import { z } from "zod";
import { type AdminAction, adminActionKinds, type Report, reportReasons } from "../moderation";
import type { SameType } from "./same-type";

/** Response schemas of reports and the admin log. */

export const reportCreatedSchema = z.object({ id: z.string() });

export const reportSchema = z
  .object({
    id: z.string(),
    reason: z.enum(reportReasons),
    details: z.string().nullable(),
    status: z.enum(["open", "closed"]),
    resolution: z.enum(["dismissed", "hidden"]).nullable(),
    createdAt: z.iso.datetime(),
    closedAt: z.iso.datetime().nullable(),
    bike: z.object({
      id: z.string(),
      title: z.string(),
      hidden: z.boolean(),
      seller: z.object({ id: z.string(), name: z.string() }),
    }),
    reporter: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: "Report" });
true satisfies SameType<z.infer<typeof reportSchema>, Report>;

export const reportPageSchema = z.object({
  items: z.array(reportSchema),
  nextCursor: z.string().nullable(),
});

export const adminActionSchema = z
  .object({
    id: z.string(),
    admin: z.object({ id: z.string(), name: z.string() }),
    action: z.enum(adminActionKinds),
    target: z.object({
      type: z.enum(["user", "bike", "report", "review"]),
      id: z.string(),
      label: z.string(),
    }),
    reason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminAction" });
true satisfies SameType<z.infer<typeof adminActionSchema>, AdminAction>;

export const adminActionPageSchema = z.object({
  items: z.array(adminActionSchema),
  nextCursor: z.string().nullable(),
});
