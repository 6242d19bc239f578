import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/**
 * One cache for the app. Client errors (4xx) are answers, not hiccups, so
 * they are not retried; network trouble and 5xx get two more tries.
 */
export const queryClient = new QueryClient({
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
