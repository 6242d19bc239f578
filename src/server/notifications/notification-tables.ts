import type { Kysely } from "kysely";
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
