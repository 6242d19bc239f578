import { useId } from "react";
import { ActionError } from "#src/client/components/action-error";
import { DeleteButton } from "#src/client/components/delete-button";
import { VerifiedMark } from "#src/client/components/verified-mark";
import type { User } from "#src/shared/schemas/users";
import type { AccountType } from "../api";
import {
  deleteAccountFailed,
  useDeleteAccount,
  useVerifySeller,
  verifyFailed,
} from "../use-account-actions";

const deleteLabel: Record<AccountType, string> = {
  seller: "Delete seller",
  buyer: "Delete Buyer",
};

/**
 * One account in the admin lists. Administrators are named by configuration
 * and the server refuses to delete them, so their card has no delete button.
 */
export function AccountCard({ user, accountType }: { user: User; accountType: AccountType }) {
  const nameId = useId();
  const verify = useVerifySeller();
  const remove = useDeleteAccount(accountType);
  const admin = user.role === "admin";
  const busy = verify.isPending || remove.isPending;

  return (
    <article
      aria-labelledby={nameId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="card-title text-lg break-all">
            {user.name}
          </h3>
          {accountType === "seller" && user.verified ? <VerifiedMark className="h-5 w-5" /> : null}
          {admin ? (
            <span className="badge badge-secondary font-semibold">Administrator</span>
          ) : null}
        </div>
        <p className="text-sm break-all">
          <span className="text-base-content/75">Email: </span>
          <span>{user.email}</span>
        </p>
        <div className="card-actions mt-auto justify-end">
          {accountType === "seller" && !user.verified ? (
            <button
              type="button"
              className="btn btn-sm btn-info"
              disabled={busy}
              onClick={() => verify.mutate(user)}
            >
              {verify.isPending ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : null}
              Verify
            </button>
          ) : null}
          {admin ? null : (
            <DeleteButton
              item={user}
              deletion={remove}
              label={deleteLabel[accountType]}
              disabled={busy}
              title={`Delete ${user.name}?`}
              message={
                accountType === "seller"
                  ? "Their account, listings and wishlist are removed and they are signed out at once. Open bookings on their bikes are cancelled. This can't be undone."
                  : "Their account and wishlist are removed and they are signed out at once. Their open bookings are cancelled. This can't be undone."
              }
              confirmLabel="Delete account"
              failed={deleteAccountFailed}
            />
          )}
          <ActionError message={verify.isError ? verifyFailed(verify.error) : null} />
        </div>
      </div>
    </article>
  );
}
