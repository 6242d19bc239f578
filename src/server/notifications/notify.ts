import { randomUUID } from "node:crypto";
import type { Kysely, QueryCreator } from "kysely";
import type { Notification, NotificationKind } from "../../shared/schemas/notifications";
import { compiledOnce } from "../db/compiled-once";
import type { Tables } from "../db/tables";
import { enqueueMail, type Mail, type MailOutboxTable, outboxRow } from "../mail/mail-outbox";
import { actionMail } from "../mail/mail-template";
import { type NotificationTables, withNotificationTables } from "./notification-tables";

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

type NotificationValues = Omit<Notification, "readAt"> & { userId: string };

const notificationRow = (notification: Notification, userId: string): NotificationValues => ({
  id: notification.id,
  kind: notification.kind,
  title: notification.title,
  body: notification.body,
  link: notification.link,
  createdAt: notification.createdAt,
  userId,
});

/** The notification, for its recipient if the account still exists. */
const insertNotificationFor = (db: QueryCreator<NotificationTables>, values: NotificationValues) =>
  db
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
    );

/**
 * The notification, returning where its mail goes (nothing when the user is
 * gone). Built by Kysely once (db/compiled-once.ts): every booking event and
 * message runs it.
 */
const insertNotification = compiledOnce(
  "insertNotification",
  (db: Kysely<Tables>, values: NotificationValues) =>
    insertNotificationFor(withNotificationTables(db), values)
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

const MAIL_COLUMNS = [
  "id",
  "recipient",
  "subject",
  "text",
  "html",
  "attempts",
  "nextAttemptAt",
  "lastError",
  "createdAt",
] as const satisfies readonly (keyof MailOutboxTable)[];

/** A mail's outbox row as values of a statement that also holds the notification's: `mail.<column>`. */
type MailValues = {
  [Column in (typeof MAIL_COLUMNS)[number] as `mail.${Column}`]: MailOutboxTable[Column];
};

const mailValues = (row: MailOutboxTable) =>
  Object.fromEntries(MAIL_COLUMNS.map((column) => [`mail.${column}`, row[column]])) as MailValues;

/** PostgreSQL: the notification and, when `withMail`, its mail, in one statement. */
const insertNotificationAndMail = compiledOnce(
  "insertNotificationAndMail",
  (
    db: Kysely<Tables>,
    values: NotificationValues & (({ withMail: true } & MailValues) | { withMail: false }),
  ) => {
    const tables = withNotificationTables(db);
    if (!values.withMail) return insertNotificationFor(tables, values);
    return tables
      .withTables<{ mailOutbox: MailOutboxTable }>()
      .with("noticed", () => insertNotificationFor(tables, values).returning("userId"))
      .insertInto("mailOutbox")
      .columns(MAIL_COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom("noticed")
          .select(MAIL_COLUMNS.map((column) => eb.val(values[`mail.${column}`]).as(column))),
      );
  },
);

/** Whom a notice goes to, as read from their account (and preferences) by a statement. */
export interface Recipient {
  email: string;
  name: string;
  /** `userPreferences.emailNotifications`: 1 or 0; null when they have no row (the default: on). */
  emailNotifications: number | string | null;
}

/** The notification `input` makes, not yet stored. */
function newNotification(input: NotificationInput, now: Date): Notification {
  return {
    id: randomUUID(),
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link,
    createdAt: now.toISOString(),
    readAt: null,
  };
}

/** The mail `input` sends `recipient`: null when it is in the app only or they turned e-mail off. */
function noticeMail(
  input: NotificationInput,
  recipient: Recipient,
  publicUrl: string,
): Mail | null {
  const wantsMail =
    recipient.emailNotifications === null || Number(recipient.emailNotifications) === 1;
  if (input.email === false || !wantsMail) return null;
  return actionMail({
    to: recipient.email,
    name: recipient.name,
    subject: input.title,
    paragraphs: [input.body],
    action: { label: "Open ReRide", url: `${publicUrl}${input.link}` },
    footer: `You get these mails because e-mail notifications are on. Turn them off in your settings: ${publicUrl}/dashboard/settings`,
  });
}

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
  const notification = newNotification(input, now);
  // The notification is written only for a user who exists, and the same statement reads back
  // whom the mail goes to: one round trip where reading the user first took two.
  const [recipient] = (await insertNotification(db, notificationRow(notification, input.userId)))
    .rows;
  if (!recipient) return null;
  const mail = noticeMail(input, recipient, options.publicUrl);
  if (mail) await enqueueMail(db, mail, now);
  return notification;
}

/**
 * notify() on PostgreSQL for a recipient this transaction has already read:
 * the notification and its mail in one statement (a write in `with`, which
 * SQLite lacks), one round trip where notify() takes two. As there, nothing
 * is written if the account is gone by now.
 */
export async function notifyReadRecipient(
  db: Kysely<Tables>,
  input: NotificationInput,
  recipient: Recipient,
  options: NotifyOptions,
): Promise<void> {
  const now = options.now ?? new Date();
  const notification = newNotification(input, now);
  const mail = noticeMail(input, recipient, options.publicUrl);
  const values = notificationRow(notification, input.userId);
  await insertNotificationAndMail(
    db,
    mail
      ? { ...values, ...mailValues(outboxRow(mail, now)), withMail: true }
      : { ...values, withMail: false },
  );
}
