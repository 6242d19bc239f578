import type { ReactNode } from "react";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { BikeCard, type BikeCardProps } from "./bike-card";

interface BikeGridProps extends Pick<BikeCardProps, "onBuy" | "onBuyIntent" | "titleAs"> {
  bikes: ListedBike[];
  noteFor?: (bike: ListedBike, index: number) => ReactNode;
  /** The page's main content: the first row's pictures load at once rather than lazily. */
  firstRowEager?: boolean;
}

/** Bike cards in a responsive grid: one column on phones, up to three on wide screens. */
export function BikeGrid({ bikes, noteFor, firstRowEager = false, ...card }: BikeGridProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {bikes.map((bike, index) => (
        <li key={bike.id}>
          <BikeCard
            bike={bike}
            note={noteFor?.(bike, index)}
            eager={firstRowEager && index < 3}
            {...card}
          />
        </li>
      ))}
    </ul>
  );
}
