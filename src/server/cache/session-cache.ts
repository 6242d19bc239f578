import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { User } from "#src/shared/schemas/users";
import type { Auth } from "../auth";
import type { Env } from "../env";
import { type CacheCounters, UNCOUNTED } from "../metrics/metrics";
import { toUser } from "../session-user";
import {
  type DataVersion,
  type StoredSession,
  sessionScope,
  type VersionScope,
} from "./data-version";

/** Who is calling: the signed-in user and their session, or nobody. */
export interface Caller {
  user: User;
  sessionId: string;
}

/** A cached session: who it is, and the version of its user's sessions it was read at. */
export interface CachedSession {
  caller: Caller;
  /** `session:<userId>`: moved by any write to the user's sessions or row. */
  scope: VersionScope;
  /** The scope's version the session was read at: any write since, and it is read again. */
  version: string;
  /** After this (ms), better-auth must see the request: the session expires or is due a refresh. */
  validUntil: number;
}

/**
 * better-auth's getSession costs two SQL statements, an HMAC check through
 * WebCrypto and its endpoint machinery (about a millisecond) on every request. This caches its response per session cookie, in memory, for
 * as long as nothing has been written to that user's sessions or user row
 * (the `session:<userId>` version, cache/data-version.ts): sign-out, account
 * deletion, a password change (other sessions deleted), a refresh or an
 * expired session's clean-up are all such writes, on whichever process they
 * happen, so the next request after any of them asks better-auth again. No
 * other write (a page's data, another user's session) touches it. Entries
 * also end when the session expires or is due its daily refresh, so
 * better-auth keeps doing both. Keyed by the whole signed cookie value: a
 * forged signature is a different key and goes to better-auth, which refuses it.
 *
 * A session not cached yet is read with its user in one statement; when the
 * cookie's signature is this server's and the session is unexpired and not
 * due its refresh, that row is the answer (`#fromStore`): better-auth would
 * read the same rows and write nothing. Everything else is better-auth's.
 */
export class SessionCache {
  readonly #entries: LRUCache<string, CachedSession>;
  readonly #auth: Auth;
  readonly #deps: { env: Pick<Env, "adminEmails"> };
  readonly #counters: CacheCounters;
  #cookieName: Promise<string> | null = null;
  #knownCookieName: string | null = null;
  #sessionDataCookieName: string | null = null;
  #authSecret: Promise<string> | null = null;

