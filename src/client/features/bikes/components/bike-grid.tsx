import type { ReactNode, Ref } from "react";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { useMe } from "#src/client/lib/session";
import { BikeCard, type BikeCardProps } from "./bike-card";

interface BikeGridProps extends Pick<BikeCardProps, "onBuy" | "onBuyIntent" | "titleAs"> {
  bikes: ListedBike[];
  noteFor?: (bike: ListedBike) => ReactNode;
  /** The page's main content: the first row's pictures load at once rather than lazily. */
  firstRowEager?: boolean;
  /** The list element, for 'Load more' to move focus into what it brought. */
  listRef?: Ref<HTMLUListElement>;
}

/**
 * Bike cards in a responsive grid: one column on phones, up to three on wide
 * screens. One or two cards are centred at a column's width, rather than
 * left alone at the start of an empty row.
 */
export function BikeGrid({
  bikes,
  noteFor,
  firstRowEager = false,
  listRef,
  ...card
}: BikeGridProps) {
  // One session observer for the page of cards rather than one per card (less to hydrate).
  const { data: user } = useMe();
  const few = bikes.length < 3;
  return (
    <ul
      ref={listRef}
      className={
        few ? "flex flex-wrap justify-center gap-6" : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {bikes.map((bike, index) => (
        <li
          key={bike.id}
          className={
            few ? "w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]" : undefined
          }
        >
          <BikeCard
            bike={bike}
            user={user}
            note={noteFor?.(bike)}
            eager={firstRowEager && index < 3}
            {...card}
          />
        </li>
      ))}
    </ul>
  );
}
