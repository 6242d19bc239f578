import { Link } from "react-router";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { loginToBook } from "#src/client/lib/login-state";
import { canBookBike, ownsBike } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";

interface BuyButtonProps {
  bike: ListedBike;
  /** undefined while the session is still being asked for. */
  user: User | null | undefined;
  onBuy: (bike: ListedBike) => void;
  /** Starts loading the booking dialog's code when the pointer or focus comes near. */
  onIntent?: () => void;
}

/** The caller's active booking of this bike, where they can follow it. */
export function yourBookingPath(bookingId: string): string {
  return `/dashboard/myBooking#booking-${bookingId}`;
}

/**
 * 'Buy' opens the booking dialog. It is disabled for booked and sold bikes
 * and the caller's own (canBookBike, the rule the server enforces), with the
 * reason in words; the buyer who booked it gets a link to their booking.
 * Signed out, it leads to login and back to this bike, dialog open.
 */
export function BuyButton({ bike, user, onBuy, onIntent }: BuyButtonProps) {
  if (user === null) {
    return (
      <Link to="/login" state={loginToBook(bike)} className="btn btn-primary w-full">
        Buy
      </Link>
    );
  }
  if (bike.yourBookingId) {
    return (
      <div className="flex w-full flex-col gap-1">
        <p className="text-center text-sm font-semibold">You booked this bike.</p>
        <Link
          to={yourBookingPath(bike.yourBookingId)}
          className="btn btn-outline btn-primary w-full"
        >
          See your booking
        </Link>
      </div>
    );
  }
  const allowed = canBookBike(user, bike);
  const reason = !user
    ? null
    : ownsBike(user, bike)
      ? "This is your listing."
      : bike.status === "booked"
        ? "Someone has booked this bike."
        : bike.status === "sold"
          ? "This bike has been sold."
          : null;
  return (
    <div className="flex w-full flex-col gap-1">
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={!allowed}
        onClick={() => onBuy(bike)}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        Buy
      </button>
      {reason ? <p className="text-center text-xs text-base-content/75">{reason}</p> : null}
    </div>
  );
}
