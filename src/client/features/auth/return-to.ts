import type { LoginState } from "#src/client/lib/login-state";

/**
 * Where to go after signing in: the page the login guard sent us from
 * (router state `from`), else home. Only same-app paths are possible, since
 * the state is a router location, never a URL from the query string.
 */
export function returnPath(state: unknown): string {
  const from = (state as Partial<LoginState> | null)?.from;
  if (!from?.pathname || from.pathname === "/login" || from.pathname === "/registration") {
    return "/";
  }
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** The router state to arrive with: 'Buy' reopens its booking dialog there. */
export function returnState(state: unknown): { book: true } | null {
  return (state as Partial<LoginState> | null)?.book === true ? { book: true } : null;
}

/** Why the visitor was sent to log in, when the link that sent them said so. */
export function loginReason(state: unknown): string | null {
  const reason = (state as Partial<LoginState> | null)?.reason;
  return typeof reason === "string" && reason.length > 0 ? reason : null;
}
