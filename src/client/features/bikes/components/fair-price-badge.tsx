import { useId } from "react";
import type { FairPrice, FairPriceRating } from "#src/shared/fair-price";

const look: Record<FairPriceRating, { label: string; className: string }> = {
  good: { label: "Good price", className: "badge-success" },
  fair: { label: "Fair price", className: "badge-info" },
  high: { label: "High price", className: "badge-warning" },
};

/**
 * The fair-price hint (docs/fair-price.md). Nothing shows without enough
 * comparables (null) or where the server didn't compute it (absent). The
 * basis is both a hover tooltip (title) and the badge's accessible
 * description, so keyboard and screen-reader users get the sentence too.
 */
export function FairPriceBadge({ fairPrice }: { fairPrice: FairPrice | null | undefined }) {
  const basisId = useId();
  if (!fairPrice) return null;
  const { label, className } = look[fairPrice.rating];
  return (
    <span className="inline-flex">
      <span
        // Focusable so keyboard users can reach the tooltip too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the badge carries a tooltip
        tabIndex={0}
        title={fairPrice.basis}
        aria-describedby={basisId}
        className={`badge badge-soft font-semibold ${className} focus-visible:outline-2 focus-visible:outline-offset-2`}
      >
        {label}
      </span>
      <span id={basisId} className="sr-only">
        {fairPrice.basis}
      </span>
    </span>
  );
}
