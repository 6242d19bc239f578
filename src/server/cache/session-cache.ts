import { LRUCache } from "lru-cache";
import type { User } from "#src/shared/schemas/users";
import type { Auth } from "../auth";
import type { Env } from "../env";
import { type CacheCounters, UNCOUNTED } from "../metrics/metrics";
import { toUser } from "../session-user";

/** Who is calling: the signed-in user and their session, or nobody. */
export interface Caller {
  user: User;
  sessionId: string;
}

interface Entry {
  caller: Caller;
  /** The data version the session was read at: any write since, and it is read again. */
  version: string;
  /** After this (ms), better-auth must see the request: the session expires or is due a refresh. */
  validUntil: number;
}

/**
 * better-auth's getSession costs two SQL statements and an HMAC check on
 * every request. This caches its response per session cookie, in memory, for as
 * long as nothing at all has been written to the database since
 * (cache/data-version.ts): sign-out, account deletion, a password change or
 * an expired session's clean-up are all writes, on whichever process they
 * happen, so the next request after any of them asks better-auth again.
 * Entries also end when the session expires or is due its daily refresh, so
 * better-auth keeps doing both. Keyed by the whole signed cookie value: a
 * forged signature is a different key and goes to better-auth.
 */
export class SessionCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #auth: Auth;
  readonly #deps: { env: Pick<Env, "adminEmails"> };
  readonly #counters: CacheCounters;
  #cookieName: Promise<string> | null = null;
  #knownCookieName: string | null = null;

  constructor(
    auth: Auth,
    deps: { env: Pick<Env, "adminEmails"> },
    counters: CacheCounters = UNCOUNTED,
  ) {
    this.#auth = auth;
    this.#deps = deps;
    this.#counters = counters;
    this.#entries = new LRUCache<string, Entry>({
      max: 10_000,
      dispose: (_entry, _token, reason) => {
        if (reason === "evict") counters.evict();
      },
    });
  }

  /**
   * The caller of a request with these headers; `version` reads the current
   * data version. When better-auth was asked and wants cookies set (a
   * refreshed session's new expiry, a dead session's cookie cleared), they
   * go to `setCookies`, for the response.
   */
  async getSession(
    headers: Headers,
    version: () => Promise<string>,
    setCookies: (cookies: string[]) => void = () => {},
  ): Promise<Caller | null> {
    const cookie = headers.get("cookie");
    if (!cookie) return null;
    const tokens = cookieValues(cookie, await this.#sessionCookieName());
    // No session cookie: better-auth would return null without reading anything.
    if (tokens.length === 0) return null;
    // Two of them (paths, a stale duplicate): which one counts is better-auth's call, uncached.
    if (tokens.length > 1) return this.#fromBetterAuth(headers, setCookies);
    const token = tokens[0] ?? "";
    const now = await version();
    const entry = this.#entries.get(token);
    if (entry && entry.version === now && Date.now() < entry.validUntil) {
      this.#counters.hit();
      return entry.caller;
    }
    this.#counters.miss();
    const session = await this.#askBetterAuth(headers, setCookies);
    if (!session) {
      this.#entries.delete(token);
      return null;
    }
    const caller = this.#toCaller(session);
    this.#entries.set(token, { caller, version: now, validUntil: this.#validUntil(session) });
    return caller;
  }

  async #fromBetterAuth(headers: Headers, setCookies: (cookies: string[]) => void) {
    const session = await this.#askBetterAuth(headers, setCookies);
    return session ? this.#toCaller(session) : null;
  }

  async #askBetterAuth(headers: Headers, setCookies: (cookies: string[]) => void) {
    const result = await this.#auth.api.getSession({ headers, returnHeaders: true });
    const cookies = result.headers.getSetCookie();
    if (cookies.length > 0) setCookies(cookies);
    return result.response;
  }

  #toCaller(session: BetterAuthSession): Caller {
    return { user: toUser(session.user, this.#deps), sessionId: session.session.id };
  }

  /**
   * Without asking anyone: the caller as cached for this Cookie header at
   * `version`, null when it carries no session cookie (signed out), or
   * undefined when only better-auth can tell (not cached, stale, ambiguous).
   */
  peek(cookie: string | undefined, version: string): Caller | null | undefined {
    const name = this.#knownCookieName;
    if (name === null) return undefined;
    const tokens = cookie ? cookieValues(cookie, name) : [];
    if (tokens.length === 0) return null;
    if (tokens.length > 1) return undefined;
    const entry = this.#entries.get(tokens[0] ?? "");
    if (entry && entry.version === version && Date.now() < entry.validUntil) return entry.caller;
    return undefined;
  }

  #validUntil(session: BetterAuthSession) {
    const { expiresIn, updateAge } = this.#auth.options.session;
    const expiresAt = new Date(session.session.expiresAt).getTime();
    // better-auth refreshes a session once `expiresAt - expiresIn + updateAge` has passed.
    return Math.min(expiresAt, expiresAt - expiresIn * 1000 + updateAge * 1000);
  }

  #sessionCookieName() {
    this.#cookieName ??= this.#auth.$context.then((context) => {
      this.#knownCookieName = context.authCookies.sessionToken.name;
      return this.#knownCookieName;
    });
    return this.#cookieName;
  }
}

type BetterAuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** Every raw value a Cookie header gives the cookie `name`. */
export function cookieValues(header: string, name: string): string[] {
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === name) {
      values.push(pair.slice(equals + 1).trim());
    }
  }
  return values;
}
