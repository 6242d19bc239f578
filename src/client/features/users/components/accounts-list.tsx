import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { type AccountType, usersQuery } from "../api";
import { AccountCard } from "./account-card";

const plural: Record<AccountType, string> = { seller: "sellers", buyer: "buyers" };

/** All sellers or all buyers, newest first, a page at a time: two columns of cards, one on phones. */
export function AccountsList({ accountType }: { accountType: AccountType }) {
  const users = useInfiniteQuery(usersQuery(accountType));
  const list = useRef<HTMLUListElement>(null);
  const what = plural[accountType];
  if (users.isPending) return <LoadingState label={`Loading ${what}...`} />;
  if (users.isError) {
    return <ErrorState what={`the ${what}`} query={users} />;
  }
  const accounts = users.data.pages.flatMap((page) => page.items);
  if (accounts.length === 0) return <EmptyState title={`No ${what} yet.`} />;
  return (
    <>
      <ul ref={list} className="mt-6 grid gap-4 md:grid-cols-2">
        {accounts.map((user) => (
          <li key={user.id}>
            <AccountCard user={user} accountType={accountType} />
          </li>
        ))}
      </ul>
      <LoadMore what={what} pages={users} list={list} />
    </>
  );
}
