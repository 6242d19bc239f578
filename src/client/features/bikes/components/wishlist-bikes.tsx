import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { FIRST_WISHLIST_ITEM_DISCOUNT } from "#src/shared/promotions";
import { wishlistQuery } from "../api";
import { BikeGrid } from "./bike-grid";

interface WishlistBikesProps {
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/**
 * The saved bikes, oldest first, each with its current status. The first
 * one earns the wishlist discount (PRODUCT.md §4) while it can be booked.
 */
export function WishlistBikes({ onBuy, onBuyIntent }: WishlistBikesProps) {
  const wishlist = useQuery(wishlistQuery);
  if (wishlist.isPending) return <LoadingState label="Loading your wishlist..." />;
  if (wishlist.isError) {
    return <ErrorState what="your wishlist" query={wishlist} />;
  }
  const bikes = wishlist.data.items.map((entry) => entry.bike);
  if (bikes.length === 0) {
    return (
      <EmptyState title="Your wishlist is empty.">
        <p>Press the heart on any bike to save it here for later.</p>
        <Link to="/#categories" className="btn btn-primary mt-4">
          Browse bikes
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="mt-6">
      <BikeGrid
        bikes={bikes}
        titleAs="h3"
        onBuy={onBuy}
        onBuyIntent={onBuyIntent}
        noteFor={(bike, index) =>
          index === 0 && bike.status === "available" ? (
            <p className="badge badge-success badge-soft h-auto py-1 font-semibold">
              {FIRST_WISHLIST_ITEM_DISCOUNT}% off — your first wishlist bike
            </p>
          ) : null
        }
      />
    </div>
  );
}
