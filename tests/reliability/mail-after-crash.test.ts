import { afterAll, beforeAll, expect, test } from "vitest";
import {
  apiClient,
  freePort,
  PROCESS_ADMIN_EMAIL,
  type ServerProcess,
  startServerProcess,
} from "#tests/support/server-process";
import { resetLinkOf, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * A mail queued while SMTP is down survives the process being killed and is
 * sent by the next process once SMTP is back (docs/decisions/0015-mail-outbox.md).
 */
let database: TestDatabase;
let server: ServerProcess | null = null;
let smtp: TestSmtpServer | null = null;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await database?.drop();
});

test("a mail queued before a crash is sent after the restart", async () => {
  const smtpPort = await freePort(); // nothing listens there yet
  const start = () =>
    startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    });
  server = await start();
  const first = server;
  const api = apiClient(() => first.url);
  const asked = await api("/api/auth/request-password-reset", {
    body: { email: PROCESS_ADMIN_EMAIL, redirectTo: "/reset-password" },
  });
  expect(asked.status).toBe(200);
  // The first attempt fails (connection refused) and is logged at warn.
  await until(() => first.output().includes("mail not sent yet"));
  first.signal("SIGKILL");
  await first.exited;

  smtp = await startSmtpServer(smtpPort);
  server = await start();
  const mail = await smtp.mailTo(PROCESS_ADMIN_EMAIL, 20_000);
  expect(resetLinkOf(mail.text).pathname).toBe("/reset-password");
  expect(smtp.received).toHaveLength(1);
}, 60_000);

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
