import type { InfiniteData } from "@tanstack/react-query";
import type { Page } from "#src/shared/schemas/bikes";
import { queryClient } from "./query-client";

/**
 * Changes the items of a list fetched a page at a time, in whichever loaded
 * page holds them: a card changed on the third page changes where it is.
 * Every cached list whose key starts with `listKey` is changed (an admin's
 * search of accounts as well as the whole list).
 */
export function updatePagedItems<T>(listKey: readonly string[], change: (items: T[]) => T[]): void {
  queryClient.setQueriesData<InfiniteData<Page<T>, string | null>>(
    { queryKey: listKey },
    (current) =>
      current
        ? {
            ...current,
            pages: current.pages.map((page) => ({ ...page, items: change(page.items) })),
          }
        : current,
  );
}
