import { useState } from "react";
import { ActionError } from "#src/client/components/action-error";
import { ConfirmDialog } from "#src/client/components/confirm-dialog";
import { SellerName } from "#src/client/components/seller-name";
import { queryKeys } from "#src/client/lib/query-keys";
import { allowedTransitions } from "#src/shared/booking-rules";
import type { Booking, BookingStatus } from "#src/shared/schemas/bookings";
import { updateFailed, useBookingStatus } from "../use-booking-status";
import { BookingCardFrame, Detail } from "./booking-card-frame";
import { SalePrice } from "./sale-price";

interface Reply {
  label: string;
  className: string;
  /** Replies that can't be undone are confirmed first, as Delete and Cancel are. */
  confirm?: { title: string; message: (booking: Booking) => string; confirmLabel: string };
}

const replies: Partial<Record<BookingStatus, Reply>> = {
  accepted: { label: "Accept", className: "btn-success" },
  completed: {
    label: "Mark sold",
    className: "btn-primary",
    confirm: {
      title: "Mark this bike sold?",
      message: (booking) =>
        `"${booking.bike.title}" is sold to ${booking.buyer.name} and leaves the listings. This can't be undone.`,
      confirmLabel: "Mark sold",
    },
  },
  declined: {
    label: "Decline",
    className: "btn-outline btn-error",
    confirm: {
      title: "Decline this booking?",
      message: (booking) =>
        `${booking.buyer.name}'s booking of "${booking.bike.title}" ends and the bike is available to other buyers again. This can't be undone.`,
      confirmLabel: "Decline booking",
    },
  },
};

/** A booking on one of the seller's bikes: who wants it, how to reach them, and the seller's replies (accept, decline, mark sold). */
export function SaleCard({ booking }: { booking: Booking }) {
  const change = useBookingStatus(queryKeys.sales);
  const [confirming, setConfirming] = useState<BookingStatus | null>(null);
  const next = allowedTransitions("seller", booking.status);
  const running = change.isPending ? change.variables.status : null;
  const asked = confirming ? replies[confirming]?.confirm : undefined;

  const reply = (status: BookingStatus) =>
    change.mutate({ booking, status }, { onSuccess: () => setConfirming(null) });

  return (
    <>
      <BookingCardFrame
        booking={booking}
        price={<SalePrice booking={booking} />}
        actions={
          next.length === 0 ? null : (
            <>
              {next.map((status) => {
                const button = replies[status];
                if (!button) return null;
                return (
                  <button
                    key={status}
                    type="button"
                    className={`btn btn-sm ${button.className}`}
                    disabled={change.isPending}
                    onClick={() => {
                      if (!button.confirm) return reply(status);
                      change.reset();
                      setConfirming(status);
                    }}
                  >
                    {running === status && !asked ? (
                      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    ) : null}
                    {button.label}
                  </button>
                );
              })}
              {asked ? null : (
                <ActionError message={change.isError ? updateFailed(change.error) : null} />
              )}
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
        <Detail term="Seller">
          <SellerName seller={booking.seller} />
        </Detail>
      </BookingCardFrame>
      {confirming && asked ? (
        <ConfirmDialog
          title={asked.title}
          message={asked.message(booking)}
          confirmLabel={asked.confirmLabel}
          dismissLabel="Keep booking"
          pending={change.isPending}
          error={change.isError ? updateFailed(change.error) : null}
          onConfirm={() => reply(confirming)}
          onDismiss={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
