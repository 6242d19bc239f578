import {
  reviewPageSchema,
  reviewSchema,
  sellerProfileSchema,
} from "#src/shared/schemas/responses/reviews";
import {
  replyInputSchema,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewRemovalSchema,
} from "#src/shared/schemas/reviews";
import type { Operation } from "../operation";

const tag = "Sellers and reviews";

export const reviewOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/sellers/:id",
    tag,
    summary: "A seller's profile: rating, completed sales, reply time and available bikes",
    access: "signed in",
    responses: { 200: sellerProfileSchema },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/sellers/:id/reviews",
    tag,
    summary: "A seller's reviews with their replies, newest first",
    access: "signed in",
    query: reviewPageQuerySchema,
    responses: { 200: reviewPageSchema },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/bookings/:id/review",
    tag,
    summary: "Review the seller of a completed booking (its buyer, once)",
    access: "signed in",
    body: reviewInputSchema,
    responses: { 201: reviewSchema },
    errors: [403, 404, 409],
  },
  {
    method: "POST",
    path: "/api/reviews/:id/reply",
    tag,
    summary: "Reply to a review (the reviewed seller, once)",
    access: "signed in",
    body: replyInputSchema,
    responses: { 201: reviewSchema },
    errors: [403, 404, 409],
  },
  {
    method: "DELETE",
    path: "/api/reviews/:id",
    tag,
    summary: "Remove an abusive review; who, when and why are recorded",
    access: "admin",
    body: reviewRemovalSchema,
    responses: { 204: null },
    errors: [404],
  },
];
