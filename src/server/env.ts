import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration, parsed once at start. This is the only module that reads
 * process.env; a bad value stops the start with a message naming the variable.
 */
const emailList = z
  .string()
  .default("admin@reride.local")
  .transform((raw) =>
    raw
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.email({
        error: (issue) =>
          `"${String(issue.input)}" is not an email address (expected a comma-separated list)`,
      }),
    ),
  );

// Digits only: Number(" ") is 0, which would quietly mean "any free port".
const port = z
  .string()
  .trim()
  .regex(/^\d+$/, "must be a whole number from 0 to 65535")
  .transform(Number)
  .pipe(z.number().max(65535, "must be a whole number from 0 to 65535"))
  .default(3000);

/** A rate limit: "<count>/<window>" such as 10/15m (s, m, h, d), or "off". */
export interface RateLimit {
  points: number;
  windowMs: number;
}

/**
 * A growing delay for failed passwords from one address to one account:
 * "<free failures>/<longest wait>" such as 5/15m, or "off". After the free
 * failures each further attempt waits 1 s, 2 s, 4 s … up to the longest wait.
 */
export interface FailureDelay {
  freeFailures: number;
  maxWaitMs: number;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const LIMIT_FORMAT = "must be <count>/<window> such as 10/15m (s, m, h or d), or off";
const DELAY_FORMAT = "must be <free failures>/<longest wait> such as 5/15m (s, m, h or d), or off";

function failureDelay(fallback: string) {
  return rateLimit(fallback, DELAY_FORMAT).transform(
    (limit): FailureDelay | null =>
      limit && { freeFailures: limit.points, maxWaitMs: limit.windowMs },
  );
}

function rateLimit(fallback: string, format = LIMIT_FORMAT) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((raw, ctx): RateLimit | null => {
      if (raw.toLowerCase() === "off") return null;
      const match = /^(\d{1,9})\/(\d{0,6})([smhd])$/.exec(raw);
      const points = Number(match?.[1]);
      const times = match?.[2] === "" ? 1 : Number(match?.[2]);
      if (!match || points < 1 || times < 1) {
        ctx.addIssue({ code: "custom", message: format });
        return z.NEVER;
      }
      return { points, windowMs: times * UNIT_MS[match[3] as keyof typeof UNIT_MS] };
    });
}

// How many reverse proxies stand in front of the app; 0 ignores X-Forwarded-For.
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .default("false")
  .transform((raw, ctx) => {
    if (raw === "false") return 0;
    if (raw === "true") return 1;
    if (/^\d$/.test(raw)) return Number(raw);
    ctx.addIssue({ code: "custom", message: "must be true, false or a number of proxies (0–9)" });
    return z.NEVER;
  });

// How many server processes `npm start` runs: a number, or "auto" for one per core.
const processes = z
  .string()
  .trim()
  .toLowerCase()
  .default("1")
  .transform((raw, ctx) => {
    if (raw === "auto") return availableParallelism();
    const count = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
    if (count < 1 || count > 256) {
      ctx.addIssue({ code: "custom", message: "must be auto or a whole number from 1 to 256" });
      return z.NEVER;
    }
    return count;
  });

// DATABASE_CONNECT_TIMEOUT: seconds (60), or with a unit (90s, 2m); 0 tries once.
const duration = z
  .string()
  .trim()
  .toLowerCase()
  .default("60")
  .transform((raw, ctx) => {
    const match = /^(\d{1,6})([smh]?)$/.exec(raw);
    if (!match) {
      ctx.addIssue({
        code: "custom",
        message: "must be a number of seconds, or such as 90s or 2m",
      });
      return z.NEVER;
    }
    return Number(match[1]) * UNIT_MS[(match[2] || "s") as keyof typeof UNIT_MS];
  });

// S3_FORCE_PATH_STYLE: true (bucket in the path, what MinIO, Ceph and most non-AWS servers need) or false.
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .default("true")
  .refine((raw) => raw === "true" || raw === "false", { message: "must be true or false" })
  .transform((raw) => raw === "true");

