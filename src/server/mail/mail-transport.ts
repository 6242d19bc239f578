import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../env";
import type { Logger } from "../logger";
import type { QueuedMail } from "./mail-outbox";

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
  if (env.mail.smtpUrl) {
    const smtp = nodemailer.createTransport({
      url: env.mail.smtpUrl,
      // One connection kept open and used for mail after mail, instead of a
      // connection (and its TLS handshake and greeting) for every mail.
      pool: true,
      maxConnections: 1,
      // A dead server fails the attempt soon, well inside the worker's lease.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      send: async (mail) => {
        await smtp.sendMail(message(mail));
      },
      close: () => smtp.close(),
    };
  }
  const dir = path.join(env.dataDir, "outbox");
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await stream.sendMail(message(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error("expected the mail as bytes");
      // Off the thread that answers requests: under a burst of messages the
      // synchronous calls held every request behind the disk.
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.createdAt.replace(/[:.]/g, "-")}-${mail.id}.eml`);
      // Whole or not at all: a reader never sees half a mail.
      await writeFile(`${file}.tmp`, info.message);
      await rename(`${file}.tmp`, file);
      logger.info({ subject: mail.subject, link: firstLink(mail.text), file }, "mail written");
    },
    close: () => stream.close(),
  };
}

function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}
