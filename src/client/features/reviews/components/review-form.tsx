import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SelectField, SubmitButton, TextAreaField } from "#src/client/components/form-field";
import { bindField, useFormFailures } from "#src/client/lib/field-errors";
import { queryKeys } from "#src/client/lib/query-keys";
import { groupedNumber } from "#src/shared/numbers";
import type { Booking } from "#src/shared/schemas/bookings";
import {
  REVIEW_TEXT_MAX,
  type ReviewInput,
  type ReviewOutput,
  reviewInputSchema,
} from "#src/shared/schemas/reviews";
import { reviewSeller } from "../api";

const RATINGS = [
  { value: "5", label: "5 stars: excellent" },
  { value: "4", label: "4 stars: good" },
  { value: "3", label: "3 stars: fair" },
  { value: "2", label: "2 stars: poor" },
  { value: "1", label: "1 star: bad" },
];

/** A rating and optional words for a completed booking's seller; every failure said in the form. */
export function ReviewForm({
  booking,
  onCancel,
  onSent,
}: {
  booking: Booking;
  onCancel: () => void;
  onSent: () => void;
}) {
  const client = useQueryClient();
  const form = useForm<ReviewInput, unknown, ReviewOutput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { text: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["rating", "text"]);
  const send = useMutation({
    mutationFn: (input: ReviewOutput) => reviewSeller(booking.id, input),
    onSuccess: async () => {
      onSent();
      // The rating shows beside the seller's name on every bike list and on the profile.
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.bookings }),
        client.invalidateQueries({ queryKey: queryKeys.bikes }),
        client.invalidateQueries({ queryKey: queryKeys.sellers }),
      ]);
    },
    onError: failures.onServerError,
  });
  return (
    <section aria-label={`Review ${booking.seller.name}`} className="w-full">
      <FormWithSummary
        summary={failures.summary}
        onSubmit={failures.handleSubmit((input) => send.mutate(input))}
        className="flex w-full flex-col gap-3"
      >
        <SelectField
          label="Rating"
          placeholder="Choose a rating"
          options={RATINGS}
          {...bindField(form, "rating", {
            setValueAs: (value: string) => (value === "" ? undefined : Number(value)),
          })}
        />
        <TextAreaField
          label="Review (optional)"
          hint={`What was buying from ${booking.seller.name} like? Up to ${groupedNumber(REVIEW_TEXT_MAX)} characters.`}
          rows={3}
          {...bindField(form, "text")}
        />
        <div className="flex flex-wrap gap-2">
          <div className="min-w-40 flex-1">
            <SubmitButton pending={send.isPending}>Post review</SubmitButton>
          </div>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </FormWithSummary>
    </section>
  );
}
