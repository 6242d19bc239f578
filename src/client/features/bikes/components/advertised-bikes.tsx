import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "#src/client/components/query-states";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { advertisedBikesQuery } from "../api";
import { BikeGrid } from "./bike-grid";

interface AdvertisedBikesProps {
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/**
 * Home's 'Advertised' section: bikes their sellers chose to promote, while
 * they are available. With none, the section is not there at all; while
 * loading it takes no room, so the page below doesn't jump if there are none.
 */
export function AdvertisedBikes({ onBuy, onBuyIntent }: AdvertisedBikesProps) {
  const advertised = useQuery(advertisedBikesQuery);
  if (advertised.isPending) return null;
  if (advertised.isError) {
    return (
      <div className="mx-auto w-full max-w-7xl px-6">
        <ErrorState what="the advertised bikes" query={advertised} />
      </div>
    );
  }
  if (advertised.data.items.length === 0) return null;
  return (
    <section aria-labelledby="advertised-heading" className="mx-auto w-full max-w-7xl px-6 pt-12">
      <h2 id="advertised-heading" className="text-2xl font-bold sm:text-3xl">
        Advertised
      </h2>
      <p className="mt-2 mb-6 text-base-content/80">
        Bikes their sellers are promoting right now, ready to book.
      </p>
      <BikeGrid
        bikes={advertised.data.items}
        titleAs="h3"
        onBuy={onBuy}
        onBuyIntent={onBuyIntent}
      />
    </section>
  );
}
