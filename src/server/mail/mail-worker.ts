import type { Kysely } from "kysely";
import type { Dialect } from "../db/database";
import type { Tables } from "../db/tables";
import type { Logger } from "../logger";
import {
  claimDueMails,
  markMailFailed,
  markMailsSent,
  type Outbox,
  type QueuedMail,
} from "./mail-outbox";
import type { MailTransport } from "./mail-transport";

const LOOK_EVERY_MS = 5_000;
// Longer than the transport's own timeouts: a live attempt never loses its claim.
const ATTEMPT_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const BATCH = 20;
// After a mail is queued, how long the worker waits for more before it looks:
// mails queued together (a burst of bookings or messages) then share one
// claim and one delete instead of costing three statements each. Invisible
// in a mail's delivery time.
const GATHER_MS = 100;

/** 5 s, 10 s, 20 s … after each failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Sends the mails due at `now`, claimed first (one statement for the batch)
 * so that several processes running this at once never send one twice. A
 * failed attempt leaves the mail queued for a later one. The sent ones leave
 * the outbox together once the batch is done: a process that dies mid-batch
 * sends those again after their claim expires, as it would any mail whose
 * attempt it didn't finish. Returns how many were sent.
 */
export async function sendDueMails(
  db: Kysely<Tables>,
  dialect: Dialect,
  transport: MailTransport,
  logger: Logger,
  now: number,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueMails(db, dialect, now, ATTEMPT_LEASE_MS, BATCH);
    sent += await sendBatch(db, transport, logger, now, batch);
    if (batch.length < BATCH) return sent;
  }
}

async function sendBatch(
  db: Kysely<Tables>,
  transport: MailTransport,
  logger: Logger,
  now: number,
  batch: QueuedMail[],
): Promise<number> {
  // Every mail of the batch is handed to the sender at once: its thread wakes
  // once for the batch instead of once a mail (a wake-up cost the request
  // thread about 0.4 ms on a busy machine), and SMTP's one pooled connection
  // still takes them one after another. Outcomes are recorded in order.
  const outcomes = batch.map((mail) =>
    transport.send(mail).then(
      () => null,
      (error: unknown) => ({ error }),
    ),
  );
  const sent: string[] = [];
  try {
    for (const [index, mail] of batch.entries()) {
      const failed = await outcomes[index];
      if (failed) {
        const retryInMs = retryDelayMs(mail.attempts);
        const { error } = failed;
        const reason = error instanceof Error ? error.message : String(error);
        // Recorded before it is said: once the line is logged, the mail is due
        // again in retryInMs, even if the process dies the next moment (rather
        // than waiting out the rest of its claim).
        await markMailFailed(db, mail.id, now + retryInMs, reason);
        logger.warn(
          { mailId: mail.id, attempts: mail.attempts, retryInMs, reason },
          "mail not sent yet",
        );
        continue;
      }
      sent.push(mail.id);
    }
  } finally {
    await markMailsSent(db, sent);
  }
  return sent.length;
}

/**
 * This process's sender: looks every few seconds, and GATHER_MS after the
 * outbox says a mail was queued here. Every process runs one.
 */
export function startMailWorker(
  deps: { db: Kysely<Tables>; dialect: Dialect; logger: Logger; outbox: Outbox },
  transport: MailTransport,
  clock: () => number = Date.now,
) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDueMails(deps.db, deps.dialect, transport, deps.logger, clock())
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error({ err: error }, "mail sending failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  let gathering: NodeJS.Timeout | null = null;
  const runSoon = () => {
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = null;
      run();
    }, GATHER_MS);
  };
  const timer = setInterval(run, LOOK_EVERY_MS);
  timer.unref();
  deps.outbox.onQueued(runSoon);
  run();
  return {
    /** Stops looking, waits for a send in progress, and closes the transport. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (gathering) clearTimeout(gathering);
      while (running) await running;
      transport.close();
    },
  };
}
