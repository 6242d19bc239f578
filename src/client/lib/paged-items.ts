import type { InfiniteData } from "@tanstack/react-query";
import type { Page } from "#src/shared/schemas/bikes";
import { queryClient } from "./query-client";

/**
 * Changes the items of a list fetched a page at a time, in whichever loaded
 * page holds them: a card changed on the third page changes where it is.
 */
export function updatePagedItems<T>(listKey: readonly string[], change: (items: T[]) => T[]): void {
  queryClient.setQueryData<InfiniteData<Page<T>, string | null>>(listKey, (current) =>
    current
      ? { ...current, pages: current.pages.map((page) => ({ ...page, items: change(page.items) })) }
      : current,
  );
}
