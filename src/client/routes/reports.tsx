import { PageHeading } from "../components/page-heading";
import { ReportsQueue } from "../features/moderation/components/reports-queue";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/reports (admins only, by the route's role guard). */
export function Component() {
  usePageTitle("Reports");
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeading>Reports</PageHeading>
      <p className="mt-2 text-base-content/80">
        Listings buyers reported. Dismiss a report, hide the listing with a reason its owner sees,
        or delete it.
      </p>
      <ReportsQueue />
    </section>
  );
}