  constructor(
    auth: Auth,
    deps: { env: Pick<Env, "adminEmails"> },
    counters: CacheCounters = UNCOUNTED,
  ) {
    this.#auth = auth;
    this.#deps = deps;
    this.#counters = counters;
    this.#entries = new LRUCache<string, CachedSession>({
      max: 10_000,
      dispose: (_entry, _token, reason) => {
        if (reason === "evict") counters.evict();
      },
    });
  }

  /**
   * The caller of a request with these headers, with `versions` read after
   * the request arrived. When better-auth was asked and wants cookies set (a
   * refreshed session's new expiry, a dead session's cookie cleared), they
   * go to `setCookies`, for the response. `checkedOnArrival`: the entry
   * whose version was already read unchanged after this request arrived
   * (cache/replay.ts); while it is still this cookie's entry, it is not read
   * again.
   */
  async getSession(
    headers: Headers,
    versions: DataVersion,
    setCookies: (cookies: string[]) => void = () => {},
    checkedOnArrival?: CachedSession,
  ): Promise<Caller | null> {
    const cookie = headers.get("cookie");
    if (!cookie) return null;
    const values = cookieValues(cookie, await this.#sessionCookieName());
    // No session cookie: better-auth would return null without reading anything.
    if (values.length === 0) return null;
    // Two of them (paths, a stale duplicate): which one counts is better-auth's call, uncached.
    if (values.length > 1) return this.#fromBetterAuth(headers, setCookies);
    const value = values[0] ?? "";
    const entry = this.#entries.get(value);
    if (entry && Date.now() < entry.validUntil) {
      if (entry === checkedOnArrival || (await versions.read(entry.scope)) === entry.version) {
        this.#counters.hit();
        return entry.caller;
      }
    }
    this.#counters.miss();
    // Read before better-auth reads: a sign-out committed after this moves the
    // version, so what better-auth answers is never kept past it.
    const signed = await this.#signedToken(value);
    const owner = signed === null ? null : await versions.readSession(signed.token);
    if (owner && signed?.verified && !this.#carriesSessionData(cookie)) {
      const stored = this.#fromStore(owner);
      if (stored) {
        this.#entries.set(value, stored);
        return stored.caller;
      }
    }
    const session = await this.#askBetterAuth(headers, setCookies);
    if (!session) {
      this.#entries.delete(value);
      return null;
    }
    const caller = this.#toCaller(session);
    if (owner && owner.userId === session.user.id) {
      this.#entries.set(value, {
        caller,
        scope: sessionScope(owner.userId),
        version: owner.version,
        validUntil: this.#validUntil(new Date(session.session.expiresAt)),
      });
    } else {
      this.#entries.delete(value);
    }
    return caller;
  }

  /**
   * The session as stored, when better-auth would answer it without writing
   * anything: unexpired and not yet due its daily refresh (better-auth's own
   * rule, below). Anything else — expired, due a refresh — goes to better-auth,
   * which deletes, refreshes and sets cookies as it always does.
   */
  #fromStore(stored: StoredSession): CachedSession | null {
    const now = Date.now();
    const validUntil = this.#validUntil(stored.expiresAt);
    if (!(now < stored.expiresAt.getTime() && now < validUntil)) return null;
    return {
      caller: { user: toUser(stored.user, this.#deps), sessionId: stored.sessionId },
      scope: sessionScope(stored.userId),
      version: stored.version,
      validUntil,
    };
  }

  /**
   * The token of a signed session cookie's value, and whether its signature
   * is this server's: better-auth's signed cookies (`<token>.<signature>`,
   * URL-encoded; the signature HMAC-SHA256 of the token under the auth secret,
   * in base64, 44 characters), checked with node:crypto the way better-auth
   * checks them. Null when the value has no such shape.
   */
  async #signedToken(value: string): Promise<{ token: string; verified: boolean } | null> {
    const token = sessionTokenOf(value);
    if (token === null) return null;
    const signature = decodeURIComponent(value).slice(token.length + 1);
    if (signature.length !== 44 || !signature.endsWith("=")) return { token, verified: false };
    const expected = createHmac("sha256", await this.#secret())
      .update(token)
      .digest();
    const given = Buffer.from(signature, "base64");
    const verified = given.length === expected.length && timingSafeEqual(given, expected);
    return { token, verified };
  }

  /** better-auth's cookie cache cookie, which it clears when present: left to better-auth. */
  #carriesSessionData(cookie: string): boolean {
    return this.#sessionDataCookieName !== null && cookie.includes(this.#sessionDataCookieName);
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
   * Without asking anyone (cache/replay.ts, the page cache): the session as
   * cached for this Cookie header, to be checked against its scope's version
   * by the caller; null when the header carries no session cookie (signed
   * out), or undefined when only better-auth can tell (not cached, due a
   * refresh, ambiguous).
   */
  peek(cookie: string | undefined): CachedSession | null | undefined {
    const name = this.#knownCookieName;
    if (name === null) return undefined;
    const values = cookie ? cookieValues(cookie, name) : [];
    if (values.length === 0) return null;
    if (values.length > 1) return undefined;
    const entry = this.#entries.get(values[0] ?? "");
    return entry && Date.now() < entry.validUntil ? entry : undefined;
  }

  #validUntil(sessionExpiresAt: Date) {
    const { expiresIn, updateAge } = this.#auth.options.session;
    const expiresAt = sessionExpiresAt.getTime();
    // better-auth refreshes a session once `expiresAt - expiresIn + updateAge` has passed.
    return Math.min(expiresAt, expiresAt - expiresIn * 1000 + updateAge * 1000);
  }

  #sessionCookieName() {
    this.#cookieName ??= this.#auth.$context.then((context) => {
      this.#knownCookieName = context.authCookies.sessionToken.name;
      this.#sessionDataCookieName = `${context.authCookies.sessionData.name}=`;
      return this.#knownCookieName;
    });
    return this.#cookieName;
  }

  #secret() {
    this.#authSecret ??= this.#auth.$context.then((context) => context.secret);
    return this.#authSecret;
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

/**
 * The session token in a signed session cookie's value (`<token>.<signature>`,
 * URL-encoded), or null when it has no such shape. Only used to look the
 * session's user up; better-auth checks the signature.
 */
export function sessionTokenOf(value: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf(".");
  return dot > 0 ? decoded.slice(0, dot) : null;
}
