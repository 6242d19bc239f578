import type { Kysely } from "kysely";
import type { Notification, NotificationKind } from "#src/shared/schemas/notifications";
import { toIso } from "../db/database";
import type { Tables } from "../db/tables";

/** migrations/013-notifications.ts */
export interface NotificationsTable {
  id: string;
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  createdAt: Date | string;
  readAt: Date | string | null;
}

/** A user without a row has the defaults: e-mail on. */
export interface UserPreferencesTable {
  userId: string;
  /** 1 or 0, as every flag of the app's own tables. */
  emailNotifications: number;
}

export type NotificationTables = Tables & {
  notifications: NotificationsTable;
  userPreferences: UserPreferencesTable;
};

export const withNotificationTables = (db: Kysely<Tables>): Kysely<NotificationTables> =>
  db.withTables<{ notifications: NotificationsTable; userPreferences: UserPreferencesTable }>();

/** The columns a notification is answered from, in the list and on the live connection. */
export const NOTIFICATION_COLUMNS = [
  "id",
  "kind",
  "title",
  "body",
  "link",
  "createdAt",
  "readAt",
] as const;

/** A stored notification as the API answers it. */
export function toNotification(
  row: Pick<NotificationsTable, (typeof NOTIFICATION_COLUMNS)[number]>,
): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: toIso(row.createdAt),
    readAt: row.readAt === null ? null : toIso(row.readAt),
  };
}
