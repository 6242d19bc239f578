import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Price } from "#src/client/components/price";
import { SellerName } from "#src/client/components/seller-name";
import { TimeAgo } from "#src/client/components/time-ago";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { CARD_SIZES, photoSources } from "#src/client/lib/photo-sources";
import type { User } from "#src/shared/schemas/users";
import { NOT_GIVEN, yearAndMileage } from "../listing-details";
import { BikeStatusBadge } from "./bike-status-badge";
import { BuyButton } from "./buy-button";
import { Fact } from "./fact";
import { FairPriceBadge } from "./fair-price-badge";
import { WishlistButton } from "./wishlist-button";

export interface BikeCardProps {
  bike: ListedBike;
  /** Who is looking (undefined while the session is asked for): the grid asks once for all its cards. */
  user: User | null | undefined;
  onBuy: (bike: ListedBike) => void;
  onBuyIntent?: () => void;
  /** The card title's level: h2 under a page's h1, h3 under a section's h2. */
  titleAs?: "h2" | "h3";
  /** A line above the title, e.g. a promotion that applies to this bike. */
  note?: ReactNode;
  /** Extra lines below the facts, e.g. a price hint. */
  children?: ReactNode;
  /** On the first screen: its picture loads at once, first (it is what the page is waiting for). */
  eager?: boolean;
}

/**
 * One listing as buyers see it, on the category page, home's Advertised
 * section, the wishlist and search results.
 */
export function BikeCard({
  bike,
  user,
  onBuy,
  onBuyIntent,
  titleAs = "h3",
  note,
  children,
  eager = false,
}: BikeCardProps) {
  const titleId = useId();
  const Title = titleAs;
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="relative aspect-[4/3] bg-base-200">
        {/* The title's link is the one screen readers hear; the picture is a second, bigger target. */}
        <Link to={`/bikes/${bike.id}`} tabIndex={-1} aria-hidden="true" className="block h-full">
          <img
            {...photoSources(bike.imageUrl, CARD_SIZES)}
            alt={`${bike.name}: ${bike.title}`}
            width="800"
            height="600"
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </Link>
        <div className="absolute top-3 left-3">
          <BikeStatusBadge status={bike.status} />
        </div>
        <div className="absolute top-3 right-3">
          <WishlistButton bike={bike} user={user} />
        </div>
      </figure>
      <div className="card-body gap-3 p-5">
        {note}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Title id={titleId} className="card-title text-lg leading-snug">
            <Link to={`/bikes/${bike.id}`} className="link-hover focus-visible:underline">
              {bike.title}
            </Link>
          </Title>
          <span className="badge badge-secondary badge-soft shrink-0">{bike.name}</span>
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
          <span className="text-base-content/75">Seller:</span>
          <SellerName seller={bike.seller} />
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <Fact term="Location">{bike.location}</Fact>
          <Fact term="Years of use">{bike.yearsOfUse}</Fact>
          <Fact term="Year · mileage">{yearAndMileage(bike)}</Fact>
          <Fact term="Engine">{bike.engineCc === null ? NOT_GIVEN : `${bike.engineCc} cc`}</Fact>
          <Fact term="Original price">
            <Price amount={bike.originalPrice} />
          </Fact>
          <Fact term="Resale price">
            <Price amount={bike.resalePrice} className="text-base font-bold text-primary" />
          </Fact>
        </dl>
        <FairPriceBadge fairPrice={bike.fairPrice} />
        {children}
        <p className="text-xs text-base-content/75">
          <TimeAgo iso={bike.postedAt} prefix="Posted" />
        </p>
        <div className="card-actions mt-auto">
          <BuyButton bike={bike} user={user} onBuy={onBuy} onIntent={onBuyIntent} />
        </div>
      </div>
    </article>
  );
}
