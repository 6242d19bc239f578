import { useMutation } from "@tanstack/react-query";
import type { User } from "#src/shared/schemas/users";
import { errorMessage } from "../../lib/api-client";
import { updatePagedItems } from "../../lib/paged-items";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { toast } from "../../lib/toast";
import { type AccountType, deleteUser, verifySeller } from "./api";

/** Changes the accounts in whichever loaded page of any list of them (a search's too) holds them. */
function updateUsers(accountType: AccountType, change: (items: User[]) => User[]) {
  updatePagedItems<User>(queryKeys.accountsOf(accountType), change);
}

export const verifyFailed = (error: unknown) =>
  `Could not verify the seller. ${errorMessage(error)}`;
export const deleteAccountFailed = (error: unknown) =>
  `Could not delete the account. ${errorMessage(error)}`;

/** 'Verify': the mark shows on the card, and on the seller's bikes once lists are fetched again. */
export function useVerifySeller() {
  return useMutation({
    mutationFn: (user: User) => verifySeller(user.id),
    onSuccess: ({ id, verified }, user) => {
      updateUsers("seller", (items) =>
        items.map((item) => (item.id === id ? { ...item, verified } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.bikes });
      toast.success(`${user.name} is verified`);
    },
    onError: (error) => toast.error(verifyFailed(error)),
  });
}

/**
 * 'Delete seller' / 'Delete Buyer': the seed's toasts, but only once the
 * server deleted the account; the card then leaves the list in place. The
 * account's bikes and bookings went with it, so those lists are refetched.
 */
export function useDeleteAccount(accountType: AccountType) {
  return useMutation({
    mutationFn: (user: User) => deleteUser(user.id),
    onSuccess: (_nothing, user) => {
      updateUsers(accountType, (items) => items.filter((item) => item.id !== user.id));
      toast.success(accountType === "seller" ? "deleted seller" : "deleted buyer");
      for (const queryKey of [queryKeys.bikes, queryKeys.bookings, queryKeys.categories]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => toast.error(deleteAccountFailed(error)),
  });
}
