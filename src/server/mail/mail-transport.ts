import path from "node:path";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { QueuedMail } from "./mail-outbox";
import { startMailSender } from "./mail-sender";

export interface MailTransport {
  send(mail: QueuedMail): Promise<void>;
  close(): void;
}

/**
 * SMTP from SMTP_URL; without it each mail becomes an .eml file under
 * DATA_DIR/outbox (the same RFC 822 bytes SMTP would carry), its subject and
 * link logged, so a development machine needs no mail server.
 */
export function createMailTransport(env: Env, logger: Logger): MailTransport {
  const from = env.mail.from;
  const host = new URL(env.publicUrl).hostname;
  // The same Message-ID on every attempt: a receiver can tell a resend from a new mail.
  const message = (mail: QueuedMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@${host}>`,
  });
  // nodemailer runs on a thread of its own (mail-sender.ts). SMTP: one connection kept open
  // and used for mail after mail, instead of a connection (and its TLS handshake and greeting)
  // for every mail; a dead server fails the attempt within 10 s, well inside the worker's lease.
  const sender = startMailSender(env.mail.smtpUrl);
  if (env.mail.smtpUrl) {
    return {
      send: (mail) => sender.send(message(mail)),
      close: () => sender.close(),
    };
  }
  const dir = path.join(env.dataDir, "outbox");
  return {
    send: async (mail) => {
      const file = path.join(dir, `${mail.createdAt.replace(/[:.]/g, "-")}-${mail.id}.eml`);
      await sender.send(message(mail), file);
      logger.info({ subject: mail.subject, link: firstLink(mail.text), file }, "mail written");
    },
    close: () => sender.close(),
  };
}

function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}
