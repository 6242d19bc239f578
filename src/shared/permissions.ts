import type { User } from "./schemas/users";

/**
 * Pure policy functions. The server enforces them; the client only uses them
 * to decide which menu entries and buttons to show.
 */
export function isAdmin(user: Pick<User, "role"> | null | undefined): boolean {
  return user?.role === "admin";
}

export function isSeller(user: Pick<User, "accountType"> | null | undefined): boolean {
  return user?.accountType === "seller";
}
