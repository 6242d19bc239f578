import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CompiledQuery } from "kysely";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingStatements } from "#tests/support/counted-statements";
import { freePort } from "#tests/support/server-process";
import { addressesOf, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { claimDueMails, createOutbox, enqueueMail, type Mail, markMailsSent } from "./mail-outbox";
import { createMailTransport, type MailTransport } from "./mail-transport";
import { retryDelayMs, sendDueMails, startMailWorker } from "./mail-worker";

const mailTo = (to: string): Mail => ({
  to,
  subject: "Your booking",
  text: "Open http://127.0.0.1/bookings to see it.",
  html: '<p><a href="http://127.0.0.1/bookings">See it</a></p>',
});

const queued = (t: TestApp) =>
  t.deps.db
    .withTables<{
      mailOutbox: {
        id: string;
        recipient: string;
        attempts: number;
        nextAttemptAt: number;
        lastError: string | null;
      };
    }>()
    .selectFrom("mailOutbox")
    .selectAll()
    .execute();

describe("mail over SMTP", () => {
  let t: TestApp;
  let smtpPort: number;
  let smtp: TestSmtpServer | null = null;

  beforeAll(async () => {
    smtpPort = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it("keeps a mail while SMTP is down and sends it, once, when it is back", async () => {
    const transport = createMailTransport(t.env, t.deps.logger);
    await enqueueMail(t.deps.db, mailTo("down@reride.test"));
    const now = Date.now();

    expect(await sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, now)).toBe(0);
    const [waiting] = await queued(t);
    expect(waiting?.attempts).toBe(1);
    expect(Number(waiting?.nextAttemptAt)).toBe(now + retryDelayMs(1));
    // Not due again before its backoff has passed.
    expect(
      await sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, now + 1_000),
    ).toBe(0);
    expect((await queued(t))[0]?.attempts).toBe(1);

    smtp = await startSmtpServer(smtpPort);
    const later = now + retryDelayMs(1);
    expect(await sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, later)).toBe(1);
    expect(
      await sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, later + 60_000),
    ).toBe(0);
    transport.close();

    const mail = await smtp.mailTo("down@reride.test");
    expect(mail.subject).toBe("Your booking");
    expect(mail.text).toContain("http://127.0.0.1/bookings");
    expect(mail.html).toContain('href="http://127.0.0.1/bookings"');
    expect(mail.from?.value).toEqual([
      { name: "ReRide", address: `no-reply@${new URL(t.env.publicUrl).hostname}` },
    ]);
    expect(smtp.received.filter((each) => each.subject === "Your booking")).toHaveLength(1);
    expect(await queued(t)).toEqual([]);
  });

  it("sends a mail once when several senders look at the same time", async () => {
    smtp ??= await startSmtpServer(smtpPort);
    await enqueueMail(t.deps.db, mailTo("race@reride.test"));
    const senders = [0, 1, 2].map(() => createMailTransport(t.env, t.deps.logger));
    const now = Date.now();
    const sent = await Promise.all(
      senders.map((transport) =>
        sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, now),
      ),
    );
    for (const transport of senders) transport.close();
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    await smtp.mailTo("race@reride.test");
    expect(addressed(smtp, "race@reride.test")).toBe(1);
  });

  it("takes back a claimed mail whose sender died once its claim has expired", async () => {
    const id = await enqueueMail(t.deps.db, mailTo("claimed@reride.test"));
    const now = Date.now();
    const claimed = async (at: number) =>
      (await claimDueMails(t.deps.db, t.deps.dialect, at, 60_000, 20)).find(
        (mail) => mail.id === id,
      );
    expect(await claimed(now)).toBeDefined();
    expect(await claimed(now + 1_000)).toBeUndefined();
    expect((await claimed(now + 60_000))?.attempts).toBe(2);
    await markMailsSent(t.deps.db, [id]);
  });

  it("claims at once on PostgreSQL, passing over a mail another process is claiming", async (context) => {
    if (t.deps.dialect !== "postgres") context.skip();
    const held = await enqueueMail(t.deps.db, mailTo("held@reride.test"));
    const free = await enqueueMail(t.deps.db, mailTo("free@reride.test"));
    const now = Date.now();
    const claimedWhileHeld = await t.deps.db.transaction().execute(async (trx) => {
      // Another process's claim in progress: its row lock on one mail.
      await trx
        .withTables<{ mailOutbox: { id: string } }>()
        .selectFrom("mailOutbox")
        .select("id")
        .where("id", "=", held)
        .forUpdate()
        .execute();
      const claim = claimDueMails(t.deps.db, t.deps.dialect, now, 60_000, 20);
      const waited = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 2_000));
      const result = await Promise.race([claim, waited]);
      if (result === "waited") throw new Error("the claim waited for another process's row lock");
      return result.map((mail) => mail.id);
    });
    expect(claimedWhileHeld).toContain(free);
    expect(claimedWhileHeld).not.toContain(held);
    expect(
      (await claimDueMails(t.deps.db, t.deps.dialect, now, 60_000, 20)).map((mail) => mail.id),
    ).toEqual([held]);
    await markMailsSent(t.deps.db, [held, free]);
  });

  it("sends a burst of mails with one claim and one removal, oldest first", async () => {
    smtp ??= await startSmtpServer(smtpPort);
    const first = new Date(Date.now() - 5_000);
    const burst = ["burst1", "burst2", "burst3", "burst4", "burst5"];
    for (const [i, name] of burst.entries()) {
      await enqueueMail(t.deps.db, mailTo(`${name}@reride.test`), new Date(+first + i));
    }
    const statements = countingStatements(t.deps.db);
    const transport = createMailTransport(t.env, t.deps.logger);
    expect(
      await sendDueMails(statements.db, t.deps.dialect, transport, t.deps.logger, Date.now()),
    ).toBe(5);
    transport.close();
    // Three statements a mail before (find, claim, remove).
    expect(kindsOf(statements)).toEqual(["UpdateQueryNode", "DeleteQueryNode"]);
    for (const name of burst) await smtp.mailTo(`${name}@reride.test`);
    const order = smtp.received
      .flatMap((mail) => addressesOf(mail))
      .filter((to) => to.startsWith("burst"));
    expect(order).toEqual(burst.map((name) => `${name}@reride.test`));
    expect(await queued(t)).toEqual([]);
  });

  it("hands a batch's mails to the sender together and records each one's outcome", async () => {
    const names = ["handed1", "handed2", "handed3"];
    for (const name of names) await enqueueMail(t.deps.db, mailTo(`${name}@reride.test`));
    // A transport whose sends finish only when the test says so.
    const started: string[] = [];
    const finish = new Map<string, (failure?: Error) => void>();
    const transport: MailTransport = {
      send: (mail) =>
        new Promise<void>((resolve, reject) => {
          started.push(mail.to);
          finish.set(mail.to, (failure) => (failure ? reject(failure) : resolve()));
        }),
      close: () => {},
    };
    const now = Date.now();
    const sending = sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, now);
    await waitUntil(() => started.length === names.length);
    // One at a time, the second would not start before the first had finished.
    expect(started).toEqual(names.map((name) => `${name}@reride.test`));
    finish.get("handed3@reride.test")?.();
    finish.get("handed2@reride.test")?.(new Error("mailbox full"));
    finish.get("handed1@reride.test")?.();
    expect(await sending).toBe(2);
    const left = await queued(t);
    expect(left.map((mail) => [mail.recipient, mail.attempts, mail.lastError])).toEqual([
      ["handed2@reride.test", 1, "mailbox full"],
    ]);
    expect(Number(left[0]?.nextAttemptAt)).toBe(now + retryDelayMs(1));
    await markMailsSent(t.deps.db, [String(left[0]?.id)]);
  });

  it("the worker sends mails queued together in one batch, soon after", async () => {
    smtp ??= await startSmtpServer(smtpPort);
    const statements = countingStatements(t.deps.db);
    const outbox = createOutbox(t.deps.db);
    const worker = startMailWorker(
      { db: statements.db, dialect: t.deps.dialect, logger: t.deps.logger, outbox },
      createMailTransport(t.env, t.deps.logger),
    );
    try {
      await waitUntil(() => statements.ran.length > 0); // its first look, at start
      statements.ran.length = 0;
      for (const name of ["together1", "together2", "together3"]) {
        await outbox.enqueue(mailTo(`${name}@reride.test`));
      }
      for (const name of ["together1", "together2", "together3"]) {
        await smtp.mailTo(`${name}@reride.test`);
      }
      await waitUntil(() => kindsOf(statements).includes("DeleteQueryNode"));
      expect(kindsOf(statements)).toEqual(["UpdateQueryNode", "DeleteQueryNode"]);
    } finally {
      await worker.stop();
    }
  });
});

describe("mail without SMTP_URL", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: "info" },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes each mail as an .eml file in DATA_DIR/outbox and logs its subject and link", async () => {
    await enqueueMail(t.deps.db, mailTo("file@reride.test"));
    const transport = createMailTransport(t.env, t.deps.logger);
    expect(
      await sendDueMails(t.deps.db, t.deps.dialect, transport, t.deps.logger, Date.now()),
    ).toBe(1);
    const dir = path.join(t.env.dataDir, "outbox");
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(readFileSync(path.join(dir, files[0] ?? "")));
    expect(mail.subject).toBe("Your booking");
    expect(mail.text).toContain("http://127.0.0.1/bookings");
    expect(await queued(t)).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 30,
        msg: "mail written",
        subject: "Your booking",
        link: "http://127.0.0.1/bookings",
      }),
    );
  });
});

/** The kind of each statement that ran through `statements.db` (update, delete…), in order. */
const kindsOf = (statements: { ran: CompiledQuery[] }) =>
  statements.ran.map((ran) => ran.query.kind);

async function waitUntil(done: () => boolean) {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function addressed(smtp: TestSmtpServer, to: string) {
  return smtp.received.filter((mail) => addressesOf(mail).includes(to)).length;
}
