import { isSeller } from "../../shared/permissions";
import { PageHeading } from "../components/page-heading";
import { VerifyEmailNotice } from "../features/auth/components/verify-email-notice";
import { myBookingsQuery, salesQuery } from "../features/bookings/api";
import { MyBookings } from "../features/bookings/components/my-bookings";
import { Sales } from "../features/bookings/components/sales";
import { ReviewSeller } from "../features/reviews/components/review-seller";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { usePageTitle } from "../lib/page-title";
import { meQuery, useMe } from "../lib/session";

/**
 * The bookings arrive before the page shows, so the server draws them rather
 * than a loading state the list later pushes down (and the browser doesn't
 * draw the whole list again after hydrating). Signed out, the guard takes over.
 */
export const pageData: PageData = async (client) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  if (isSeller(user)) await client.ensureInfiniteQueryData(salesQuery);
  else if (user) await client.ensureInfiniteQueryData(myBookingsQuery);
  await config;
};

export const loader = waitForPageData(pageData);

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
      {seller ? (
        <Sales />
      ) : (
        <MyBookings
          reviewFor={(booking) =>
            booking.status === "completed" ? <ReviewSeller booking={booking} /> : null
          }
        />
      )}
    </section>
  );
}
