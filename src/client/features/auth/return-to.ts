import type { Location } from "react-router";

/**
 * Where to go after signing in: the page the login guard sent us from
 * (router state `from`), else home. Only same-app paths are possible, since
 * the state is a router location, never a URL from the query string.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === "/login" || from.pathname === "/registration") {
    return "/";
  }
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
