import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Notification, NotificationKind } from "../../shared/schemas/notifications";
import { compiledOnce } from "../db/compiled-once";
import type { Tables } from "../db/tables";
import { enqueueMail } from "../mail/mail-outbox";
import { actionMail } from "../mail/mail-template";
import { withNotificationTables } from "./notification-tables";

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app; the mail links to it on PUBLIC_URL. */
  link: string;
  /**
   * false: in the app only, whatever the user's preference (e.g. a message
   * while an earlier one's mail is still unread, PRODUCT.md §8).
   */
  email?: boolean;
}

export interface NotifyOptions {
  /** PUBLIC_URL, for the mail's link. */
  publicUrl: string;
  now?: Date;
}

/**
 * The notification, for its recipient if the account still exists; returns
 * where its mail goes. Built by Kysely once (db/compiled-once.ts): every
 * booking event and message runs it.
 */
const insertNotification = compiledOnce(
  "insertNotification",
  (db: Kysely<Tables>, values: Omit<Notification, "readAt"> & { userId: string }) =>
    withNotificationTables(db)
      .insertInto("notifications")
      .columns(["id", "kind", "title", "body", "link", "createdAt", "userId"])
      .expression((eb) =>
        eb
          .selectFrom("users")
          .select([
            eb.val(values.id).as("id"),
            eb.val(values.kind).as("kind"),
            eb.val(values.title).as("title"),
            eb.val(values.body).as("body"),
            eb.val(values.link).as("link"),
            eb.val(values.createdAt).as("createdAt"),
            "users.id as userId",
          ])
          .where("users.id", "=", values.userId),
      )
      .returning((eb) => {
        const recipientRow = eb
          .selectFrom("users")
          .whereRef("users.id", "=", "notifications.userId");
        return [
          recipientRow.select("users.email").as("email"),
          recipientRow.select("users.name").as("name"),
          eb
            .selectFrom("userPreferences")
            .select("userPreferences.emailNotifications")
            .whereRef("userPreferences.userId", "=", "notifications.userId")
            .as("emailNotifications"),
        ];
      })
      // Read in the statement that found the user: both are there.
      .$narrowType<{ email: string; name: string }>(),
);

/**
 * Tells a user something happened: a notification in the app and, unless
 * they turned e-mail off, a mail with the same words and link. Pass the
 * transaction that makes the event, so the event, its notification and its
 * mail are kept together or not at all; after it commits, call
 * `deps.outbox.notify()` so this process sends the mail at once.
 * Null when the user no longer exists.
 */
export async function notify(
  db: Kysely<Tables>,
  input: NotificationInput,
  options: NotifyOptions,
): Promise<Notification | null> {
  const now = options.now ?? new Date();
  const notification: Notification = {
    id: randomUUID(),
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link,
    createdAt: now.toISOString(),
    readAt: null,
  };
  // The notification is written only for a user who exists, and the same statement reads back
  // whom the mail goes to: one round trip where reading the user first took two.
  const [recipient] = (
    await insertNotification(db, {
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      link: notification.link,
      createdAt: notification.createdAt,
      userId: input.userId,
    })
  ).rows;
  if (!recipient) return null;

  const wantsMail =
    recipient.emailNotifications === null || Number(recipient.emailNotifications) === 1;
  if (input.email !== false && wantsMail) {
    await enqueueMail(
      db,
      actionMail({
        to: recipient.email,
        name: recipient.name,
        subject: input.title,
        paragraphs: [input.body],
        action: { label: "Open ReRide", url: `${options.publicUrl}${input.link}` },
        footer: `You get these mails because e-mail notifications are on. Turn them off in your settings: ${options.publicUrl}/dashboard/settings`,
      }),
      now,
    );
  }
  return notification;
}
