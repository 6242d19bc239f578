import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/**
 * A 401 UNAUTHENTICATED from any request means the session ended on the
 * server (signed out elsewhere, or the account was deleted by an admin). The
 * cached user is then wrong: drop it, and the login guard sends the visitor
 * to /login with 'Please login first'. The key is written out rather than
 * imported because session.ts depends on this module.
 */
function onSessionLost(error: unknown) {
  if (isApiError(error) && error.status === 401 && error.code === "UNAUTHENTICATED") {
    queryClient.setQueryData(["me"], null);
  }
}

/**
 * One cache for the app. Client errors (4xx) are responses, not hiccups, so
 * they are not retried; network trouble and 5xx get two more tries.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionLost }),
  mutationCache: new MutationCache({ onError: onSessionLost }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
