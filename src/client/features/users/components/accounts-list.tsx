import { useQuery } from "@tanstack/react-query";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { type AccountType, usersQuery } from "../api";
import { AccountCard } from "./account-card";

const plural: Record<AccountType, string> = { seller: "sellers", buyer: "buyers" };

/** All sellers or all buyers: two columns of cards, one on phones. */
export function AccountsList({ accountType }: { accountType: AccountType }) {
  const users = useQuery(usersQuery(accountType));
  const what = plural[accountType];
  if (users.isPending) return <LoadingState label={`Loading ${what}...`} />;
  if (users.isError) {
    return <ErrorState what={`the ${what}`} query={users} />;
  }
  if (users.data.items.length === 0) return <EmptyState title={`No ${what} yet.`} />;
  return (
    <ul className="mt-6 grid gap-4 md:grid-cols-2">
      {users.data.items.map((user) => (
        <li key={user.id}>
          <AccountCard user={user} accountType={accountType} />
        </li>
      ))}
    </ul>
  );
}
