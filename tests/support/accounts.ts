import type { RegisterInput } from "#src/shared/schemas/auth";
import { buildAccount, TEST_PASSWORD } from "#tests/support/builders/account";
import type { Api } from "#tests/support/builders/api";

/** Registers through the public API and returns the browser's Cookie header for the new session. */
export async function signUp(api: Api, input: Partial<RegisterInput> = {}): Promise<string> {
  const body = buildAccount(input);
  return sessionCookie(await api.request("/api/auth/sign-up/email", { body }), "sign-up");
}

/** Signs in through the public API and returns the Cookie header for the session. */
export async function signIn(
  api: Api,
  input: { email: string; password?: string },
): Promise<string> {
  const body = { email: input.email, password: input.password ?? TEST_PASSWORD };
  return sessionCookie(await api.request("/api/auth/sign-in/email", { body }), "sign-in");
}

async function sessionCookie(response: Response, what: string): Promise<string> {
  if (response.status !== 200) {
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  }
  const cookie = cookieHeader(response);
  if (!cookie) throw new Error(`${what} answered 200 without setting a cookie`);
  return cookie;
}

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case; valueless flags (HttpOnly, Secure) map to "". */
  attributes: Record<string, string>;
}

export function parseSetCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = "", ...rest] = line.split(";");
    const separator = pair.indexOf("=");
    const attributes: Record<string, string> = {};
    for (const attribute of rest) {
      const [key = "", ...value] = attribute.trim().split("=");
      attributes[key.toLowerCase()] = value.join("=");
    }
    return {
      name: pair.slice(0, separator).trim(),
      value: pair.slice(separator + 1).trim(),
      attributes,
    };
  });
}

/** What a browser would send back: every cookie the response set, minus those it deleted. */
export function cookieHeader(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const cookie of parseSetCookies(response)) {
    if (cookie.value === "" || cookie.attributes["max-age"] === "0") jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
