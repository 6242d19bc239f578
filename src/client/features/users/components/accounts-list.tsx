import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { type AccountType, usersQuery } from "../api";
import { AccountCard } from "./account-card";

const plural: Record<AccountType, string> = { seller: "sellers", buyer: "buyers" };

/**
 * All sellers or all buyers, newest first, a page at a time: two columns of
 * cards, one on phones. A search by name or address narrows them; it lives
 * in the address (`?q=`), so back and forward, and a shared link, keep it.
 */
export function AccountsList({ accountType }: { accountType: AccountType }) {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const what = plural[accountType];
  return (
    <>
      <AccountSearch what={what} q={q} />
      <Accounts accountType={accountType} q={q} />
    </>
  );
}

/**
 * The search box: a GET form to this page, as the navbar's is to /bikes. Not
 * one component with that one: shared, it cost the home page's first
 * download 124 bytes, for a form of a dozen lines.
 */
function AccountSearch({ what, q }: { what: string; q: string }) {
  const id = useId();
  return (
    <Form role="search" aria-label={`Search ${what}`} className="join mt-6 w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        Search {what} by name or e-mail
      </label>
      <input
        key={q}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Name or e-mail"
        className="input join-item w-full"
      />
      <button type="submit" className="btn btn-primary join-item">
        Search
      </button>
    </Form>
  );
}

function Accounts({ accountType, q }: { accountType: AccountType; q: string }) {
  const users = useInfiniteQuery(usersQuery(accountType, q));
  const list = useRef<HTMLUListElement>(null);
  const what = plural[accountType];
  if (users.isPending) return <LoadingState label={`Loading ${what}...`} />;
  if (users.isError) {
    return <ErrorState what={`the ${what}`} query={users} />;
  }
  const accounts = users.data.pages.flatMap((page) => page.items);
  const showAll = (
    <Link to={{ search: "" }} className="link">
      Show all {what}
    </Link>
  );
  if (accounts.length === 0) {
    return q ? (
      <EmptyState title={`No ${what} match “${q}”.`}>{showAll}</EmptyState>
    ) : (
      <EmptyState title={`No ${what} yet.`} />
    );
  }
  return (
    <>
      {q ? (
        <p className="mt-4 text-base-content/80">
          Showing {what} whose name or e-mail holds “{q}”. {showAll}
        </p>
      ) : null}
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
