import { PageHeading } from "../components/page-heading";
import { AccountsList } from "../features/users/components/accounts-list";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/allSeller (admins only, by the route's role guard). */
export function Component() {
  usePageTitle("All sellers");
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeading>All sellers</PageHeading>
      <p className="mt-2 text-base-content/80">
        Verify a seller to show the verified mark on their bikes.
      </p>
      <AccountsList accountType="seller" />
    </section>
  );
}
