import { PageHeading } from "../components/page-heading";
import { MyBookings } from "../features/bookings/components/my-bookings";
import { ReviewSeller } from "../features/reviews/components/review-seller";
import { usePageTitle } from "../lib/page-title";

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
