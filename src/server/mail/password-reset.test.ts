import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "#tests/support/accounts";
import { TEST_PASSWORD, uniqueEmail } from "#tests/support/builders/account";
import { newPerson } from "#tests/support/people";
import {
  addressesOf,
  resetLinkOf,
  startSmtpServer,
  type TestSmtpServer,
} from "#tests/support/smtp-server";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { createMailTransport } from "./mail-transport";
import { startMailWorker } from "./mail-worker";

const NEW_PASSWORD = "a-brand-new-secret-7";
const RESET = { subject: "Reset your ReRide password" };

function requestReset(t: TestApp, email: string) {
  return t.request("/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
  });
}

describe("password reset", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let worker: { stop(): Promise<void> };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PASSWORD_RESET: "3/1h" });
    worker = startMailWorker(t.deps, createMailTransport(t.env, t.deps.logger));
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  it("mails a link that sets a new password once and ends every session", async () => {
    const person = await newPerson(t, "buyer");
    const otherDevice = await signIn(t, { email: person.email });

    const asked = await requestReset(t, person.email);
    expect(asked.status).toBe(200);
    const mail = await smtp.mailTo(person.email, RESET);
    expect(mail.subject).toBe("Reset your ReRide password");
    const link = resetLinkOf(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.env.publicUrl}/reset-password`);
    expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&#38;")}"`);
    const token = link.searchParams.get("token");

    const reset = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    for (const cookie of [person.cookie, otherDevice]) {
      expect((await t.request("/api/me", { cookie })).status).toBe(401);
    }
    const oldPassword = await t.request("/api/auth/sign-in/email", {
      body: { email: person.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    const cookie = await signIn(t, { email: person.email, password: NEW_PASSWORD });
    expect((await t.request("/api/me", { cookie })).status).toBe(200);

    const again = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "yet-another-secret-9" },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("INVALID_TOKEN");
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const known = await newPerson(t, "seller");
    const unknown = uniqueEmail("nobody");
    const forUnknown = await requestReset(t, unknown);
    const forKnown = await requestReset(t, known.email);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    // The worker sends in order queued: once the known one's mail is here, none is coming for the other.
    await smtp.mailTo(known.email, RESET);
    expect(smtp.received.some((mail) => addressesOf(mail).includes(unknown))).toBe(false);
  });

  it("mails one address at most three times an hour", async () => {
    const person = await newPerson(t, "buyer");
    for (let i = 0; i < 3; i++) expect((await requestReset(t, person.email)).status).toBe(200);
    const refused = await requestReset(t, person.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by it.
    const other = await newPerson(t, "buyer");
    expect((await requestReset(t, other.email)).status).toBe(200);
    await smtp.mailTo(other.email, RESET);
    const toPerson = smtp.received.filter(
      (mail) => addressesOf(mail).includes(person.email) && mail.subject === RESET.subject,
    );
    expect(toPerson).toHaveLength(3);
  });

  it("refuses a made-up token and a short password", async () => {
    const cases = [
      [{ token: "not-a-token", newPassword: NEW_PASSWORD }, "INVALID_TOKEN"],
      [{ token: "not-a-token", newPassword: "short" }, "PASSWORD_TOO_SHORT"],
    ] as const;
    for (const [body, code] of cases) {
      const reset = await t.request("/api/auth/reset-password", { body });
      expect(reset.status).toBe(400);
      expect(((await reset.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });
});

describe("password reset requests per client address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PASSWORD_RESET_IP: "2/1h" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("are limited whatever addresses they name", async () => {
    expect((await requestReset(t, uniqueEmail())).status).toBe(200);
    expect((await requestReset(t, uniqueEmail())).status).toBe(200);
    expect((await requestReset(t, uniqueEmail())).status).toBe(429);
  });
});
