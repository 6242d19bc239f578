import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Logger } from "pino";
import { type ZodType, z } from "zod";
import { isPlainText } from "#src/shared/schemas/text";
import { accountTypes, registerSchema } from "../shared/schemas/auth";
import type { AppDb, Dialect } from "./db/database";
import type { Env } from "./env";
import type { Outbox } from "./mail/mail-outbox";
import { passwordResetMail } from "./mail/password-reset-mail";
import { VERIFICATION_LINK_SECONDS, verificationMail } from "./mail/verification-mail";

/**
 * better-auth owns passwords, sessions and the Google flow; the app's own
 * tables reference its `users` table. Account type is chosen at sign-up
 * (validated by our schema before better-auth sees the request, see
 * features/auth); `verified` can only be set by an admin. Admin rights are
 * not stored at all: they come from ADMIN_EMAILS on every request.
 */
export function authOptions(
  env: Env,
  db: AppDb,
  dialect: Dialect,
  logger?: Logger,
  outbox?: Outbox,
) {
  const google = env.google;
  // A configured issuer replaces accounts.google.com through better-auth's
  // generic OpenID Connect support: how the Google flow is tested locally.
  const googleViaIssuer = google?.issuerUrl
    ? genericOAuth({
        config: [
          {
            providerId: "google",
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            discoveryUrl: `${google.issuerUrl.replace(/\/$/, "")}/.well-known/openid-configuration`,
            scopes: ["openid", "email", "profile"],
            pkce: true,
          },
        ],
      })
    : null;

  return {
    appName: "ReRide",
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    database: { db, type: dialect },
    trustedOrigins: [env.publicUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // The mail is queued, never sent while the request waits (mail/);
      // the link opens the app's own page, which posts the token to /reset-password.
      sendResetPassword: outbox
        ? async ({ user, token }) => {
            const link = `${env.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
            await outbox.enqueue(passwordResetMail({ to: user.email, name: user.name, link }));
          }
        : undefined,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Whoever knew the old password may be signed in somewhere.
      revokeSessionsOnPasswordReset: true,
    },
    // A link is mailed at sign-up; nothing waits for it (sign-in works either
    // way), but admin rights need it (session-user.ts). The link opens the
    // app's own page, which asks /verify-email with the token and says how it went.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: outbox
        ? async ({ user, token }, request) => {
            // No request: an account the app makes itself at start (the
            // ADMIN_EMAILS accounts, verified by creation; the demo sellers).
            if (!request) return;
            const link = `${env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
            await outbox.enqueue(verificationMail({ to: user.email, name: user.name, link }));
          }
        : undefined,
    },
    // /verify-password: nothing in the app asks for it, and over HTTP it would
    // let a stolen session guess the password outside the failed-password limit.
    // /reset-password/:token: the mailed link opens the app's page instead.
    disabledPaths: ["/verify-password", "/reset-password/:token"],
    socialProviders:
      google && !google.issuerUrl
        ? { google: { clientId: google.clientId, clientSecret: google.clientSecret } }
        : {},
    plugins: googleViaIssuer ? [googleViaIssuer] : [],
    user: {
      modelName: "users",
      additionalFields: {
        // Accounts made through Google have no form to choose in: buyers.
        accountType: { type: "string", required: false, defaultValue: "buyer", input: true },
        verified: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    // A session lasts 30 days from its last refresh, refreshed at most once a
    // day by use; no cookie cache: a deleted or expired session ends at once
    // (docs/reliability.md). Responses are cached in memory only while nothing is
    // written to the database (cache/session-cache.ts).
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    hooks: { before: passwordChangeEndsOtherSessions },
    // Our own limits (middleware/rate-limit.ts) are shared by all processes and
    // read the client address safely; better-auth's would count per process,
    // by a spoofable header, and only in production, so tests could not see them.
    rateLimit: { enabled: false },
    databaseHooks: accountRules,
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    advanced: {
      cookiePrefix: "reride",
      useSecureCookies: env.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level: "info" | "success" | "warn" | "error" | "debug", message: string) => {
        logger?.[logLevelOf(level, message)]({ source: "auth" }, message);
      },
    },
  } satisfies BetterAuthOptions;
}

/**
 * better-auth logs a call to a feature ReRide leaves off (deleting or
 * re-addressing accounts, an unconfigured provider) as an error, though anyone can make one: the client's mistake,
 * not the server's, so it is logged at info.
 */
const FEATURE_OFF = /isn't enabled|is disabled|^Provider not found/;

function logLevelOf(level: "info" | "success" | "warn" | "error" | "debug", message: string) {
  if (level === "success") return "info";
  if (level === "error" && FEATURE_OFF.test(message)) return "info";
  return level;
}

/**
 * `accountType` has to be an input field so sign-up can set it, which also
 * opens it to better-auth's /update-user. These hooks hold the rules at the
 * data layer, whichever route writes: an account is a seller or a buyer from
 * creation on, a name obeys registration's rules (and is stored as checked),
 * and an image is a link or nothing.
 */
const accountRules = {
  user: {
    create: {
      before: async (user: Record<string, unknown>) => {
        if (!accountTypes.some((type) => type === user.accountType)) {
          throw new APIError("BAD_REQUEST", { message: "Choose seller or buyer" });
        }
      },
    },
    update: {
      before: async (changes: Record<string, unknown>) => {
        if ("accountType" in changes) {
          throw new APIError("BAD_REQUEST", {
            code: "ACCOUNT_TYPE_FIXED",
            message: "The account type is chosen at registration and cannot be changed.",
          });
        }
        const data: Record<string, unknown> = {};
        // better-auth passes the fields it was not sent as undefined.
        if (changes.name !== undefined) {
          // What was checked is what is stored: the trimmed name, not the raw one.
          data.name = checked(registerSchema.shape.name, changes.name);
        }
        if (changes.image !== undefined) data.image = checked(profileImageSchema, changes.image);
        return { data: { ...changes, ...data } };
      },
    },
  },
} satisfies BetterAuthOptions["databaseHooks"];

/** The app shows no profile pictures; Google's is kept as a plain https link or nothing. */
const profileImageSchema = z
  .string({ error: "image must be an https link" })
  .max(2000, "image must be an https link")
  .regex(/^https:\/\/[^\s]+$/, "image must be an https link")
  .refine((value) => isPlainText(value), "image must be an https link")
  .nullable();

function checked<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message ?? "" });
  }
  return parsed.data;
}

/**
 * A changed password ends every other session of the account, whatever the
 * request asked: whoever knew the old password may be signed in elsewhere.
 * better-auth then gives the caller a fresh session cookie.
 */
const passwordChangeEndsOtherSessions = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== "/change-password") return;
  // Only the one field: better-auth deep-merges what a hook returns into the
  // request, and merging a copy of a hostile, deeply nested body overflows the stack.
  return { context: { body: { revokeOtherSessions: true } } };
});

export function createAuth(
  env: Env,
  db: AppDb,
  dialect: Dialect,
  logger?: Logger,
  outbox?: Outbox,
) {
  return betterAuth(authOptions(env, db, dialect, logger, outbox));
}

export type Auth = ReturnType<typeof createAuth>;
