import { zodResolver } from "@hookform/resolvers/zod";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormWithSummary } from "#src/client/components/error-summary";
import { TextAreaField, TextField } from "#src/client/components/form-field";
import { LoadMore } from "#src/client/components/load-more";
import { ErrorState, LoadingState } from "#src/client/components/query-states";
import { Stars } from "#src/client/components/seller-rating";
import { TimeAgo } from "#src/client/components/time-ago";
import { bindField, useFormFailures } from "#src/client/lib/field-errors";
import { queryKeys } from "#src/client/lib/query-keys";
import { useMe } from "#src/client/lib/session";
import { groupedNumber } from "#src/shared/numbers";
import {
  REMOVAL_REASON_MAX,
  REVIEW_TEXT_MAX,
  type ReplyInput,
  type Review,
  type ReviewRemovalInput,
  replyInputSchema,
  reviewRemovalSchema,
} from "#src/shared/schemas/reviews";
import { removeReview, replyToReview, sellerReviewsQuery } from "../api";

/**
 * A seller's reviews, newest first, each with the seller's reply. The
 * seller may reply once to each; an admin may remove one, saying why.
 */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const reviews = useInfiniteQuery(sellerReviewsQuery(sellerId));
  const list = useRef<HTMLUListElement>(null);
  const { data: me } = useMe();
  const headingId = useId();
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        Reviews
      </h2>
      {reviews.isPending ? (
        <LoadingState label="Loading reviews..." />
      ) : reviews.isError ? (
        <ErrorState what="the reviews" query={reviews} />
      ) : items.length === 0 ? (
        <p className="text-base-content/75">No reviews yet.</p>
      ) : (
        <ul ref={list} className="flex flex-col gap-4">
          {items.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                sellerId={sellerId}
                canReply={me?.id === sellerId && review.reply === null}
                canRemove={me?.role === "admin"}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore what="reviews" label="Show more reviews" pages={reviews} list={list} />
    </section>
  );
}

function ReviewCard({
  review,
  sellerId,
  canReply,
  canRemove,
}: {
  review: Review;
  sellerId: string;
  canReply: boolean;
  canRemove: boolean;
}) {
  const titleId = useId();
  const stars = review.rating === 1 ? "1 star" : `${review.rating} stars`;
  return (
    <article
      aria-labelledby={titleId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-2 p-5">
        <h3 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="sr-only">{`${stars} out of 5 from ${review.buyerName}`}</span>
          <Stars value={review.rating} />
          <span aria-hidden="true">{review.buyerName}</span>
        </h3>
        <p className="text-xs text-base-content/75">
          For {review.bikeTitle} · <TimeAgo iso={review.createdAt} />
        </p>
        {review.text ? <p className="whitespace-pre-line break-words">{review.text}</p> : null}
        {review.reply ? (
          <div className="mt-2 border-l-4 border-base-300 pl-3">
            <p className="text-sm font-semibold">The seller's reply</p>
            <p className="whitespace-pre-line break-words text-sm">{review.reply.text}</p>
          </div>
        ) : null}
        {canReply ? <ReplyForm review={review} sellerId={sellerId} /> : null}
        {canRemove ? <RemoveReview review={review} sellerId={sellerId} /> : null}
      </div>
    </article>
  );
}

/** Refreshes the profile (its rating) and every bike list that shows the seller's rating. */
function useRefreshSeller(sellerId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.sellerReviews(sellerId) }),
      client.invalidateQueries({ queryKey: queryKeys.bikes }),
    ]);
}

/**
 * A button that opens a small form in its place; the form gets `close` for
 * its own Cancel. Opened, the form replaces the button until it is closed
 * or its review changes (replied to, or removed).
 */
function OpenedByButton({
  opener,
  openerClass,
  children,
}: {
  opener: string;
  openerClass: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (open) return children(() => setOpen(false));
  return (
    <div className="card-actions justify-end">
      <button type="button" className={`btn btn-sm ${openerClass}`} onClick={() => setOpen(true)}>
        {opener}
      </button>
    </div>
  );
}

/** Send and cancel, side by side; send says 'Loading...' while the request runs. */
function FormButtons({
  send,
  sendClass,
  cancel,
  pending,
  onCancel,
}: {
  send: string;
  sendClass: string;
  cancel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className={`btn btn-sm ${sendClass}`} disabled={pending}>
        {pending ? "Loading..." : send}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}

function ReplyForm({ review, sellerId }: { review: Review; sellerId: string }) {
  const form = useForm<ReplyInput, unknown, z.output<typeof replyInputSchema>>({
    resolver: zodResolver(replyInputSchema),
    defaultValues: { text: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["text"]);
  const reply = useMutation({
    mutationFn: ({ text }: { text: string }) => replyToReview(review.id, text),
    onSuccess: useRefreshSeller(sellerId),
    onError: failures.onServerError,
  });
  return (
    <OpenedByButton opener="Reply" openerClass="btn-outline">
      {(close) => (
        <FormWithSummary
          summary={failures.summary}
          onSubmit={failures.handleSubmit((input) => reply.mutate(input))}
          className="flex flex-col gap-2"
        >
          <TextAreaField
            label="Your reply"
            rows={3}
            hint={`You can reply once; a reply can't be changed. Up to ${groupedNumber(REVIEW_TEXT_MAX)} characters.`}
            {...bindField(form, "text")}
          />
          <FormButtons
            send="Post reply"
            sendClass="btn-primary"
            cancel="Cancel"
            pending={reply.isPending}
            onCancel={close}
          />
        </FormWithSummary>
      )}
    </OpenedByButton>
  );
}

function RemoveReview({ review, sellerId }: { review: Review; sellerId: string }) {
  const form = useForm<ReviewRemovalInput, unknown, z.output<typeof reviewRemovalSchema>>({
    resolver: zodResolver(reviewRemovalSchema),
    defaultValues: { reason: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["reason"]);
  const removal = useMutation({
    mutationFn: ({ reason }: { reason: string }) => removeReview(review.id, reason),
    onSuccess: useRefreshSeller(sellerId),
    onError: failures.onServerError,
  });
  return (
    <OpenedByButton opener="Remove review" openerClass="btn-outline btn-error">
      {(close) => (
        <FormWithSummary
          summary={failures.summary}
          onSubmit={failures.handleSubmit((input) => removal.mutate(input))}
          className="flex flex-col gap-2"
        >
          <TextField
            label="Why remove this review?"
            hint={`The reason is kept with the removal, with your name and the time. Up to ${groupedNumber(REMOVAL_REASON_MAX)} characters.`}
            {...bindField(form, "reason")}
          />
          <FormButtons
            send="Remove review"
            sendClass="btn-error"
            cancel="Keep it"
            pending={removal.isPending}
            onCancel={close}
          />
        </FormWithSummary>
      )}
    </OpenedByButton>
  );
}
