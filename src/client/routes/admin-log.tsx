import { PageHeading } from "../components/page-heading";
import { AdminLog } from "../features/moderation/components/admin-log";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/adminLog (admins only, by the route's role guard). */
export function Component() {
  usePageTitle("Admin log");
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageHeading>Admin log</PageHeading>
      <p className="mt-2 text-base-content/80">
        Every administrator action: who, what, when and why.
      </p>
      <AdminLog />
    </section>
  );
}
