import { Hono } from "hono";
import { sellerVerifySchema, userListQuerySchema } from "#src/shared/schemas/users";
import { recordAdminAction } from "../../admin-log/admin-actions";
import type { AppBindings } from "../../context";
import { toBool, toIso } from "../../db/database";
import { AppError } from "../../errors";
import { decodeTimeCursor, pageOf } from "../../lib/time-cursor";
import { readJson, readQuery } from "../../lib/validate";
import { requireAdmin, signedInUser } from "../../middleware/session";
import { roleOf } from "../../session-user";
import {
  accountsPage,
  deleteUserAccount,
  findUserEmailAndType,
  setSellerVerified,
} from "./users.queries";

/** /api/users: account management, administrators only. */
export const usersRoutes = new Hono<AppBindings>();

usersRoutes.use("*", requireAdmin);

/** A page of accounts of one type, newest first (docs/api.md). */
usersRoutes.get("/", async (c) => {
  const { db, env } = c.get("deps");
  const { accountType, cursor, limit, q } = readQuery(c, userListQuerySchema);
  const rows = await accountsPage(db, accountType, decodeTimeCursor(cursor), limit, q).execute();
  const users = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    accountType: row.accountType,
    role: roleOf(row, { env }),
    verified: toBool(row.verified),
    emailVerified: toBool(row.emailVerified),
    createdAt: toIso(row.createdAt),
  }));
  return c.json(pageOf(users, limit, (last) => ({ at: last.createdAt, id: last.id })));
});

usersRoutes.patch("/:id", async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const { verified } = await readJson(c, sellerVerifySchema);
  const target = await findUserEmailAndType(db, c.req.param("id"));
  if (!target) throw new AppError("NOT_FOUND", "There is no such account.");
  if (target.accountType !== "seller") {
    throw new AppError("CONFLICT", "Only seller accounts can be verified.");
  }
  await setSellerVerified(db, dialect, target.id, verified, {
    publicUrl: env.publicUrl,
    alongside: (trx) =>
      recordAdminAction(trx, {
        admin: signedInUser(c),
        action: verified ? "verify_seller" : "unverify_seller",
        target: { type: "user", id: target.id, label: `${target.name} <${target.email}>` },
      }),
  });
  outbox.notify();
  return c.json({ id: target.id, verified });
});

usersRoutes.delete("/:id", async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const target = await findUserEmailAndType(db, c.req.param("id"));
  if (!target) throw new AppError("NOT_FOUND", "There is no such account.");
  // Only a real administrator is protected: an unproven account holding a listed address is not one.
  if (roleOf(target, { env }) === "admin") {
    throw new AppError(
      "FORBIDDEN",
      "Administrators are named in ADMIN_EMAILS and can't be deleted here.",
    );
  }
  await deleteUserAccount(db, dialect, target.id, {
    publicUrl: env.publicUrl,
    alongside: (trx) =>
      recordAdminAction(trx, {
        admin: signedInUser(c),
        action: "delete_account",
        target: { type: "user", id: target.id, label: `${target.name} <${target.email}>` },
      }),
  });
  outbox.notify();
  return c.body(null, 204);
});
