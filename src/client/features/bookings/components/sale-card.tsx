import { ActionError } from "#src/client/components/action-error";
import { queryKeys } from "#src/client/lib/query-keys";
import { allowedTransitions } from "#src/shared/booking-rules";
import type { Booking, BookingStatus } from "#src/shared/schemas/bookings";
import { updateFailed, useBookingStatus } from "../use-booking-status";
import { BookingCardFrame, Detail } from "./booking-card-frame";

const buttons: Partial<Record<BookingStatus, { label: string; className: string }>> = {
  accepted: { label: "Accept", className: "btn-success" },
  completed: { label: "Mark sold", className: "btn-primary" },
  declined: { label: "Decline", className: "btn-outline btn-error" },
};

/** A booking on one of the seller's bikes: who wants it, how to reach them, and the seller's replies (accept, decline, mark sold). */
export function SaleCard({ booking }: { booking: Booking }) {
  const change = useBookingStatus(queryKeys.sales);
  const next = allowedTransitions("seller", booking.status);
  const running = change.isPending ? change.variables.status : null;

  return (
    <BookingCardFrame
      booking={booking}
      actions={
        next.length === 0 ? null : (
          <>
            {next.map((status) => {
              const button = buttons[status];
              if (!button) return null;
              return (
                <button
                  key={status}
                  type="button"
                  className={`btn btn-sm ${button.className}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ booking, status })}
                >
                  {running === status ? (
                    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  ) : null}
                  {button.label}
                </button>
              );
            })}
            <ActionError message={change.isError ? updateFailed(change.error) : null} />
          </>
        )
      }
    >
      <Detail term="Buyer">{booking.buyer.name}</Detail>
      <Detail term="Phone">
        <a className="link inline-flex min-h-6 items-center" href={`tel:${booking.phone}`}>
          {booking.phone}
        </a>
      </Detail>
      <Detail term="Meeting location">{booking.meetingLocation}</Detail>
    </BookingCardFrame>
  );
}
