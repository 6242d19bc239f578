import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#src/shared/schemas/auth";

/**
 * better-auth's own bodies and answers, as docs/api.md describes them. The
 * library validates these itself (only sign-up and sign-in pass a shared
 * schema first), so they describe its contract rather than drive a check.
 */
export const changePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  revokeOtherSessions: z.boolean().optional().describe("Ignored: other sessions always end."),
});

export const requestPasswordResetBody = z.object({
  email: z.email(),
  redirectTo: z
    .string()
    .optional()
    .describe("Accepted for better-auth's clients; the mailed link always opens /reset-password."),
});

/** The same whether or not the address has an account. */
export const requestPasswordResetAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
});

export const resetPasswordBody = z.object({
  token: z.string().describe("The `token` of the mailed link's /reset-password?token=…"),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});

export const resetPasswordAnswer = z.object({ status: z.literal(true) });

export const socialSignInBody = z.object({
  provider: z.literal("google"),
  callbackURL: z.string().describe("Where the browser lands once signed in."),
});

export const socialSignInAnswer = z.object({ url: z.string(), redirect: z.literal(true) });

/** better-auth's user record; `GET /api/me` gives the API's own User. */
export const authUserAnswer = z.looseObject({
  user: z.looseObject({ id: z.string(), name: z.string(), email: z.string() }),
});

export const signOutAnswer = z.object({ success: z.boolean() });

export const sendVerificationEmailBody = z.object({
  email: z.email().describe("Signed in, it must be the caller's own address."),
  callbackURL: z
    .string()
    .optional()
    .describe("Unused by the app: the mailed link opens /verify-email."),
});

export const sendVerificationEmailAnswer = z.object({ status: z.literal(true) });

export const verifyEmailQuery = z.object({
  token: z.string().describe("The `token` of the mailed link's /verify-email?token=…"),
});

export const verifyEmailAnswer = z.object({ status: z.literal(true), user: z.null() });
