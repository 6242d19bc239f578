import type { Booking } from "#src/shared/schemas/bookings";
import { patchBikeEverywhere } from "../../lib/bike-cache";
import { updatePagedItems } from "../../lib/paged-items";
import { queryClient } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";

/**
 * After a booking is made or lost to someone else: the bike shows booked on
 * every list at once, and what depends on it (the home page's Advertised
 * section, availability counts, quotes, the bookings lists) is fetched again
 * when next shown. `yourBookingId` when the booking is the caller's own.
 */
export function markBikeBooked(bikeId: string, yourBookingId?: string): void {
  patchBikeEverywhere(
    bikeId,
    yourBookingId ? { status: "booked", yourBookingId } : { status: "booked" },
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
  void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
  void queryClient.invalidateQueries({ queryKey: queryKeys.advertisedBikes });
  void queryClient.invalidateQueries({ queryKey: ["bikes", "detail"] });
}

/** A booking changed status: replace it in whichever page of its list holds it, and let the bike lists catch up. */
export function applyBookingChange(listKey: readonly string[], booking: Booking): void {
  updatePagedItems<Booking>(listKey, (items) =>
    items.map((item) => (item.id === booking.id ? booking : item)),
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.bikes });
  void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
}
