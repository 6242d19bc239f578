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

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const LIMIT_FORMAT = "must be <count>/<window> such as 10/15m (s, m, h or d), or off";

function rateLimit(fallback: string) {
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
        ctx.addIssue({ code: "custom", message: LIMIT_FORMAT });
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
    RATE_LIMIT_SIGN_IN_ACCOUNT: rateLimit("10/15m"),
    RATE_LIMIT_SIGN_IN_IP: rateLimit("50/15m"),
    RATE_LIMIT_SIGN_UP_IP: rateLimit("20/1h"),
    RATE_LIMIT_WRITES: rateLimit("120/1m"),
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
  /** Prometheus' bearer token for GET /metrics; unset, only a signed-in admin may read it. */
  metricsToken: string | undefined;
  rateLimits: {
    store: { kind: "database" } | { kind: "redis"; url: string };
    /** Failed password checks per account (sign-in, change-password). */
    signInAccount: RateLimit | null;
    /** Failed sign-ins per client address. */
    signInIp: RateLimit | null;
    /** Sign-ups per client address. */
    signUpIp: RateLimit | null;
    /** Writes (POST, PUT, PATCH, DELETE) per signed-in user, or per address without a session. */
    writes: RateLimit | null;
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
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    database,
    databaseConnectTimeoutMs: raw.DATABASE_CONNECT_TIMEOUT,
    publicUrl: (raw.PUBLIC_URL ?? `http://${displayHost}:${raw.PORT}`).replace(/\/$/, ""),
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
    metricsToken: raw.METRICS_TOKEN,
    rateLimits: {
      store:
        raw.RATE_LIMIT_STORE === "redis" && raw.REDIS_URL
          ? { kind: "redis", url: raw.REDIS_URL }
          : { kind: "database" },
      signInAccount: raw.RATE_LIMIT_SIGN_IN_ACCOUNT,
      signInIp: raw.RATE_LIMIT_SIGN_IN_IP,
      signUpIp: raw.RATE_LIMIT_SIGN_UP_IP,
      writes: raw.RATE_LIMIT_WRITES,
    },
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
