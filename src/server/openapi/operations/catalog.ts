import { z } from "zod";
import { bikeInputSchema, bikeUpdateSchema, myBikesQuerySchema } from "#src/shared/schemas/bikes";
import { bikeVisibilitySchema } from "#src/shared/schemas/moderation";
import {
  bikeDetailSchema,
  bikeListSchema,
  bikePageSchema,
  bikeSchema,
  categoryBikesSchema,
  categorySchema,
  searchResultsSchema,
} from "#src/shared/schemas/responses/catalog";
import { categoryBikesQuerySchema, searchQuerySchema } from "#src/shared/schemas/search";
import type { Operation } from "../operation";

export const catalogOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/categories",
    tag: "Catalog",
    summary: "The three categories with their count of available bikes",
    access: "anyone",
    responses: { 200: z.array(categorySchema) },
  },
  {
    method: "GET",
    path: "/api/bikes/advertised",
    tag: "Catalog",
    summary: "Advertised bikes that are available, newest first",
    access: "anyone",
    responses: { 200: bikeListSchema },
  },
  {
    method: "GET",
    path: "/api/bikes",
    tag: "Catalog",
    summary: "Search the bikes that can still be booked",
    description: "An empty value (`minPrice=`) means no filter. `total` is counted up to 1,000.",
    access: "signed in",
    query: searchQuerySchema,
    responses: { 200: searchResultsSchema },
  },
  {
    method: "GET",
    path: "/api/categories/:id/bikes",
    tag: "Catalog",
    summary: "Bikes of one category, of every status, newest first by default",
    access: "signed in",
    query: categoryBikesQuerySchema,
    responses: { 200: categoryBikesSchema },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/bikes/:id",
    tag: "Catalog",
    summary: "One bike, with the price this caller would pay now",
    access: "signed in",
    responses: { 200: bikeDetailSchema },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/bikes",
    tag: "Listings",
    summary: "List a bike for sale",
    description: "The picture is either `photos` (upload ids, cover first) or `imageUrl`.",
    access: "seller",
    body: bikeInputSchema,
    responses: { 201: bikeSchema },
  },
  {
    method: "PATCH",
    path: "/api/bikes/:id",
    tag: "Listings",
    summary: "Edit one's own bike, or advertise it; admins hide or show it",
    description:
      "The bike's seller edits its fields. An admin sends `{hidden: true, reason}` to take the listing down (its owner sees the reason; everyone else gets 404 for it) or `{hidden: false}` to show it again; that body takes no other field.",
    access: "signed in",
    body: z.union([bikeUpdateSchema, bikeVisibilitySchema]),
    responses: { 200: bikeSchema },
    errors: [404, 409],
  },
  {
    method: "DELETE",
    path: "/api/bikes/:id",
    tag: "Listings",
    summary: "Delete a bike (its seller, or an admin); its active booking is cancelled",
    access: "signed in",
    responses: { 204: null },
    errors: [403, 404],
  },
  {
    method: "GET",
    path: "/api/me/bikes",
    tag: "Listings",
    summary: "The caller's own bikes in any status, newest first, a page at a time",
    access: "seller",
    query: myBikesQuerySchema,
    responses: { 200: bikePageSchema },
  },
];
