import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every mail received so far, parsed. */
  received: ParsedMail[];
  /**
   * The first received mail to `to`, with `subject` when given (waits up to
   * `timeoutMs` for it). Every sign-up is mailed a verification link first:
   * name the subject to wait for a later mail.
   */
  mailTo(
    to: string,
    options?: number | { subject?: string; timeoutMs?: number },
  ): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in this process, on `port` (0: any free one), keeping what it receives. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    async mailTo(to, options = {}) {
      const { subject, timeoutMs = 10_000 } =
        typeof options === "number" ? { timeoutMs: options } : options;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (each) =>
            addressesOf(each).includes(to.toLowerCase()) &&
            (subject === undefined || each.subject === subject),
        );
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((each) => each.value.map((entry) => (entry.address ?? "").toLowerCase()));
}

/** The reset link a password-reset mail carries. */
export function resetLinkOf(text: string | undefined): URL {
  const match = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text ?? "");
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return new URL(match[0]);
}
