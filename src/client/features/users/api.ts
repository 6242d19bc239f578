import { infiniteQueryOptions } from "@tanstack/react-query";
import type { Page } from "#src/shared/schemas/bikes";
import type { User } from "#src/shared/schemas/users";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export type AccountType = "seller" | "buyer";

/**
 * The accounts of one type, a page at a time: the first page the newest,
 * each next one older; `q` keeps those whose name or address holds it.
 */
export const usersQuery = (accountType: AccountType, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users(accountType, q),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ accountType });
      if (q) params.set("q", q);
      if (pageParam) params.set("cursor", pageParam);
      return api<Page<User>>(`/api/users?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
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
