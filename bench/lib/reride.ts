import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ENV_VARIABLES } from "#src/server/env";
import { freePort } from "#tests/support/server-process";
import type { BenchDatabase } from "./databases";
import { type Running, startNode } from "./processes";

/**
 * ReRide itself: `node --import tsx src/server/main.ts`, as `npm start` runs
 * it (minus the client build check), in production mode on a generated
 * database, and a signed-in buyer's real session cookie.
 */

/** The label of ReRide with its caches missing on every request. */
export const UNCACHED = "ReRide, cache miss";

export interface ReRide extends Running {
  /** The Cookie header a signed-in browser sends. */
  cookie: string;
  /** Its session cookie's name (the Express comparison looks it up). */
  sessionCookieName: string;
  /** Its AUTH_SECRET, which signed the cookie. */
  authSecret: string;
}

/**
 * `processes`: PROCESSES for the server (default 1, as `npm start`).
 * `signedInAs`: another ReRide on the same database whose secret and signed-in
 * cookie this one shares, so both answer the same user's same session.
 * `uncached`: ReRide whose read caches miss on every request
 * (servers/reride-uncached.ts), on a database the first one prepared.
 * `extraEnv`: more of the server's environment (NODE_OPTIONS for a probe).
 */
export async function startReRide(
  database: BenchDatabase,
  logLevel: string,
  options: {
    processes?: number;
    signedInAs?: ReRide;
    uncached?: boolean;
    extraEnv?: Record<string, string>;
  } = {},
): Promise<ReRide> {
  const processes = options.processes ?? 1;
  const authSecret = options.signedInAs?.authSecret ?? randomBytes(32).toString("base64url");
  const dataDir = mkdtempSync(path.join(tmpdir(), "reride-bench-"));
  // PUBLIC_URL must name the port before the server picks it: choose it here.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = Object.fromEntries(ENV_VARIABLES.map((name) => [name, ""]));
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: authSecret,
    ADMIN_EMAILS: "admin@bench.reride.test",
    ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
    // The comparison servers don't log per request; at "info" ReRide writes a line per request.
    LOG_LEVEL: logLevel,
    PROCESSES: String(processes),
    // The booking mix makes thousands of writes a minute from one address and each of its
    // buyers hundreds; abuse limits would answer 429 (and each limited write costs a
    // counter write). Off for the bench.
    RATE_LIMIT_WRITES: "off",
    RATE_LIMIT_SIGN_UP_IP: "off",
    RATE_LIMIT_SIGN_IN_IP: "off",
    RATE_LIMIT_SIGN_IN_DELAY: "off",
    RATE_LIMIT_ADMIN_SIGN_IN_DELAY: "off",
    RATE_LIMIT_SIGN_IN_ACCOUNT: "off",
    // The booking mix's buyers (one per connection) each have a booking or two waiting to
    // be cancelled at any moment; with the default cap of 3 active bookings some would be
    // a 409 BOOKING_LIMIT, and the mix would time refusals instead of bookings.
    MAX_ACTIVE_BOOKINGS: "1000",
    ...options.extraEnv,
  });
  const name = options.uncached
    ? UNCACHED
    : processes === 1
      ? "ReRide"
      : `ReRide ×${processes} processes`;
  const entry = options.uncached ? "bench/servers/reride-uncached.ts" : "src/server/main.ts";
  const server = await startNode(name, entry, env, "/api/health", port);
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { cookie, sessionCookieName } = options.signedInAs ?? (await signIn(publicUrl));
    return { ...server, stop, cookie, sessionCookieName, authSecret };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A new buyer, signed up and then signed in as a browser would: the sign-in's cookie. */
function signIn(url: string) {
  return signUp(url, "buyer");
}

/** A new account of `accountType`, signed up and then signed in: its cookie and id. */
export async function signUp(url: string, accountType: "buyer" | "seller") {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@bench.reride.test`;
  const password = randomBytes(12).toString("base64url");
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/auth/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify(body),
    });
  const signedUp = await post("sign-up/email", {
    name: accountType === "buyer" ? "Bench Buyer" : "Bench Seller",
    email,
    password,
    accountType,
  });
  if (!signedUp.ok)
    throw new Error(`sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
  const signedIn = await post("sign-in/email", { email, password });
  if (!signedIn.ok)
    throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  const pairs = signedIn.headers.getSetCookie().map((header) => header.split(";")[0] ?? "");
  const session = pairs.find((pair) => pair.split("=")[0]?.endsWith("session_token"));
  if (!session) throw new Error(`sign-in set no session cookie: ${pairs.join(", ")}`);
  const { user } = (await signedIn.json()) as { user: { id: string } };
  return { cookie: pairs.join("; "), sessionCookieName: session.split("=")[0] ?? "", id: user.id };
}