// A whole number within bounds, such as MAX_ACTIVE_BOOKINGS.
function wholeNumber(fallback: number, min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .default(fallback);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port,
    HOST: z.string().trim().min(1, "must not be blank").default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((value) => !value || /^postgres(ql)?:\/\//.test(value) || value.startsWith("file:"), {
        message: "must be a postgres:// URL or file:<path> for SQLite",
      }),
    DATABASE_CONNECT_TIMEOUT: duration,
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAILS: emailList,
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    CURRENCY: z
      .string()
      .default("USD")
      .refine(isCurrencyCode, { message: "must be an ISO 4217 currency code such as USD or EUR" }),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    // Abuse limits (middleware/rate-limit.ts, docs/decisions/0006-rate-limits.md).
    RATE_LIMIT_STORE: z
      .enum(["database", "redis"], { error: "must be database or redis" })
      .default("database"),
    REDIS_URL: z
      .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
      .optional(),
    TRUST_PROXY: trustProxy,
    PROCESSES: processes,
    // Bearer token for GET /metrics (src/server/metrics/); admins may read it signed in.
    METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
    RATE_LIMIT_SIGN_IN_DELAY: failureDelay("5/15m"),
    RATE_LIMIT_ADMIN_SIGN_IN_DELAY: failureDelay("2/1h"),
    RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimit("100/5m"),
    RATE_LIMIT_SIGN_IN_IP: rateLimit("50/15m"),
    RATE_LIMIT_SIGN_UP_IP: rateLimit("20/1h"),
    RATE_LIMIT_WRITES: rateLimit("120/1m"),
    RATE_LIMIT_PASSWORD_RESET: rateLimit("3/1h"),
    RATE_LIMIT_PASSWORD_RESET_IP: rateLimit("20/1h"),
    RATE_LIMIT_VERIFICATION_EMAIL: rateLimit("3/1h"),
    RATE_LIMIT_VERIFICATION_EMAIL_IP: rateLimit("20/1h"),
    // Outgoing mail (mail/, docs/decisions/0015-mail-outbox.md).
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .min(3, "must be an address such as ReRide <no-reply@example.com>")
      .optional(),
    // Where photo files live (features/uploads/photo-store.ts, docs/decisions/0013-photo-object-store.md).
    PHOTO_STORE: z.enum(["disk", "s3"], { error: "must be disk or s3" }).default("disk"),
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .optional(),
    S3_BUCKET: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3–63 lowercase letters, digits, dots or hyphens",
      )
      .optional(),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag,
    // Bookings made fair (PRODUCT.md §8).
    MAX_ACTIVE_BOOKINGS: wholeNumber(3, 1, 1000),
    BOOKING_PENDING_HOURS: wholeNumber(72, 1, 8760),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "is required in production" });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
      });
    }
    if (env.RATE_LIMIT_STORE === "redis" && !env.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required when RATE_LIMIT_STORE=redis",
      });
    }
    if (env.PHOTO_STORE === "s3") {
      for (const name of [
        "S3_ENDPOINT",
        "S3_BUCKET",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is required when PHOTO_STORE=s3",
          });
        }
      }
    }
    if (env.GOOGLE_ISSUER_URL && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_ISSUER_URL"],
        message: "needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET as well",
      });
    }
  });

function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf("currency").includes(code);
}

export type Database = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

/** Where photo files live: a folder on this machine, or a bucket every app server shares. */
export type PhotoStore =
  | { kind: "disk"; dir: string }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  /** How long a start waits for an unreachable PostgreSQL before giving up (db/connect.ts). */
  databaseConnectTimeoutMs: number;
  publicUrl: string;
  authSecret: string;
  adminEmails: string[];
  adminPassword: string | undefined;
  currency: string;
  google: { clientId: string; clientSecret: string; issuerUrl: string | undefined } | null;
  logLevel: string;
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are believed (0: none). */
  trustProxy: number;
  /** Server processes sharing the port (main.ts); "auto" gives one per core. */
  processes: number;
  photoStore: PhotoStore;
  bookings: {
    /** Pending and accepted bookings one buyer may hold at once. */
    maxActive: number;
    /** A pending booking nobody answered for this long expires (features/bookings/expire-bookings.ts). */
    pendingHours: number;
  };
  mail: {
    /** Where mail goes; null writes each one as an .eml file under DATA_DIR/outbox. */
    smtpUrl: string | null;
    from: string;
  };
  /** Prometheus' bearer token for GET /metrics; unset, only a signed-in admin may read it. */
  metricsToken: string | undefined;
  rateLimits: {
    store: { kind: "database" } | { kind: "redis"; url: string };
    /** Growing delay for failed password checks per account and client address. */
    signInDelay: FailureDelay | null;
    /** The same, stricter, for the accounts of ADMIN_EMAILS. */
    adminSignInDelay: FailureDelay | null;
    /** Failed password checks per account from all addresses together: a ceiling. */
    signInAccount: RateLimit | null;
    /** Failed sign-ins per client address. */
    signInIp: RateLimit | null;
    /** Sign-ups per client address. */
    signUpIp: RateLimit | null;
    /** Writes (POST, PUT, PATCH, DELETE) per signed-in user, or per address without a session. */
    writes: RateLimit | null;
    /** Password-reset mails asked for per e-mail address. */
    passwordReset: RateLimit | null;
    /** Password-reset requests per client address. */
    passwordResetIp: RateLimit | null;
    /** Verification mails asked for again per e-mail address. */
    verificationEmail: RateLimit | null;
    /** Verification mails asked for again per client address. */
    verificationEmailIp: RateLimit | null;
  };
}

