import type { AccountType } from "./auth";

export type Role = "user" | "admin";

/** A person as the API shows them (PRODUCT.md §3). */
export interface User {
  id: string;
  name: string;
  email: string;
  accountType: AccountType;
  role: Role;
  verified: boolean;
  createdAt: string;
}
