import { sellerVerifiedSchema, userListSchema } from "#src/shared/schemas/responses/accounts";
import { sellerVerifySchema, userListQuerySchema } from "#src/shared/schemas/users";
import type { Operation } from "../operation";

const tag = "Administration";

export const administrationOperations: Operation[] = [
  {
    method: "GET",
    path: "/api/users",
    tag,
    summary: "Accounts of one type, newest first, a page at a time",
    access: "admin",
    query: userListQuerySchema,
    responses: { 200: userListSchema },
  },
  {
    method: "PATCH",
    path: "/api/users/:id",
    tag,
    summary: "Verify a seller (or take it back)",
    access: "admin",
    body: sellerVerifySchema,
    responses: { 200: sellerVerifiedSchema },
    errors: [404, 409],
  },
  {
    method: "DELETE",
    path: "/api/users/:id",
    tag,
    summary: "Delete an account: its sessions end, its listings and wishlist go",
    access: "admin",
    responses: { 204: null },
    errors: [404],
  },
];
