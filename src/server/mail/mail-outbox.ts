import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { compiledOnce } from "../db/compiled-once";
import type { Dialect } from "../db/database";
import type { Tables } from "../db/tables";

/** One mail: its one action is a link, given in both bodies. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** migrations/012-mail-outbox.ts; kept out of db/tables.ts because only the mail reads it. */
// A type, not an interface: a row is also a statement's values (db/compiled-once.ts).
export type MailOutboxTable = {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: string;
};

export type QueuedMail = Mail & { id: string; attempts: number; createdAt: string };

const outboxOf = (db: Kysely<Tables>) => db.withTables<{ mailOutbox: MailOutboxTable }>();

/** The outbox row that queues `mail`, due at once. */
export function outboxRow(mail: Mail, now: Date): MailOutboxTable {
  return {
    id: randomUUID(),
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attempts: 0,
    nextAttemptAt: now.getTime(),
    lastError: null,
    createdAt: now.toISOString(),
  };
}

// Built by Kysely once (db/compiled-once.ts): every notification that mails runs it.
const insertMail = compiledOnce("insertMail", (db: Kysely<Tables>, row: MailOutboxTable) =>
  outboxOf(db).insertInto("mailOutbox").values(row),
);

/**
 * Queues a mail. Pass the transaction that makes whatever the mail is about,
 * so both are kept or neither; the worker (mail-worker.ts) sends it later.
 */
export async function enqueueMail(db: Kysely<Tables>, mail: Mail, now = new Date()) {
  const row = outboxRow(mail, now);
  await insertMail(db, row);
  return row.id;
}

/**
 * Takes up to `limit` due mails, oldest due first, for one attempt each, in
 * one statement: none is due again until `leaseMs` has passed, so no other
 * process sends it meanwhile, and a process that dies mid-attempt only
 * delays it. Two processes claiming at once never get the same mail: the
 * update re-checks each row's due time as it writes it (on PostgreSQL after
 * the other's claim has committed), so a row the other took is passed over.
 * On PostgreSQL the batch's rows are also chosen `for update skip locked`: a
 * row another process is claiming right now is left to it rather than waited
 * for, so two claims of overlapping batches can't wait on each other (a
 * deadlock PostgreSQL would break after a second, as an error).
 */
export async function claimDueMails(
  db: Kysely<Tables>,
  dialect: Dialect,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<QueuedMail[]> {
  const rows = await outboxOf(db)
    .updateTable("mailOutbox")
    .set((eb) => ({ nextAttemptAt: now + leaseMs, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("mailOutbox")
        .select("id")
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .limit(limit)
        .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked()),
    )
    .where("nextAttemptAt", "<=", now)
    .returning(["id", "recipient", "subject", "text", "html", "attempts", "createdAt"])
    .execute();
  const mails = rows.map(({ recipient, ...rest }) => ({
    ...rest,
    to: recipient,
    attempts: Number(rest.attempts),
    // PostgreSQL gives a Date, SQLite the ISO text it stored: ISO text either way.
    createdAt: new Date(rest.createdAt).toISOString(),
  }));
  // `returning` keeps no order: send the oldest first (ISO text sorts as time does).
  return mails.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The SMTP server took them: they leave the outbox. */
export async function markMailsSent(db: Kysely<Tables>, ids: readonly string[]) {
  if (ids.length === 0) return;
  await outboxOf(db).deleteFrom("mailOutbox").where("id", "in", ids).execute();
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
