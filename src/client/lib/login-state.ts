import type { Location } from "react-router";

/**
 * What a link to /login carries in its router state: where to come back to,
 * why the login is asked for (said on the login page), and whether the page
 * comes back with the booking dialog open.
 */
export interface LoginState {
  from: Partial<Location>;
  reason?: string;
  book?: boolean;
}

/** 'Buy' while signed out: log in, then back to that bike with its booking dialog open. */
export function loginToBook(bike: { id: string; title: string }): LoginState {
  return {
    from: { pathname: `/bikes/${bike.id}` },
    reason: `Log in to book ${bike.title}`,
    book: true,
  };
}

/** The bike page was reached from a login asked for by 'Buy'. */
export function cameToBook(state: unknown): boolean {
  return (state as Partial<LoginState> | null)?.book === true;
}
