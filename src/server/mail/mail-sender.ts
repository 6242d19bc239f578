import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** What nodemailer is asked to send: the outbox's mail in its words. */
export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface MailSender {
  /** Sends the message (SMTP), or writes it to `file` (no SMTP_URL); throws when it can't. */
  send(message: OutgoingMessage, file?: string): Promise<void>;
  close(): void;
}

/**
 * The worker, as plain JavaScript (it runs without the app's TypeScript
 * loader). One nodemailer transport: SMTP through one pooled connection, or
 * a stream transport whose bytes are written to a file, whole or not at all.
 */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { mkdir, rename, writeFile } = require("node:fs/promises");
const path = require("node:path");
const nodemailer = require(workerData.nodemailer);
const transport = workerData.smtpUrl
  ? nodemailer.createTransport({
      url: workerData.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: 10000,
      greetingTimeout: 10000,
      socketTimeout: 30000,
    })
  : nodemailer.createTransport({ streamTransport: true, buffer: true });
// Folders this thread has made (or found): mkdir once each, not once a mail. A folder
// removed meanwhile fails that mail, which forgets it, and the retry makes it again.
const madeFolders = new Set();
parentPort.on("message", async (request) => {
  if (request === "close") {
    // A second for the SMTP connection's goodbye; a mail still being sent then fails.
    transport.close();
    parentPort.close();
    setTimeout(() => process.exit(0), 1000).unref();
    return;
  }
  const { id, message, file } = request;
  try {
    const info = await transport.sendMail(message);
    if (file) {
      if (!Buffer.isBuffer(info.message)) throw new Error("expected the mail as bytes");
      const folder = path.dirname(file);
      if (!madeFolders.has(folder)) {
        await mkdir(folder, { recursive: true });
        madeFolders.add(folder);
      }
      try {
        await writeFile(file + ".tmp", info.message);
        await rename(file + ".tmp", file);
      } catch (error) {
        madeFolders.delete(folder);
        throw error;
      }
    }
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error && error.message ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; ok: true } | { id: number; ok: false; error: string };

/**
 * Composing a mail (nodemailer's MIME and quoted-printable of both bodies)
 * and handing it over cost the thread that answers requests about 0.9 ms a
 * mail; under a stream of bookings and messages that was a tenth of it
 * (docs/decisions/0021-fast-uncached-reads-and-writes.md). A worker thread
 * of its own does that work; this side only passes the message and waits.
 * The worker starts with the first mail, and one that dies fails the mails
 * it held (they are retried like any failed attempt) and is started again
 * with the next.
 */
export function startMailSender(smtpUrl: string | null): MailSender {
  const nodemailer = createRequire(import.meta.url).resolve("nodemailer");
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let worker: Worker | null = null;
  let nextId = 0;

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  const start = () => {
    const started = new Worker(WORKER, { eval: true, workerData: { nodemailer, smtpUrl } });
    started.on("message", (reply: Reply) => {
      const caller = waiting.get(reply.id);
      waiting.delete(reply.id);
      // An idle sender never keeps a finished process alive; one with mail in hand does.
      if (waiting.size === 0) started.unref();
      if (!caller) return;
      if (reply.ok) caller.resolve();
      else caller.reject(new Error(reply.error));
    });
    started.on("error", (error) => failAll(error));
    started.on("exit", () => {
      if (worker === started) worker = null;
      failAll(new Error("the mail sender stopped"));
    });
    return started;
  };

  return {
    send(message, file) {
      worker ??= start();
      const id = nextId++;
      const sent = new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
      });
      worker.ref();
      worker.postMessage({ id, message, file });
      return sent;
    },
    close() {
      worker?.postMessage("close");
      worker = null;
    },
  };
}
