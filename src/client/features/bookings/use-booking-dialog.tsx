import { lazy, Suspense, useCallback, useState } from "react";
import type { ListedBike } from "../../lib/bike-cache";

// The dialog brings the form library and the schemas; only a click on 'Buy' loads them,
// so pages that merely list bikes (home) stay light.
const loadDialog = () => import("./components/booking-dialog");
const BookingDialog = lazy(loadDialog);

/** Warms the dialog's code up before the click, e.g. when the pointer reaches 'Buy'. */
export function preloadBookingDialog(): void {
  void loadDialog();
}

/**
 * The booking dialog for a list of bike cards: `open(bike)` shows it for
 * that bike, and `dialog` is the element to render once, below the list.
 */
export function useBookingDialog() {
  const [bike, setBike] = useState<ListedBike | null>(null);
  const close = useCallback(() => setBike(null), []);
  const dialog = bike ? (
    <Suspense fallback={<OpeningDialog />}>
      <BookingDialog key={bike.id} bike={bike} onClose={close} />
    </Suspense>
  ) : null;
  return { open: setBike, preload: preloadBookingDialog, dialog };
}

function OpeningDialog() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex items-center justify-center bg-neutral/40 text-neutral-content"
    >
      <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      <span className="sr-only">Opening the booking form...</span>
    </div>
  );
}
