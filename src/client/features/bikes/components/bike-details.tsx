import type { ReactNode } from "react";
import { Price } from "#src/client/components/price";
import { SellerName } from "#src/client/components/seller-name";
import { TimeAgo } from "#src/client/components/time-ago";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { usePageTitle } from "#src/client/lib/page-title";
import { useMe } from "#src/client/lib/session";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import { detailFacts } from "../listing-details";
import { OwnBikeStanding, YourBookingStanding } from "./bike-standing";
import { BikeStatusBadge } from "./bike-status-badge";
import { BuyButton } from "./buy-button";
import { Fact } from "./fact";
import { FairPriceBadge } from "./fair-price-badge";
import { HiddenNotice } from "./hidden-notice";
import { PhotoGallery } from "./photo-gallery";
import { WishlistButton } from "./wishlist-button";

interface BikeDetailsProps {
  bike: BikeDetail;
  /** What the buyer would pay (the bookings feature's summary of `bike.quote`). */
  quote: ReactNode;
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
  /** Under the seller's name: 'Message seller' (the conversations feature), for someone else's bike. */
  contact?: ReactNode;
  /** Below everything: 'Report this listing', an admin's hide / show (the moderation feature). */
  moderation?: ReactNode;
}

/** /bikes/:id: everything about one listing, its photos, the price to pay and 'Buy'. */
export function BikeDetails({
  bike,
  quote,
  onBuy,
  onBuyIntent,
  contact,
  moderation,
}: BikeDetailsProps) {
  const { data: user } = useMe();
  usePageTitle(bike.title);
  return (
    <article className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2">
      <PhotoGallery
        photos={bike.photos}
        fallbackUrl={bike.imageUrl}
        alt={`${bike.name}: ${bike.title}`}
      />
      <div className="flex flex-col gap-4">
        <HiddenNotice hidden={bike.hidden} />
        <div className="flex flex-wrap items-center gap-2">
          <BikeStatusBadge status={bike.status} showAvailable />
          <span className="badge badge-secondary badge-soft">{bike.categoryName}</span>
          <FairPriceBadge fairPrice={bike.fairPrice} />
        </div>
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">{bike.title}</h1>
          <WishlistButton bike={bike} user={user} />
        </div>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
          <span className="text-base-content/75">Seller:</span>
          <SellerName seller={bike.seller} />
        </p>
        {bike.ownBike ? null : contact}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Fact wrap term="Bike name">
            {bike.name}
          </Fact>
          <Fact wrap term="Category">
            {bike.categoryName}
          </Fact>
          <Fact wrap term="Location">
            {bike.location}
          </Fact>
          <Fact wrap term="Years of use">
            {bike.yearsOfUse}
          </Fact>
          {detailFacts(bike).map((fact) => (
            <Fact wrap key={fact.term} term={fact.term}>
              {fact.value}
            </Fact>
          ))}
          <Fact wrap term="Original price">
            <Price amount={bike.originalPrice} />
          </Fact>
          <Fact wrap term="Resale price">
            <Price amount={bike.resalePrice} className="text-base font-bold text-primary" />
          </Fact>
          {bike.phone ? (
            <Fact wrap term="Phone">
              {bike.phone}
            </Fact>
          ) : null}
          <Fact wrap term="Posted">
            <TimeAgo iso={bike.postedAt} />
          </Fact>
        </dl>
        <section aria-labelledby="bike-description">
          <h2 id="bike-description" className="text-lg font-semibold">
            Description
          </h2>
          <p className="mt-1 whitespace-pre-line text-base-content/85">
            {bike.description ?? "The seller added no description."}
          </p>
        </section>
        {bike.ownBike ? (
          <OwnBikeStanding bike={bike} />
        ) : bike.yourBooking ? (
          <YourBookingStanding booking={bike.yourBooking} />
        ) : (
          <>
            {/* A booked or sold bike says so (below 'Buy') instead of quoting a price. */}
            {bike.status === "available" ? (
              <section
                aria-labelledby="bike-quote"
                className="rounded-box border border-base-300 bg-base-100 p-4"
              >
                <h2 id="bike-quote" className="mb-2 text-lg font-semibold">
                  Your price
                </h2>
                {quote}
              </section>
            ) : null}
            <BuyButton bike={bike} user={user} onBuy={onBuy} onIntent={onBuyIntent} />
          </>
        )}
        {moderation}
      </div>
    </article>
  );
}
