import { useMutation } from "@tanstack/react-query";
import type { Booking, BookingStatus } from "#src/shared/schemas/bookings";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { changeBookingStatus } from "./api";
import { applyBookingChange } from "./booking-cache";

const done: Partial<Record<BookingStatus, string>> = {
  accepted: "Booking accepted",
  declined: "Booking declined",
  completed: "Marked as sold",
  cancelled: "Booking cancelled",
};

export const updateFailed = (error: unknown) =>
  `Could not update the booking. ${errorMessage(error)}`;

/** Moves one booking along the allowed transitions; the card updates in place. */
export function useBookingStatus(listKey: readonly string[]) {
  return useMutation({
    mutationFn: ({ booking, status }: { booking: Booking; status: BookingStatus }) =>
      changeBookingStatus(booking.id, status),
    onSuccess: (updated, { status }) => {
      applyBookingChange(listKey, updated);
      toast.success(done[status] ?? "Booking updated");
    },
    onError: (error) => {
      toast.error(updateFailed(error));
    },
  });
}
