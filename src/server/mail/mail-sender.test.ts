import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { startMailSender } from "./mail-sender";

const message = (to: string) => ({
  from: "ReRide <no-reply@reride.test>",
  to,
  subject: "Your booking",
  text: "Open http://127.0.0.1/bookings to see it.",
  html: '<p><a href="http://127.0.0.1/bookings">See it</a></p>',
  messageId: `<${to}@reride.test>`,
});

describe("the mail sender's own thread", () => {
  let smtp: TestSmtpServer;
  // Takes the connection and never greets: a mail sent to it waits.
  let silent: Server;
  let silentPort = 0;
  const held: Socket[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    silentPort = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await smtp?.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it("sends over SMTP, and says why when the server can't be reached", async () => {
    const sender = startMailSender(smtp.url);
    await sender.send(message("thread@reride.test"));
    expect((await smtp.mailTo("thread@reride.test")).subject).toBe("Your booking");
    sender.close();
    const unreachable = startMailSender("smtp://127.0.0.1:1");
    await expect(unreachable.send(message("nobody@reride.test"))).rejects.toThrow(/ECONNREFUSED/);
    unreachable.close();
  });

  it("a mail still waiting when the sender closes fails at once instead of hanging", async () => {
    const sender = startMailSender(`smtp://127.0.0.1:${silentPort}`);
    const waiting = sender.send(message("late@reride.test"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closed = Date.now();
    sender.close();
    await expect(waiting).rejects.toThrow("the mail sender stopped");
    // The SMTP client's own greeting timeout is 10 s: the close, not the timeout, ended it.
    expect(Date.now() - closed).toBeLessThan(5_000);
  });

  it("writes each mail as a whole file, and makes its folder again if it was removed meanwhile", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "reride-outbox-"));
    const outbox = path.join(root, "outbox");
    const sender = startMailSender(null);
    try {
      await sender.send(message("first@reride.test"), path.join(outbox, "first.eml"));
      expect(readFileSync(path.join(outbox, "first.eml"), "utf8")).toContain(
        "Subject: Your booking",
      );
      // Someone clears the outbox while ReRide runs: that attempt fails and is retried, and the
      // retry finds the folder made again rather than failing for good.
      rmSync(outbox, { recursive: true });
      const file = path.join(outbox, "second.eml");
      await expect(sender.send(message("second@reride.test"), file)).rejects.toThrow(/ENOENT/);
      await sender.send(message("second@reride.test"), file);
      expect(readFileSync(file, "utf8")).toContain("To: second@reride.test");
      expect(existsSync(`${file}.tmp`)).toBe(false);
    } finally {
      sender.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
