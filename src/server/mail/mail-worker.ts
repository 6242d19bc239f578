import type { Kysely } from "kysely";
import type { Tables } from "../db/tables";
import type { Logger } from "../logger";
import { claimMail, dueMailIds, markMailFailed, markMailSent, type Outbox } from "./mail-outbox";
import type { MailTransport } from "./mail-transport";

const LOOK_EVERY_MS = 5_000;
// Longer than the transport's own timeouts: a live attempt never loses its claim.
const ATTEMPT_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60_000;
const BATCH = 20;

/** 5 s, 10 s, 20 s … after each failed attempt, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Sends the mails due at `now`, each claimed first so that several processes
 * running this at once never send one twice. A failed attempt leaves the
 * mail queued for a later one. Returns how many were sent.
 */
export async function sendDueMails(
  db: Kysely<Tables>,
  transport: MailTransport,
  logger: Logger,
  now: number,
): Promise<number> {
  let sent = 0;
  for (const id of await dueMailIds(db, now, BATCH)) {
    const mail = await claimMail(db, id, now, ATTEMPT_LEASE_MS);
    if (!mail) continue; // another process has it
    try {
      await transport.send(mail);
    } catch (error) {
      const retryInMs = retryDelayMs(mail.attempts);
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ mailId: id, attempts: mail.attempts, retryInMs, reason }, "mail not sent yet");
      await markMailFailed(db, id, now + retryInMs, reason);
      continue;
    }
    await markMailSent(db, id);
    sent++;
  }
  return sent;
}

/**
 * This process's sender: looks every few seconds, and at once when the
 * outbox says a mail was queued here. Every process runs one.
 */
export function startMailWorker(
  deps: { db: Kysely<Tables>; logger: Logger; outbox: Outbox },
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
    running = sendDueMails(deps.db, transport, deps.logger, clock())
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
  const timer = setInterval(run, LOOK_EVERY_MS);
  timer.unref();
  deps.outbox.onQueued(run);
  run();
  return {
    /** Stops looking, waits for a send in progress, and closes the transport. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
      transport.close();
    },
  };
}
