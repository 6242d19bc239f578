import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useRef } from "react";
import { LoadMore } from "#src/client/components/load-more";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { BikeGrid } from "./bike-grid";

/** What a list of bikes fetched a page at a time (by cursor) offers. */
export type PagedBikes = Pick<
  UseInfiniteQueryResult<InfiniteData<{ items: ListedBike[] }, unknown>>,
  "data" | "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage"
>;

interface BikePagesProps {
  pages: PagedBikes;
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/** The main list of a page (search, a brand): the cards so far and 'Load more' for the next page. */
export function BikePages({ pages, onBuy, onBuyIntent }: BikePagesProps) {
  const list = useRef<HTMLUListElement>(null);
  const bikes = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <BikeGrid
        listRef={list}
        bikes={bikes}
        titleAs="h2"
        onBuy={onBuy}
        onBuyIntent={onBuyIntent}
        firstRowEager
      />
      <LoadMore what="bikes" pages={pages} list={list} />
    </>
  );
}
