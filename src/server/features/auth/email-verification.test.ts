import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createMailTransport } from "#src/server/mail/mail-transport";
import { startMailWorker } from "#src/server/mail/mail-worker";
import type { ErrorBody } from "#src/shared/errors";
import type { User } from "#src/shared/schemas/users";
import { cookieHeader, signIn } from "#tests/support/accounts";
import { buildAccount, uniqueEmail } from "#tests/support/builders/account";
import { newPerson, whoIs } from "#tests/support/people";
import { addressesOf, startSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "#tests/support/test-app";

// PRODUCT.md §8 "E-mail verification": a link is mailed at sign-up; opening
// it proves the address; admin rights apply only to a proved address.

function verifyLinkOf(text: string | undefined): URL {
  const match = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text ?? "");
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return new URL(match[0]);
}

const resend = (t: TestApp, email: string, cookie?: string) =>
  t.request("/api/auth/send-verification-email", {
    body: { email },
    ...(cookie ? { cookie } : {}),
  });

describe("e-mail verification", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let worker: { stop(): Promise<void> };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_VERIFICATION_EMAIL: "2/1h" });
    worker = startMailWorker(t.deps, createMailTransport(t.env, t.deps.logger));
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  test("sign-up mails a link to the app's page; opening it proves the address", async () => {
    const person = await newPerson(t, "seller");
    expect((await whoIs(t, person.cookie)).emailVerified).toBe(false);

    const mail = await smtp.mailTo(person.email);
    expect(mail.subject).toBe("Confirm your e-mail address for ReRide");
    const link = verifyLinkOf(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.env.publicUrl}/verify-email`);
    expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&#38;")}"`);

    // What the page does with the token: asks the API, in whatever browser the mail was opened.
    const token = link.searchParams.get("token") ?? "";
    const opened = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.status).toBe(200);
    expect((await whoIs(t, person.cookie)).emailVerified).toBe(true);

    // Opening it again is no error: the address stays proved.
    const again = await t.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(200);
  });

  test("a made-up or expired link is a 400 saying which", async () => {
    const person = await newPerson(t, "buyer");
    const madeUp = await t.request("/api/auth/verify-email?token=not-a-token");
    expect(madeUp.status).toBe(400);
    expect(((await madeUp.json()) as ErrorBody).error.code).toBe("INVALID_TOKEN");

    // The mailed link, opened a day and a minute later.
    const link = verifyLinkOf((await smtp.mailTo(person.email)).text);
    vi.useFakeTimers({ toFake: ["Date"] });
    let expired: Response;
    try {
      vi.setSystemTime(Date.now() + 24 * 3600_000 + 60_000);
      expired = await t.request(
        `${link.pathname}${link.search}`.replace("/verify-email", "/api/auth/verify-email"),
      );
    } finally {
      vi.useRealTimers();
    }
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ErrorBody).error.code).toBe("TOKEN_EXPIRED");
    expect((await whoIs(t, person.cookie)).emailVerified).toBe(false);
  });

  test("a signed-in user asks for the mail again, within the limit per address", async () => {
    const person = await newPerson(t, "buyer");
    await smtp.mailTo(person.email);
    expect((await resend(t, person.email, person.cookie)).status).toBe(200);
    expect((await resend(t, person.email, person.cookie)).status).toBe(200);
    const refused = await resend(t, person.email, person.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // Sign-up's mail and the two asked for; the newest link works.
    const deadline = Date.now() + 10_000;
    let mails = smtp.received.filter((m) => addressesOf(m).includes(person.email));
    while (mails.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = smtp.received.filter((m) => addressesOf(m).includes(person.email));
    }
    expect(mails).toHaveLength(3);
    const token = verifyLinkOf(mails[2]?.text).searchParams.get("token") ?? "";
    expect((await t.request(`/api/auth/verify-email?token=${token}`)).status).toBe(200);

    // A proved address asks for no more.
    const other = await newPerson(t, "buyer");
    await smtp.mailTo(other.email);
    const mailed = smtp.received.find((m) => addressesOf(m).includes(other.email));
    const otherToken = verifyLinkOf(mailed?.text).searchParams.get("token") ?? "";
    await t.request(`/api/auth/verify-email?token=${otherToken}`);
    const done = await resend(t, other.email, other.cookie);
    expect(done.status).toBe(400);
  });

  test("asked for without a session: the same answer for any address, and no mail to a stranger", async () => {
    const unknown = uniqueEmail("nobody");
    const known = await newPerson(t, "seller");
    await smtp.mailTo(known.email);
    const forUnknown = await resend(t, unknown);
    const forKnown = await resend(t, known.email);
    expect(forUnknown.status).toBe(200);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    expect(smtp.received.some((mail) => addressesOf(mail).includes(unknown))).toBe(false);
  });
});

describe("verification mails asked for per client address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VERIFICATION_EMAIL_IP: "2/1h" });
  });
  afterAll(() => t?.close());

  test("are limited whatever addresses they name", async () => {
    expect((await resend(t, uniqueEmail())).status).toBe(200);
    expect((await resend(t, uniqueEmail())).status).toBe(200);
    expect((await resend(t, uniqueEmail())).status).toBe(429);
  });
});

describe("admin rights need a proved address", () => {
  const LISTED = "listed-later@reride.test";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `${ADMIN_EMAIL},${LISTED}` });
  });
  afterAll(() => t?.close());

  test("the admin made at start is verified; a listed account whose address is not proved is no admin", async () => {
    const admin = await signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(await whoIs(t, admin)).toMatchObject({ role: "admin", emailVerified: true });

    // The listed address's account, as if it had signed up before the operator listed it.
    await t.deps.db
      .updateTable("users")
      .set({ emailVerified: t.deps.dialect === "postgres" ? false : 0 })
      .where("email", "=", LISTED)
      .execute();
    const impostorCookie = await signIn(t, { email: LISTED, password: ADMIN_PASSWORD });
    const impostor: User = await whoIs(t, impostorCookie);
    expect(impostor).toMatchObject({ role: "user", emailVerified: false });
    const users = await t.request("/api/users?accountType=buyer", { cookie: impostorCookie });
    expect(users.status).toBe(403);
  });

  test("a sign-up is never verified by its own say-so", async () => {
    const body = { ...buildAccount({ email: uniqueEmail("self") }), emailVerified: true };
    const response = await t.request("/api/auth/sign-up/email", { body });
    expect(response.status).toBe(200);
    const user = await whoIs(t, cookieHeader(response));
    expect(user.emailVerified).toBe(false);
  });
});
