import { PageHeading } from "../components/page-heading";
import { AccountsList } from "../features/users/components/accounts-list";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/allBuyer (admins only, by the route's role guard). */
export function Component() {
  usePageTitle("All buyers");
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeading>All buyers</PageHeading>
      <AccountsList accountType="buyer" />
    </section>
  );
}
