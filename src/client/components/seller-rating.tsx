import type { SellerRating as Rating } from "#src/shared/schemas/bikes";

/** "4.3 out of 5 stars, 12 reviews": the words a screen reader says for a rating. */
export function ratingInWords(rating: Rating): string {
  if (rating.count === 0 || rating.average === null) return "No reviews yet";
  const reviews = rating.count === 1 ? "1 review" : `${rating.count} reviews`;
  return `${rating.average.toFixed(1)} out of 5 stars, ${reviews}`;
}

/**
 * A seller's average and count: stars drawn as text (★★★★☆) with the number
 * beside them. Screen readers hear it once, in words ("4.3 out of 5 stars,
 * 12 reviews"); the stars and digits are hidden from them.
 */
export function SellerRating({ rating, className = "" }: { rating: Rating; className?: string }) {
  const words = ratingInWords(rating);
  if (rating.count === 0 || rating.average === null) {
    return <span className={`text-sm text-base-content/75 ${className}`}>No reviews yet</span>;
  }
  return (
    <span className={`inline-flex items-center gap-1 text-sm whitespace-nowrap ${className}`}>
      <span className="sr-only">{words}</span>
      <Stars value={rating.average} />
      <span aria-hidden="true" className="font-semibold">
        {rating.average.toFixed(1)}
      </span>
      <span aria-hidden="true" className="text-base-content/75">
        ({rating.count})
      </span>
    </span>
  );
}

/** Whole stars, rounded to the nearest: ★ filled, ☆ empty. Decoration beside the words. */
export function Stars({ value }: { value: number }) {
  const filled = Math.round(value);
  return (
    <span aria-hidden="true" className="tracking-tight text-warning">
      {"★".repeat(filled)}
      <span className="text-base-content/40">{"☆".repeat(5 - filled)}</span>
    </span>
  );
}
