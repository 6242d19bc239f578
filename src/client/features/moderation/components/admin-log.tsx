import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { TimeAgo } from "#src/client/components/time-ago";
import type { AdminActionKind } from "#src/shared/schemas/moderation";
import { adminActionsQuery } from "../api";

const actionLabel: Record<AdminActionKind, string> = {
  verify_seller: "verified the seller",
  unverify_seller: "took back the verification of",
  delete_account: "deleted the account",
  delete_listing: "deleted the listing",
  hide_listing: "hid the listing",
  unhide_listing: "showed again the listing",
  dismiss_report: "dismissed a report of",
  remove_review: "removed a review of",
};

/** What administrators did, newest first: who, what, when and why. */
export function AdminLog() {
  const actions = useInfiniteQuery(adminActionsQuery);
  const list = useRef<HTMLOListElement>(null);
  if (actions.isPending) return <LoadingState label="Loading the admin log..." />;
  if (actions.isError) return <ErrorState what="the admin log" query={actions} />;
  if (actions.data.pages[0]?.items.length === 0) {
    return <EmptyState title="No administrator has done anything yet." />;
  }
  return (
    <>
      <ol
        ref={list}
        className="mt-6 divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
      >
        {actions.data.pages.flatMap((page) =>
          page.items.map((action) => (
            <li key={action.id} className="flex flex-col gap-1 p-4">
              <p className="break-words">
                <span className="font-semibold">{action.admin.name}</span>{" "}
                {actionLabel[action.action]}{" "}
                <span className="font-semibold">{action.target.label}</span>
              </p>
              {action.reason ? (
                <p className="text-sm break-words text-base-content/85">Why: {action.reason}</p>
              ) : null}
              <p className="text-sm text-base-content/70">
                <TimeAgo iso={action.createdAt} />
              </p>
            </li>
          )),
        )}
      </ol>
      <LoadMore what="actions" pages={actions} list={list} />
    </>
  );
}
