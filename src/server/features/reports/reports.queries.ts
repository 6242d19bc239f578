import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Report, ReportInput, ReportReason } from "#src/shared/schemas/moderation";
import { recordAdminAction } from "../../admin-log/admin-actions";
import { type AppDb, toBool, toIso } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import type { Tables } from "../../db/tables";
import { AppError } from "../../errors";
import type { TimeCursor } from "../../lib/time-cursor";

/** migrations/020-moderation.ts */
interface ReportsTable {
  id: string;
  bikeId: string;
  reporterId: string;
  reason: string;
  details: string | null;
  status: "open" | "closed";
  resolution: "dismissed" | "hidden" | null;
  closedBy: string | null;
  createdAt: Date | string;
  closedAt: Date | string | null;
}

const reportsOf = (db: Kysely<Tables>) => db.withTables<{ reports: ReportsTable }>();

/**
 * A signed-in user reports a listing that isn't theirs; one open report per
 * reporter and bike (the partial unique index decides, so two at once can't
 * both pass). A hidden listing can't be reported: it is gone for the reporter.
 */
export async function createReport(
  db: AppDb,
  reporterId: string,
  bikeId: string,
  input: { reason: ReportReason; details?: string | undefined },
): Promise<{ id: string }> {
  const bike = await db
    .selectFrom("bikes")
    .select(["sellerId", "hidden"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  if (!bike || Number(bike.hidden) === 1) {
    throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  }
  if (bike.sellerId === reporterId) {
    throw new AppError("FORBIDDEN", "You can't report your own listing.");
  }
  const id = randomUUID();
  try {
    await reportsOf(db)
      .insertInto("reports")
      .values({
        id,
        bikeId,
        reporterId,
        reason: input.reason,
        details: input.details ?? null,
        status: "open",
        resolution: null,
        closedBy: null,
        createdAt: new Date().toISOString(),
        closedAt: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "CONFLICT",
        "You have already reported this listing. An administrator will look at it.",
      );
    }
    throw error;
  }
  return { id };
}

export type { ReportInput };

/**
 * The admins' queue: open reports oldest first (worked in the order they
 * came), closed ones newest first.
 */
export async function listReports(
  db: AppDb,
  status: "open" | "closed",
  limit: number,
  after?: TimeCursor,
): Promise<Report[]> {
  const open = status === "open";
  let query = reportsOf(db)
    .selectFrom("reports")
    .innerJoin("bikes", "bikes.id", "reports.bikeId")
    .innerJoin("users as seller", "seller.id", "bikes.sellerId")
    .innerJoin("users as reporter", "reporter.id", "reports.reporterId")
    .select([
      "reports.id",
      "reports.reason",
      "reports.details",
      "reports.status",
      "reports.resolution",
      "reports.createdAt",
      "reports.closedAt",
      "bikes.id as bikeId",
      "bikes.title as bikeTitle",
      "bikes.hidden as bikeHidden",
      "seller.id as sellerId",
      "seller.name as sellerName",
      "reporter.id as reporterId",
      "reporter.name as reporterName",
    ])
    .where("reports.status", "=", status);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("reports.createdAt", open ? ">" : "<", after.at),
        eb.and([
          eb("reports.createdAt", "=", after.at),
          eb("reports.id", open ? ">" : "<", after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy("reports.createdAt", open ? "asc" : "desc")
    .orderBy("reports.id", open ? "asc" : "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status,
    resolution: row.resolution,
    createdAt: toIso(row.createdAt),
    closedAt: row.closedAt ? toIso(row.closedAt) : null,
    bike: {
      id: row.bikeId,
      title: row.bikeTitle,
      hidden: toBool(row.bikeHidden),
      seller: { id: row.sellerId, name: row.sellerName },
    },
    reporter: { id: row.reporterId, name: row.reporterName },
  }));
}

export async function findReport(db: AppDb, id: string) {
  return reportsOf(db)
    .selectFrom("reports")
    .select(["id", "bikeId", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Closes one open report as dismissed: the listing stays as it is. */
export async function dismissReport(
  trx: AppDb,
  report: { id: string; bikeId: string },
  admin: { id: string; name: string },
) {
  const now = new Date().toISOString();
  const closed = await reportsOf(trx)
    .updateTable("reports")
    .set({ status: "closed", resolution: "dismissed", closedBy: admin.id, closedAt: now })
    .where("id", "=", report.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0) {
    throw new AppError("CONFLICT", "This report was already closed.");
  }
  const bike = await trx
    .selectFrom("bikes")
    .select("title")
    .where("id", "=", report.bikeId)
    .executeTakeFirst();
  await recordAdminAction(trx, {
    admin,
    action: "dismiss_report",
    target: { type: "report", id: report.id, label: bike?.title ?? report.bikeId },
  });
}
