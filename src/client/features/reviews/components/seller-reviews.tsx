import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ActionError } from "#src/client/components/action-error";
import { ErrorState, LoadingState } from "#src/client/components/query-states";
import { Stars } from "#src/client/components/seller-rating";
import { TimeAgo } from "#src/client/components/time-ago";
import { errorMessage } from "#src/client/lib/api-client";
import { queryKeys } from "#src/client/lib/query-keys";
import { useMe } from "#src/client/lib/session";
import { groupedNumber } from "#src/shared/numbers";
import {
  REMOVAL_REASON_MAX,
  REVIEW_TEXT_MAX,
  type Review,
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
        <ul className="flex flex-col gap-4">
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
      {reviews.hasNextPage ? (
        <button
          type="button"
          className="btn btn-outline self-center"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {reviews.isFetchingNextPage ? "Loading..." : "Show more reviews"}
        </button>
      ) : null}
      {reviews.isFetchNextPageError ? (
        <ActionError message="Could not load more reviews. Please try again." />
      ) : null}
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

/** A small form of one text field, checked with the server's schema before it is sent. */
function useTextForm(
  check: (text: string) => string | null,
  send: (text: string) => Promise<unknown>,
  onSent: () => Promise<unknown>,
) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (failure) => setError(errorMessage(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(text);
    setError(problem);
    if (!problem) mutation.mutate(text);
  };
  return { text, setText, error, submit, pending: mutation.isPending };
}

function ReplyForm({ review, sellerId }: { review: Review; sellerId: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const form = useTextForm(
    (text) => {
      const parsed = replyInputSchema.safeParse({ text });
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check the reply");
    },
    (text) => replyToReview(review.id, text),
    useRefreshSeller(sellerId),
  );
  if (!open) {
    return (
      <div className="card-actions justify-end">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
          Reply
        </button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Your reply
      </label>
      <textarea
        id={id}
        rows={3}
        className={`textarea w-full ${form.error ? "textarea-error" : ""}`}
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={`${id}-hint${form.error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/75">
        You can reply once; a reply can't be changed. Up to {groupedNumber(REVIEW_TEXT_MAX)}{" "}
        characters.
      </p>
      {form.error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-error">
          <span className="sr-only">Error: </span>
          <span>{form.error}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={form.pending}>
          {form.pending ? "Loading..." : "Post reply"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveReview({ review, sellerId }: { review: Review; sellerId: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const form = useTextForm(
    (reason) => {
      const parsed = reviewRemovalSchema.safeParse({ reason });
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check the reason");
    },
    (reason) => removeReview(review.id, reason),
    useRefreshSeller(sellerId),
  );
  if (!open) {
    return (
      <div className="card-actions justify-end">
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          onClick={() => setOpen(true)}
        >
          Remove review
        </button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        Why remove this review?
      </label>
      <input
        id={id}
        className={`input w-full ${form.error ? "input-error" : ""}`}
        value={form.text}
        maxLength={REMOVAL_REASON_MAX + 50}
        onChange={(event) => form.setText(event.target.value)}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={`${id}-hint${form.error ? ` ${id}-error` : ""}`}
      />
      <p id={`${id}-hint`} className="text-sm text-base-content/75">
        The reason is kept with the removal, with your name and the time.
      </p>
      {form.error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-error">
          <span className="sr-only">Error: </span>
          <span>{form.error}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-error btn-sm" disabled={form.pending}>
          {form.pending ? "Loading..." : "Remove review"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </form>
  );
}
