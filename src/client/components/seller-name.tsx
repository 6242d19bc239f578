import { Link } from "react-router";
import type { SellerRating as Rating } from "#src/shared/schemas/bikes";
import { SellerRating } from "./seller-rating";
import { VerifiedMark } from "./verified-mark";

interface SellerNameProps {
  seller: { id: string | null; name: string; verified?: boolean; rating?: Rating };
}

/**
 * "Seller: name ✓ ★★★★☆ 4.3 (12)" wherever a bike or a booking names its
 * seller; the name links to their profile (/sellers/:id) while the account exists.
 */
export function SellerName({ seller }: SellerNameProps) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      {seller.id ? (
        <Link
          to={`/sellers/${seller.id}`}
          className="link link-hover inline-flex min-h-6 items-center font-medium"
        >
          {seller.name}
        </Link>
      ) : (
        <span className="font-medium">{seller.name}</span>
      )}
      {seller.verified ? <VerifiedMark /> : null}
      {seller.rating ? <SellerRating rating={seller.rating} /> : null}
    </span>
  );
}