export class EnvError extends Error {}

/**
 * Every variable the app reads, for whatever starts it with a clean
 * environment (the test and benchmark harnesses blank them all, so a
 * developer's shell or .env can't leak in).
 */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // Empty strings (e.g. `DATABASE_URL=` in a .env file) mean "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    // The variable's name alone: "ADMIN_EMAILS.1" would point into our parsing, not the user's file.
    const lines = parsed.error.issues.map(
      (issue) => `  ${String(issue.path[0])}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const database: Database = raw.DATABASE_URL?.startsWith("postgres")
    ? { dialect: "postgres", url: raw.DATABASE_URL }
    : {
        dialect: "sqlite",
        file: raw.DATABASE_URL
          ? path.resolve(raw.DATABASE_URL.slice("file:".length))
          : path.join(dataDir, "reride.sqlite"),
      };
  const displayHost = raw.HOST === "0.0.0.0" || raw.HOST === "::" ? "localhost" : raw.HOST;
  const publicUrl = (raw.PUBLIC_URL ?? `http://${displayHost}:${raw.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    database,
    databaseConnectTimeoutMs: raw.DATABASE_CONNECT_TIMEOUT,
    publicUrl,
    authSecret: raw.AUTH_SECRET ?? persistedSecret(dataDir),
    adminEmails: raw.ADMIN_EMAILS,
    adminPassword: raw.ADMIN_PASSWORD,
    currency: raw.CURRENCY,
    google:
      raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
        ? {
            clientId: raw.GOOGLE_CLIENT_ID,
            clientSecret: raw.GOOGLE_CLIENT_SECRET,
            issuerUrl: raw.GOOGLE_ISSUER_URL,
          }
        : null,
    logLevel: raw.LOG_LEVEL,
    trustProxy: raw.TRUST_PROXY,
    processes: raw.PROCESSES,
    photoStore: photoStoreOf(raw, dataDir),
    bookings: { maxActive: raw.MAX_ACTIVE_BOOKINGS, pendingHours: raw.BOOKING_PENDING_HOURS },
    metricsToken: raw.METRICS_TOKEN,
    mail: {
      smtpUrl: raw.SMTP_URL ?? null,
      from: raw.MAIL_FROM ?? `ReRide <no-reply@${new URL(publicUrl).hostname}>`,
    },
    rateLimits: {
      store:
        raw.RATE_LIMIT_STORE === "redis" && raw.REDIS_URL
          ? { kind: "redis", url: raw.REDIS_URL }
          : { kind: "database" },
      signInDelay: raw.RATE_LIMIT_SIGN_IN_DELAY,
      adminSignInDelay: raw.RATE_LIMIT_ADMIN_SIGN_IN_DELAY,
      signInAccount: raw.RATE_LIMIT_SIGN_IN_ACCOUNT,
      signInIp: raw.RATE_LIMIT_SIGN_IN_IP,
      signUpIp: raw.RATE_LIMIT_SIGN_UP_IP,
      writes: raw.RATE_LIMIT_WRITES,
      passwordReset: raw.RATE_LIMIT_PASSWORD_RESET,
      passwordResetIp: raw.RATE_LIMIT_PASSWORD_RESET_IP,
      verificationEmail: raw.RATE_LIMIT_VERIFICATION_EMAIL,
      verificationEmailIp: raw.RATE_LIMIT_VERIFICATION_EMAIL_IP,
    },
  };
}

function photoStoreOf(raw: z.infer<typeof envSchema>, dataDir: string): PhotoStore {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = raw;
  // The schema's cross-field check already refused s3 without these four.
  if (
    raw.PHOTO_STORE !== "s3" ||
    !S3_ENDPOINT ||
    !S3_BUCKET ||
    !S3_ACCESS_KEY_ID ||
    !S3_SECRET_ACCESS_KEY
  ) {
    return { kind: "disk", dir: path.join(dataDir, "uploads") };
  }
  return {
    kind: "s3",
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: raw.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE,
  };
}

/** Outside production a secret is generated once and kept so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EnvError(
      `ReRide can't write to its data directory ${dataDir} (${reason}): make it writable by this user, or set DATA_DIR to a folder that is.`,
    );
  }
  return secret;
}
