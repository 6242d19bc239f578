import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppBindings, Deps } from "../context";
import type { FailureDelay, RateLimit } from "../env";
import { AppError } from "../errors";
import { clientAddress } from "../rate-limits/client-address";
import { FailureDelayCounter } from "../rate-limits/failure-delay";
import { type Counter, type Decision, Limiter, rateLimitStoreFor } from "../rate-limits/limiter";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Abuse limits (docs/decisions/0006-rate-limits.md), counted in a store all
 * app processes share:
 * - `auth`, in front of /api/auth: sign-ups per address; password-reset
 *   mails per e-mail address and requests per client address, and the same
 *   for verification mails asked for again; failed password
 *   checks (sign-in, and change-password's current password) with a growing
 *   delay per account and address, stricter for administrators, under a
 *   ceiling per account; failed sign-ins per address; other auth writes
 *   count as writes per address.
 * - `writes`, after the session is known: writes per user (per address
 *   without a session).
 * A refused request gets 429 with Retry-After and the API's error body.
 */
export function rateLimits(deps: Deps) {
  const store = rateLimitStoreFor(deps);
  const { trustProxy, rateLimits: limits } = deps.env;
  const limiter = (name: string, limit: RateLimit | null) =>
    limit ? new Limiter(store, name, limit) : null;
  const signInAccount = limiter("sign-in:account", limits.signInAccount);
  const signInAddress = limiter("sign-in:address", limits.signInIp);
  const signUpAddress = limiter("sign-up:address", limits.signUpIp);
  const writesLimiter = limiter("writes", limits.writes);
  const resetAddress = limiter("password-reset:address", limits.passwordResetIp);
  const resetEmail = limiter("password-reset:email", limits.passwordReset);
  const verifyAddress = limiter("verification-email:address", limits.verificationEmailIp);
  const verifyEmail = limiter("verification-email:email", limits.verificationEmail);
  const delay = (name: string, rule: FailureDelay | null) =>
    rule ? new FailureDelayCounter(store, name, rule) : null;
  const signInDelay = delay("sign-in:delay", limits.signInDelay);
  const adminSignInDelay = delay("sign-in:admin-delay", limits.adminSignInDelay);
  // Failures from one address to one account: another address's failures
  // never delay the owner's own sign-in.
  const passwordDelay = (email: string, address: string): Attempt => [
    deps.env.adminEmails.includes(email) ? adminSignInDelay : signInDelay,
    `${email}\n${address}`,
  ];

  const auth = createMiddleware<AppBindings>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const address = clientAddress(c, trustProxy);
    switch (c.req.path) {
      case "/api/auth/sign-up/email": {
        const refused = await consume(c, [[signUpAddress, address]], "Too many sign-ups");
        return refused ?? next();
      }
      case "/api/auth/sign-in/email": {
        const email = await emailOf(c.req.raw);
        const attempts: Attempt[] = [[signInAddress, address]];
        if (email) attempts.push(passwordDelay(email, address), [signInAccount, email]);
        const refused = await consume(c, attempts, "Too many failed sign-ins");
        if (refused) return refused;
        await next();
        // Only a wrong password counts; anything else gives its attempt back.
        await settle(attempts, c.res.status === 401);
        return;
      }
      case "/api/auth/request-password-reset": {
        // Counted whether or not the address has an account, so the limit tells nothing either.
        const email = await emailOf(c.req.raw);
        const attempts: Attempt[] = [[resetAddress, address]];
        if (email) attempts.push([resetEmail, email]);
        const refused = await consume(c, attempts, "Too many password-reset requests");
        return refused ?? next();
      }
      case "/api/auth/send-verification-email": {
        // Counted whatever the address, as password resets are: the limit tells nothing of accounts.
        const email = await emailOf(c.req.raw);
        const attempts: Attempt[] = [[verifyAddress, address]];
        if (email) attempts.push([verifyEmail, email]);
        const refused = await consume(c, attempts, "Too many verification mails asked for");
        return refused ?? next();
      }
      case "/api/auth/change-password": {
        const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
        if (!session) return next(); // better-auth responds 401
        const email = session.user.email.toLowerCase();
        const attempts: Attempt[] = [passwordDelay(email, address), [signInAccount, email]];
        const refused = await consume(c, attempts, "Too many wrong passwords");
        if (refused) return refused;
        await next();
        await settle(attempts, await isWrongPassword(c.res));
        return;
      }
      default: {
        const refused = await consume(
          c,
          [[writesLimiter, `address:${address}`]],
          "Too many requests",
        );
        return refused ?? next();
      }
    }
  });

  const writes = createMiddleware<AppBindings>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const user = c.get("user");
    const caller = user ? `user:${user.id}` : `address:${clientAddress(c, trustProxy)}`;
    const refused = await consume(c, [[writesLimiter, caller]], "Too many requests");
    return refused ?? next();
  });

  return { auth, writes };
}

type Attempt = [Counter | null, string];

/**
 * Counts the attempts in turn; a 429 response at the first one over its
 * limit, after giving back those already counted. So an address refused for
 * its own failures uses up nothing of the account's ceiling, and cannot
 * lock the owner out by hammering.
 */
async function consume(c: Context<AppBindings>, attempts: Attempt[], what: string) {
  let refused: Decision | null = null;
  for (const [index, [counter, id]] of attempts.entries()) {
    const decision = (await counter?.consume(id)) ?? allowed;
    if (decision.allowed) continue;
    refused = decision;
    if (counter) c.var.deps.metrics.refused(counter.name);
    await refund(attempts.slice(0, index));
    break;
  }
  if (!refused) return null;
  const wait = refused.retryAfterSeconds;
  const body = new AppError("RATE_LIMITED", `${what}. Please try again in ${inWords(wait)}.`);
  c.header("Retry-After", String(wait));
  return c.json(body.toBody(), 429);
}

async function refund(attempts: Attempt[]) {
  await Promise.all(attempts.map(([counter, id]) => counter?.refund(id)));
}

/** After the answer: a failure is noted as of now; anything else is given back. */
async function settle(attempts: Attempt[], failed: boolean) {
  if (!failed) return refund(attempts);
  await Promise.all(attempts.map(([counter, id]) => counter?.failed?.(id)));
}

const allowed: Decision = { allowed: true, retryAfterSeconds: 0 };

function inWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/** The e-mail of a sign-in body, normalised as accounts are matched; null when there is none. */
async function emailOf(request: Request): Promise<string | null> {
  try {
    // A clone: the route itself reads the body afterwards.
    const body: unknown = await request.clone().json();
    if (typeof body !== "object" || body === null || !("email" in body)) return null;
    const { email } = body;
    return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : null;
  } catch {
    return null; // not JSON: the route responds 400
  }
}

async function isWrongPassword(response: Response): Promise<boolean> {
  if (response.status !== 400) return false;
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    return body.error?.code === "INVALID_PASSWORD";
  } catch {
    return false;
  }
}
