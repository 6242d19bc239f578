import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef } from "react";

/** What 'Load more' needs of a list fetched a page at a time (TanStack Query's infinite query). */
export type NextPages = Pick<
  UseInfiniteQueryResult,
  "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage"
>;

interface LoadMoreProps {
  pages: NextPages;
  /** What the list holds, for the failure: "Could not load more <what>." */
  what: string;
  /** The list the pages go into (its children are the items). */
  list: RefObject<HTMLElement | null>;
  /** The button's words, when the list has its own ('Show older'). */
  label?: string;
}

/**
 * 'Load more' under a list paged by cursor, and what went wrong when it did.
 * Once the next page is in, focus moves to its first item: the button is gone
 * after the last page, and focus left on nothing would send a keyboard or
 * screen-reader user back to the top of the page.
 */
export function LoadMore({ pages, what, list, label = "Load more" }: LoadMoreProps) {
  const button = useRef<HTMLButtonElement>(null);
  // Where the next page's first item will be, while that page is on its way.
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    const item = index === null ? null : list.current?.children.item(index);
    if (!(item instanceof HTMLElement)) return;
    firstNew.current = null;
    // Only if focus is still where the press left it: never taken from a field typed in meanwhile.
    const active = document.activeElement;
    if (active === button.current || active === document.body || active === null) focusOn(item);
  });

  const load = () => {
    firstNew.current = list.current?.children.length ?? null;
    void pages.fetchNextPage();
  };

  return (
    <>
      {pages.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <button
            ref={button}
            type="button"
            className="btn btn-outline btn-wide"
            disabled={pages.isFetchingNextPage}
            onClick={load}
          >
            {pages.isFetchingNextPage ? (
              <>
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                Loading...
              </>
            ) : (
              label
            )}
          </button>
        </div>
      ) : null}
      {pages.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-error">
          Could not load more {what}. Please try again.
        </p>
      ) : null}
    </>
  );
}

/** The item's first link or button, or the item itself when it has none. */
function focusOn(item: HTMLElement): void {
  const control = item.querySelector<HTMLElement>("a[href], button:not([disabled])");
  if (control) {
    control.focus();
    return;
  }
  item.tabIndex = -1;
  item.focus();
}
