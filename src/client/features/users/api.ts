import { queryOptions } from "@tanstack/react-query";
import type { User } from "#src/shared/schemas/users";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export type AccountType = "seller" | "buyer";

export const usersQuery = (accountType: AccountType) =>
  queryOptions({
    queryKey: queryKeys.users(accountType),
    queryFn: ({ signal }) =>
      api<{ items: User[] }>(`/api/users?accountType=${accountType}`, { signal }),
    // People register all the time: ask afresh on each visit.
    staleTime: 0,
  });

export function verifySeller(userId: string): Promise<{ id: string; verified: boolean }> {
  return api(`/api/users/${encodeURIComponent(userId)}`, {
    method: "PATCH",
    body: { verified: true },
  });
}

export function deleteUser(userId: string): Promise<void> {
  return api<void>(`/api/users/${encodeURIComponent(userId)}`, { method: "DELETE" });
}
