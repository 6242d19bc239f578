import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminAction, AdminActionKind } from "../../shared/schemas/moderation";
import { type AppDb, toIso } from "../db/database";
import type { Tables } from "../db/tables";
import { newestFirst, type TimeCursor } from "../lib/time-cursor";

/** migrations/020-moderation.ts: names are copied so the record outlives what it names. */
interface AdminActionsTable {
  id: string;
  adminId: string;
  adminName: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  reason: string | null;
  createdAt: Date | string;
}

const actionsOf = (db: Kysely<Tables>) => db.withTables<{ adminActions: AdminActionsTable }>();

export interface AdminActionInput {
  admin: { id: string; name: string };
  action: AdminActionKind;
  target: AdminAction["target"];
  reason?: string | null;
}

/**
 * Records what an administrator did. Pass the transaction that does it, so
 * the action and its record are kept together or not at all.
 */
export async function recordAdminAction(
  db: Kysely<Tables>,
  input: AdminActionInput,
  now = new Date(),
) {
  await actionsOf(db)
    .insertInto("adminActions")
    .values({
      id: randomUUID(),
      adminId: input.admin.id,
      adminName: input.admin.name,
      action: input.action,
      targetType: input.target.type,
      targetId: input.target.id,
      targetLabel: input.target.label.slice(0, 200),
      reason: input.reason ?? null,
      createdAt: now.toISOString(),
    })
    .execute();
}

/**
 * Newest first, one more than `limit` (for `pageOf`); `before` is the
 * (createdAt, id) of the last row of the previous page.
 */
export async function listAdminActions(
  db: AppDb,
  limit: number,
  before?: TimeCursor,
): Promise<AdminAction[]> {
  const logged = actionsOf(db).selectFrom("adminActions").selectAll();
  const rows = await newestFirst(logged, { time: "createdAt", id: "id" }, before, limit).execute();
  return rows.map((row) => ({
    id: row.id,
    admin: { id: row.adminId, name: row.adminName },
    action: row.action as AdminActionKind,
    target: {
      type: row.targetType as AdminAction["target"]["type"],
      id: row.targetId,
      label: row.targetLabel,
    },
    reason: row.reason,
    createdAt: toIso(row.createdAt),
  }));
}
