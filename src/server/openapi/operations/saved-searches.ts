import {
  savedSearchListSchema,
  savedSearchSchema,
} from "#src/shared/schemas/responses/saved-searches";
import { savedSearchInputSchema } from "#src/shared/schemas/saved-searches";
import type { Operation } from "../operation";

export const savedSearchOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/me/saved-searches",
    tag: "Saved searches",
    summary: "The caller's saved searches, newest first",
    access: "signed in",
    responses: { 200: savedSearchListSchema },
  },
  {
    method: "POST",
    path: "/api/me/saved-searches",
    tag: "Saved searches",
    summary: "Save the search page's filters; a matching bike listed or available again notifies",
    description:
      "`query` is validated as GET /api/bikes validates its query (field errors as `query.<field>`). At most 20 per user: one more is 409.",
    access: "signed in",
    body: savedSearchInputSchema,
    responses: { 201: savedSearchSchema },
    errors: [409],
  },
  {
    method: "DELETE",
    path: "/api/me/saved-searches/:id",
    tag: "Saved searches",
    summary: "Delete one of the caller's saved searches (anyone else's: 404)",
    access: "signed in",
    responses: { 204: null },
    errors: [404],
  },
];
