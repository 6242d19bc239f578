import { z } from "zod";
import { type AccountType, accountTypes } from "./auth";
import { cursorPageQuerySchema } from "./pages";

export type Role = "user" | "admin";

/** A person as the API shows them (PRODUCT.md §3). */
export interface User {
  id: string;
  name: string;
  email: string;
  accountType: AccountType;
  role: Role;
  verified: boolean;
  /** Whether the user proved the address by the mailed link (or Google did); admin rights need it. */
  emailVerified: boolean;
  createdAt: string;
}

/**
 * GET /api/users: the accounts of one type, newest first, a page at a time
 * (50 unless asked); `q` keeps those whose name or e-mail address holds it.
 */
export const userListQuerySchema = cursorPageQuerySchema({ fallback: 50, max: 50 }).extend({
  accountType: z.enum(accountTypes, { error: "accountType must be seller or buyer" }),
  q: z
    .string()
    .trim()
    .max(100, "Search for at most 100 characters")
    .optional()
    .transform((q) => q || undefined),
});

/** PATCH /api/users/:id */
export const sellerVerifySchema = z.object({
  verified: z.boolean({ error: "verified must be true or false" }),
});
