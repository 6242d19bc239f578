import {
  reportActionSchema,
  reportInputSchema,
  reportStatusSchema,
} from "#src/shared/schemas/moderation";
import {
  adminActionPageSchema,
  reportCreatedSchema,
  reportPageSchema,
} from "#src/shared/schemas/responses/moderation";
import type { Operation } from "../operation";

export const moderationOperations: Operation[] = [
  {
    method: "POST",
    path: "/api/bikes/:id/reports",
    tag: "Listings",
    summary: "Report a listing that isn't one's own",
    description:
      "One open report per user and bike: a second while the first is open is 409. A hidden listing can't be reported (404).",
    access: "signed in",
    body: reportInputSchema,
    responses: { 201: reportCreatedSchema },
    errors: [404, 409],
  },
  {
    method: "GET",
    path: "/api/reports",
    tag: "Administration",
    summary: "The reports queue: open ones oldest first, closed ones newest first",
    access: "admin",
    query: reportStatusSchema,
    responses: { 200: reportPageSchema },
  },
  {
    method: "PATCH",
    path: "/api/reports/:id",
    tag: "Administration",
    summary: "Dismiss a report, or hide its listing (closing every open report of it)",
    access: "admin",
    body: reportActionSchema,
    responses: { 204: null },
    errors: [404, 409],
  },
  {
    method: "GET",
    path: "/api/admin/actions",
    tag: "Administration",
    summary: "What administrators did: who, what, when and why, newest first",
    access: "admin",
    responses: { 200: adminActionPageSchema },
  },
];
