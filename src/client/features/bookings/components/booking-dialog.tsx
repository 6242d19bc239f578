import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormWithSummary } from "#src/client/components/error-summary";
import { ReadOnlyField, TextField } from "#src/client/components/form-field";
import { Modal } from "#src/client/components/modal";
import { isApiError, newIdempotencyKey } from "#src/client/lib/api-client";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { useConfig } from "#src/client/lib/config";
import { useFormFailures } from "#src/client/lib/field-errors";
import { formatPrice } from "#src/client/lib/format";
import { photoSources } from "#src/client/lib/photo-sources";
import { useMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { type BookingInput, bookingInputSchema } from "#src/shared/schemas/bookings";
import { bikeDetailQuery, createBooking } from "../api";
import { markBikeBooked } from "../booking-cache";
import { BookingQuote } from "./booking-quote";

/** The dialog's picture: the full width of a phone, half of the dialog from md up. */
const DIALOG_PHOTO_SIZES = "(min-width: 768px) 320px, 100vw";

type BookingValues = z.output<typeof bookingInputSchema>;

/**
 * Booking one bike: the bike's facts read-only, the buyer's phone and meeting
 * place, and the server's quote. The price is never taken from the request:
 * the final price shown is sent only so the server can refuse a booking at a
 * price that changed meanwhile (409 PRICE_CHANGED, PRODUCT.md §8); the new
 * quote is then shown and the buyer confirms again.
 */
export default function BookingDialog({
  bike,
  onClose,
}: {
  bike: ListedBike;
  onClose: () => void;
}) {
  const titleId = useId();
  const formId = useId();
  const { data: user } = useMe();
  const { data: config } = useConfig();
  const queryClient = useQueryClient();
  const detail = useQuery(bikeDetailQuery(bike.id));
  const [taken, setTaken] = useState(false);
  const form = useForm<BookingInput, unknown, BookingValues>({
    resolver: zodResolver(bookingInputSchema),
    defaultValues: { bikeId: bike.id, phone: "", meetingLocation: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["phone", "meetingLocation"]);
  const { errors } = form.formState;
  const { setFocus } = form;

  // The dialog's own focus goes to its first control (Close); the phone is where typing starts.
  useEffect(() => setFocus("phone"), [setFocus]);

  // Someone else may have booked it since the list was loaded.
  const gone = taken || (detail.data !== undefined && detail.data.status !== "available");
  useEffect(() => {
    if (detail.data && detail.data.status !== "available") markBikeBooked(bike.id);
  }, [detail.data, bike.id]);

  // One key per opening of the dialog: a retry after a lost answer can't book twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const book = useMutation({
    mutationFn: (input: BookingInput) =>
      createBooking(
        { ...input, expectedFinalPrice: detail.data?.quote.finalPrice },
        idempotencyKey,
      ),
    onSuccess: (booking) => {
      form.reset();
      markBikeBooked(bike.id, booking.id);
      onClose();
      toast.success("booking confirm");
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "PRICE_CHANGED") {
        // The 409 carries the new quote: show it at once, with the listed
        // price it was worked out from, rather than the old one beside the
        // error until the bike is read again (which brings the rest).
        const { quote } = error;
        if (quote) {
          queryClient.setQueryData(bikeDetailQuery(bike.id).queryKey, (old) =>
            old ? { ...old, resalePrice: quote.listedPrice, quote } : old,
          );
        }
        void detail.refetch();
      } else if (isApiError(error) && error.code === "CONFLICT") {
        setTaken(true);
        markBikeBooked(bike.id);
      }
      failures.onServerError(error);
    },
  });

  const listed = detail.data?.resalePrice ?? bike.resalePrice;
  const price = config ? formatPrice(listed, config.currency) : String(listed);

  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={book.isPending} className="max-w-3xl">
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          Book this bike
        </h2>
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm"
          aria-label="Close"
          disabled={book.isPending}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      {/*
        Phone: one column in reading order (picture, fields, price, confirm).
        Wider: picture and price on the left, fields on the right, so it all
        fits without scrolling. The confirm button sits outside the <form>
        (tied to it by `form`) so the price can come between them.
      */}
      <div className="grid gap-4 md:grid-cols-2 md:gap-x-6">
        <img
          {...photoSources(bike.imageUrl, DIALOG_PHOTO_SIZES)}
          alt={`${bike.name}: ${bike.title}`}
          width="800"
          height="600"
          className="aspect-[4/3] max-h-36 w-full rounded-box bg-base-200 object-cover md:col-start-1 md:row-start-1 md:max-h-none"
        />
        <FormWithSummary
          id={formId}
          summary={failures.summary}
          onSubmit={failures.handleSubmit((input) => book.mutate(input))}
          className="flex flex-col gap-3 md:col-start-2 md:row-span-2 md:row-start-1"
        >
          {gone && !taken ? (
            // Seen on opening, not after a submit: the server's 409 says it in the summary.
            <p role="alert" className="alert alert-warning alert-soft text-sm">
              Sorry, this bike was just booked by someone else.
            </p>
          ) : null}
          <input type="hidden" {...form.register("bikeId")} />
          <ReadOnlyField label="Title" value={bike.title} />
          <ReadOnlyField label="Price" value={price} />
          <ReadOnlyField label="Email" value={user?.email ?? ""} />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            registration={form.register("phone")}
            error={errors.phone?.message}
          />
          <TextField
            label="Meeting location"
            autoComplete="street-address"
            hint="Where you would like to meet the seller."
            registration={form.register("meetingLocation")}
            error={errors.meetingLocation?.message}
          />
        </FormWithSummary>
        <div className="md:col-start-1 md:row-start-2">
          <BookingQuote detail={detail} />
        </div>
        <button
          type="submit"
          form={formId}
          className="btn btn-primary w-full md:col-span-2"
          disabled={gone || !detail.isSuccess || book.isPending}
        >
          {book.isPending ? (
            <>
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              Loading...
            </>
          ) : (
            "Confirm booking"
          )}
        </button>
      </div>
    </Modal>
  );
}
