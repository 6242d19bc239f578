import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { Link } from "react-router";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { FIRST_WISHLIST_ITEM_DISCOUNT } from "#src/shared/promotions";
import { wishlistQuery } from "../wishlist-api";
import { BikeGrid } from "./bike-grid";

interface WishlistBikesProps {
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/**
 * The saved bikes, newest first, a page at a time, each with its current
 * status. The first bike the buyer ever saved earns the wishlist discount
 * (PRODUCT.md §4) while it can be booked: the server marks it, since a bike
 * removed and saved again, or removed for good, never hands it on.
 */
export function WishlistBikes({ onBuy, onBuyIntent }: WishlistBikesProps) {
  const wishlist = useInfiniteQuery(wishlistQuery);
  const list = useRef<HTMLUListElement>(null);
  if (wishlist.isPending) return <LoadingState label="Loading your wishlist..." />;
  if (wishlist.isError) {
    return <ErrorState what="your wishlist" query={wishlist} />;
  }
  const entries = wishlist.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return (
      <EmptyState title="Your wishlist is empty.">
        <p>Press the heart on any bike to save it here for later.</p>
        <Link to="/#categories" className="btn btn-primary mt-4">
          Browse bikes
        </Link>
      </EmptyState>
    );
  }
  const promoted = entries.find((entry) => entry.firstWishlistItem)?.bike.id;
  return (
    <div className="mt-6">
      <BikeGrid
        bikes={entries.map((entry) => entry.bike)}
        listRef={list}
        titleAs="h3"
        onBuy={onBuy}
        onBuyIntent={onBuyIntent}
        noteFor={(bike) =>
          bike.id === promoted && bike.status === "available" ? (
            <p className="badge badge-success badge-soft h-auto py-1 font-semibold">
              {FIRST_WISHLIST_ITEM_DISCOUNT}% off — your first wishlist bike
            </p>
          ) : null
        }
      />
      <LoadMore what="saved bikes" pages={wishlist} list={list} />
    </div>
  );
}
