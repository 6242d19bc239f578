import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { User } from "../../shared/schemas/users";
import { api } from "./api-client";
import { queryClient } from "./query-client";

/**
 * GET /api/session is the session's source of truth: the cookie is HttpOnly,
 * so the only way to know who is signed in is to ask. `{ user: null }` means
 * "nobody", which is a response, not an error.
 */
export const meQuery = queryOptions({
  queryKey: ["me"] as const,
  queryFn: async ({ signal }): Promise<User | null> => {
    const { user } = await api<{ user: User | null }>("/api/session", { signal });
    return user;
  },
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** After sign-in or sign-up: ask the server again rather than trusting a cached "nobody". */
export function refreshMe(): Promise<User | null> {
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}

/** Queries that are the same for everyone survive a sign-out; the rest belonged to the user. */
const PUBLIC_QUERY_KEYS = new Set(["me", "config", "categories"]);

// True from the moment a sign-out starts until the session is forgotten:
// what reads the user's live data (the unread badge, its event stream) stops
// first, so nothing asks the server for a session that is ending.
let signingOut = false;
const signingOutListeners = new Set<() => void>();
function setSigningOut(value: boolean) {
  signingOut = value;
  for (const listener of signingOutListeners) listener();
}

/** Called whenever a sign-out starts or ends (live-events.ts closes its stream). */
export function subscribeSigningOut(listener: () => void): () => void {
  signingOutListeners.add(listener);
  return () => signingOutListeners.delete(listener);
}

export function isSigningOut(): boolean {
  return signingOut;
}

export function useSigningOut(): boolean {
  return useSyncExternalStore(subscribeSigningOut, isSigningOut, () => false);
}

export async function signOut(): Promise<void> {
  setSigningOut(true);
  try {
    await api("/api/auth/sign-out", { body: {} });
  } catch (error) {
    setSigningOut(false);
    throw error;
  }
}

/**
 * Drops what belonged to the signed-out user. Called after leaving any
 * guarded page, so the login guard doesn't greet a deliberate logout with
 * 'Please login first'.
 */
export function forgetSession(): void {
  queryClient.removeQueries({
    predicate: (query) => !PUBLIC_QUERY_KEYS.has(String(query.queryKey[0])),
  });
  queryClient.setQueryData(meQuery.queryKey, null);
  setSigningOut(false);
}
