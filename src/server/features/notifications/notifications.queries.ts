import type { AppDb } from "../../db/database";
import { decodeTimeCursor, newestFirst, pageOf } from "../../lib/time-cursor";
import {
  NOTIFICATION_COLUMNS,
  toNotification,
  withNotificationTables,
} from "../../notifications/notification-tables";

/**
 * One user's notifications, newest first, a page at a time. Keyset on
 * (createdAt, id), so a notification arriving while the user pages never
 * shifts a page under them.
 */
export async function listNotifications(
  db: AppDb,
  userId: string,
  page: { cursor?: string | undefined; limit: number },
) {
  const after = decodeTimeCursor(page.cursor);
  const theirs = withNotificationTables(db)
    .selectFrom("notifications")
    .select(NOTIFICATION_COLUMNS)
    .where("userId", "=", userId);
  const rows = await newestFirst(
    theirs,
    { time: "createdAt", id: "id" },
    after,
    page.limit,
  ).execute();
  const items = rows.map(toNotification);
  return pageOf(items, page.limit, (last) => ({ at: last.createdAt, id: last.id }));
}

/** Marks the user's own unread notifications read: the given ones, or all. Others' ids match nothing. */
export async function markNotificationsRead(
  db: AppDb,
  userId: string,
  ids: string[] | undefined,
  now = new Date(),
) {
  if (ids && ids.length === 0) return;
  let update = withNotificationTables(db)
    .updateTable("notifications")
    .set({ readAt: now.toISOString() })
    .where("userId", "=", userId)
    .where("readAt", "is", null);
  if (ids) update = update.where("id", "in", ids);
  await update.execute();
}

/** A user without a preferences row has the defaults: e-mail on. */
export async function findPreferences(db: AppDb, userId: string) {
  const row = await withNotificationTables(db)
    .selectFrom("userPreferences")
    .select("emailNotifications")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return { emailNotifications: row ? Number(row.emailNotifications) === 1 : true };
}

export async function savePreferences(
  db: AppDb,
  userId: string,
  preferences: { emailNotifications: boolean },
) {
  const emailNotifications = preferences.emailNotifications ? 1 : 0;
  await withNotificationTables(db)
    .insertInto("userPreferences")
    .values({ userId, emailNotifications })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ emailNotifications }))
    .execute();
  return { emailNotifications: preferences.emailNotifications };
}
