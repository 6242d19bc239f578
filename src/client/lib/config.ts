import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../shared/schemas/config";
import { api } from "./api-client";

/** Deployment facts (currency, whether Google sign-in exists); they change only on restart. */
export const configQuery = queryOptions({
  queryKey: ["config"] as const,
  queryFn: ({ signal }) => api<PublicConfig>("/api/config", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useConfig() {
  return useQuery(configQuery);
}
