import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "#src/client/components/confirm-dialog";
import { SellerName } from "#src/client/components/seller-name";
import { queryKeys } from "#src/client/lib/query-keys";
import { allowedTransitions } from "#src/shared/booking-rules";
import type { Booking } from "#src/shared/schemas/bookings";
import { updateFailed, useBookingStatus } from "../use-booking-status";
import { BookingCardFrame, Detail } from "./booking-card-frame";
import { BookingPrice } from "./booking-price";

/**
 * A booking as its buyer sees it, with 'Cancel' while it is pending or
 * accepted; `review` is what the page offers once it is completed (the
 * reviews feature's 'Review the seller', wired by the route).
 */
export function MyBookingCard({ booking, review }: { booking: Booking; review?: ReactNode }) {
  const [confirming, setConfirming] = useState(false);
  const change = useBookingStatus(queryKeys.myBookings);
  const canCancel = allowedTransitions("buyer", booking.status).includes("cancelled");

  const cancel = () =>
    change.mutate({ booking, status: "cancelled" }, { onSuccess: () => setConfirming(false) });

  return (
    <>
      <BookingCardFrame
        booking={booking}
        price={<BookingPrice booking={booking} />}
        actions={
          canCancel ? (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={change.isPending}
              onClick={() => {
                change.reset();
                setConfirming(true);
              }}
            >
              Cancel
            </button>
          ) : (
            (review ?? null)
          )
        }
      >
        <Detail term="Meeting location">{booking.meetingLocation}</Detail>
        <Detail term="Seller">
          <SellerName seller={booking.seller} />
        </Detail>
        {booking.seller.phone ? (
          <Detail term="Seller's phone">
            <a
              className="link inline-flex min-h-6 items-center"
              href={`tel:${booking.seller.phone}`}
            >
              {booking.seller.phone}
            </a>
          </Detail>
        ) : null}
      </BookingCardFrame>
      {confirming ? (
        <ConfirmDialog
          title="Cancel this booking?"
          message={`The bike "${booking.bike.title}" becomes available to other buyers again.`}
          confirmLabel="Cancel booking"
          dismissLabel="Keep booking"
          pending={change.isPending}
          error={change.isError ? updateFailed(change.error) : null}
          onConfirm={cancel}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
