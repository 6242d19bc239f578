import { Hono } from "hono";
import {
  reportActionSchema,
  reportInputSchema,
  reportStatusSchema,
} from "#src/shared/schemas/moderation";
import { listAdminActions } from "../../admin-log/admin-actions";
import type { AppBindings } from "../../context";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { decodeTimeCursor, pageOf } from "../../lib/time-cursor";
import { readJson, readQuery } from "../../lib/validate";
import { requireAdmin, requireUser, signedInUser } from "../../middleware/session";
import { hideListing } from "../../moderation/listing-visibility";
import { createReport, dismissReport, findReport, listReports } from "./reports.queries";

const PAGE = 50;

/** /api/bikes/:id/reports: 'Report this listing'. */
export const bikeReportsRoutes = new Hono<AppBindings>();

bikeReportsRoutes.post("/:id/reports", requireUser, async (c) => {
  const { db } = c.get("deps");
  const input = await readJson(c, reportInputSchema);
  const report = await createReport(db, signedInUser(c).id, c.req.param("id"), input);
  return c.json(report, 201);
});

/** /api/reports: the administrators' queue. */
export const reportsRoutes = new Hono<AppBindings>();

reportsRoutes.use("*", requireAdmin);

reportsRoutes.get("/", async (c) => {
  const { db } = c.get("deps");
  const { status, cursor } = readQuery(c, reportStatusSchema);
  // One more than a page: a next page is offered only when there is one.
  const rows = await listReports(db, status, PAGE + 1, decodeTimeCursor(cursor));
  return c.json(pageOf(rows, PAGE, (last) => ({ at: last.createdAt, id: last.id })));
});

reportsRoutes.patch("/:id", async (c) => {
  const { db, env, outbox } = c.get("deps");
  const admin = signedInUser(c);
  const change = await readJson(c, reportActionSchema);
  const report = await findReport(db, c.req.param("id"));
  if (!report) throw new AppError("NOT_FOUND", "There is no such report.");
  if (report.status !== "open") throw new AppError("CONFLICT", "This report was already closed.");
  await inTransaction(db, (trx) =>
    change.action === "dismiss"
      ? dismissReport(trx, report, admin)
      : hideListing(trx, report.bikeId, change.reason, { admin, publicUrl: env.publicUrl }),
  );
  outbox.notify();
  return c.body(null, 204);
});

/** /api/admin/actions: what administrators did, newest first. */
export const adminActionsRoutes = new Hono<AppBindings>();

adminActionsRoutes.get("/", requireAdmin, async (c) => {
  const { db } = c.get("deps");
  const rows = await listAdminActions(db, PAGE, decodeTimeCursor(c.req.query("cursor")));
  return c.json(pageOf(rows, PAGE, (last) => ({ at: last.createdAt, id: last.id })));
});
