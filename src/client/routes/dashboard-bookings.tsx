import { isSeller } from "../../shared/permissions";
import { PageHeading } from "../components/page-heading";
import { VerifyEmailNotice } from "../features/auth/components/verify-email-notice";
import { MyBookings } from "../features/bookings/components/my-bookings";
import { Sales } from "../features/bookings/components/sales";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/**
 * Dashboard index: a buyer's own bookings, or for a seller the bookings on
 * their bikes; under the heading, until the address is confirmed, the notice
 * asking to confirm it (here only, so other pages keep their first screen).
 */
export function Component() {
  const { data: user } = useMe();
  const seller = isSeller(user);
  const title = seller ? "Bookings on my bikes" : "My booking";
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeading>{title}</PageHeading>
      {user ? <VerifyEmailNotice user={user} /> : null}
      {seller ? <Sales /> : <MyBookings />}
    </section>
  );
}
