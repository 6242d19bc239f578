import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Tables } from "../db/tables";

/** One mail: its one action is a link, given in both bodies. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** migrations/012-mail-outbox.ts; kept out of db/tables.ts because only this feature reads it. */
interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: string;
}

export type QueuedMail = Mail & { id: string; attempts: number; createdAt: string };

const outboxOf = (db: Kysely<Tables>) => db.withTables<{ mailOutbox: MailOutboxTable }>();

/**
 * Queues a mail. Pass the transaction that makes whatever the mail is about,
 * so both are kept or neither; the worker (mail-worker.ts) sends it later.
 */
export async function enqueueMail(db: Kysely<Tables>, mail: Mail, now = new Date()) {
  const id = randomUUID();
  await outboxOf(db)
    .insertInto("mailOutbox")
    .values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attempts: 0,
      nextAttemptAt: now.getTime(),
      lastError: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return id;
}

/** Mails due at `now`, oldest due first. */
export async function dueMailIds(db: Kysely<Tables>, now: number, limit: number) {
  const rows = await outboxOf(db)
    .selectFrom("mailOutbox")
    .select("id")
    .where("nextAttemptAt", "<=", now)
    .orderBy("nextAttemptAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a due mail for one attempt: it is not due again until `leaseMs` has
 * passed, so no other process sends it meanwhile, and a process that dies
 * mid-attempt only delays it. Null when another process took it first.
 */
export async function claimMail(
  db: Kysely<Tables>,
  id: string,
  now: number,
  leaseMs: number,
): Promise<QueuedMail | null> {
  const row = await outboxOf(db)
    .updateTable("mailOutbox")
    .set((eb) => ({ nextAttemptAt: now + leaseMs, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("nextAttemptAt", "<=", now)
    .returning(["id", "recipient", "subject", "text", "html", "attempts", "createdAt"])
    .executeTakeFirst();
  if (!row) return null;
  const { recipient, ...rest } = row;
  return {
    ...rest,
    to: recipient,
    attempts: Number(row.attempts),
    createdAt: String(row.createdAt),
  };
}

/** The SMTP server took it: it leaves the outbox. */
export async function markMailSent(db: Kysely<Tables>, id: string) {
  await outboxOf(db).deleteFrom("mailOutbox").where("id", "=", id).execute();
}

/** The attempt failed: due again after `retryInMs`. */
export async function markMailFailed(
  db: Kysely<Tables>,
  id: string,
  retryAt: number,
  error: string,
) {
  await outboxOf(db)
    .updateTable("mailOutbox")
    .set({ nextAttemptAt: retryAt, lastError: error.slice(0, 1000) })
    .where("id", "=", id)
    .execute();
}

/**
 * The outbox as the rest of the app sees it: `enqueue` for a mail of its
 * own, `notify` after a transaction that queued one commits, so this
 * process's worker sends it at once instead of at its next look.
 */
export interface Outbox {
  enqueue(mail: Mail): Promise<void>;
  notify(): void;
  onQueued(listener: () => void): void;
}

export function createOutbox(db: Kysely<Tables>): Outbox {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    async enqueue(mail) {
      await enqueueMail(db, mail);
      notify();
    },
    notify,
    onQueued: (listener) => listeners.add(listener),
  };
}
