import type { AccountType } from "#src/shared/schemas/auth";
import type { User } from "#src/shared/schemas/users";
import { toBool, toIso } from "./db/database";
import type { Env } from "./env";

/** better-auth's user as the session gives it, before the app makes it a User. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  accountType?: string | null;
  verified?: boolean | number | null;
}

/** Admin is decided here, from configuration, on every request: never stored, never sent by a client. */
export function toUser(user: SessionUser, deps: { env: Pick<Env, "adminEmails"> }): User {
  const email = user.email.toLowerCase();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accountType: (user.accountType === "seller" ? "seller" : "buyer") satisfies AccountType,
    role: deps.env.adminEmails.includes(email) ? "admin" : "user",
    verified: toBool(user.verified ?? false),
    createdAt: toIso(user.createdAt),
  };
}
