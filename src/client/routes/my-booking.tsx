import { PageHeading } from "../components/page-heading";
import { myBookingsQuery } from "../features/bookings/api";
import { MyBookings } from "../features/bookings/components/my-bookings";
import { ReviewSeller } from "../features/reviews/components/review-seller";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { usePageTitle } from "../lib/page-title";
import { meQuery } from "../lib/session";

/** The bookings arrive before the page shows (drawn by the server); signed out, the guard takes over. */
export const pageData: PageData = async (client) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  if (user) await client.ensureInfiniteQueryData(myBookingsQuery);
  await config;
};

export const loader = waitForPageData(pageData);

/** /myBooking and /dashboard/myBooking. */
export function Component() {
  usePageTitle("My booking");
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeading>My booking</PageHeading>
      <MyBookings
        reviewFor={(booking) =>
          booking.status === "completed" ? <ReviewSeller booking={booking} /> : null
        }
      />
    </section>
  );
}
